#include "show.h"

#include "show.h"
int show_html(const struct view *v, const char *path)
{
	(void)v;
	fprintf(stderr, "show: --html %s: not in this build yet\n", path);
	return 1;
}

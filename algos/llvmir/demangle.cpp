/* Source names of mangled symbols, by LLVM's demangler (Itanium C++, Rust legacy and v0, D), for
 * choosing functions by the name a programmer wrote. The one C++ file of the importer: LLVM's C
 * API has no demangler. */
#include <llvm/Demangle/Demangle.h>

#include <cstdlib>
#include <cstring>
#include <string>

extern "C" char *llvmir_demangle(const char *symbol);

/* The symbol's qualified name without parameters, malloc'd; NULL when it is not mangled (a C
 * name), cannot be demangled, or memory is short. */
char *llvmir_demangle(const char *symbol)
{
	std::string out;
	try {
		if (!llvm::nonMicrosoftDemangle(symbol, out, true, false) || out.empty())
			return nullptr;
	} catch (...) {
		return nullptr;
	}
	return strdup(out.c_str());
}

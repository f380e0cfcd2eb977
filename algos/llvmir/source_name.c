/* Functions chosen by the names programmers write: a C++ or Rust function's symbol is mangled
 * ("_ZN12regex_syntax3ast5parse6Parser5parse17h0123456789abcdefE"), so --function matches its
 * demangled source name too. The demangling itself is LLVM's (demangle.cpp). */
#include "llvmir/llvmir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *llvmir_demangle(const char *symbol); /* demangle.cpp */

/* rustc's legacy mangling spells what an identifier cannot hold as $..$ escapes and "::" inside
 * a component as ".."; the Itanium demangler leaves them ("_$LT$a..B$u20$as$u20$C$GT$"). */
static const struct {
	const char *esc;
	char c;
} rust_escapes[] = {{"$LT$", '<'}, {"$GT$", '>'}, {"$RF$", '&'}, {"$BP$", '*'}, {"$SP$", '@'},
		    {"$LP$", '('}, {"$RP$", ')'}, {"$C$", ','}};

/* s's Rust legacy escapes decoded in place (the text only shrinks). */
static void rust_unescape(char *s)
{
	char *w = s;
	for (const char *r = s; *r;) {
		bool start = r == s || (r - s >= 2 && r[-1] == ':' && r[-2] == ':');
		if (start && r[0] == '_' && r[1] == '$') {
			r++; /* a component that starts with an escape gets a '_' before it */
			continue;
		}
		if (r[0] == '.' && r[1] == '.') {
			*w++ = ':';
			*w++ = ':';
			r += 2;
			continue;
		}
		size_t i = 0, k = sizeof rust_escapes / sizeof rust_escapes[0];
		while (i < k && strncmp(r, rust_escapes[i].esc, strlen(rust_escapes[i].esc)))
			i++;
		if (i < k) {
			*w++ = rust_escapes[i].c;
			r += strlen(rust_escapes[i].esc);
			continue;
		}
		unsigned c;
		int used = 0;
		if (r[0] == '$' && r[1] == 'u' && sscanf(r, "$u%2x$%n", &c, &used) == 1 && used == 5 &&
		    c >= 0x20 && c < 0x7f) {
			*w++ = (char)c;
			r += 5;
			continue;
		}
		*w++ = *r++;
	}
	*w = 0;
}

char *llvmir_source_name(const char *symbol)
{
	char *s = llvmir_demangle(symbol);
	if (!s)
		return NULL;
	/* a Rust legacy symbol ends in a hash component that no source spells */
	size_t k = strlen(s);
	if (k > 19 && !memcmp(s + k - 19, "::h", 3) && strspn(s + k - 16, "0123456789abcdef") == 16) {
		s[k - 19] = 0;
		rust_unescape(s);
	}
	return s;
}

/* Where the last component of a qualified name starts: after the last "::" outside <...> and
 * (...) ("<x::Ast as core::fmt::Debug>::fmt" -> "fmt"). */
static const char *last_component(const char *s)
{
	const char *last = s;
	int depth = 0;
	for (const char *p = s; *p; p++)
		if (*p == '<' || *p == '(')
			depth++;
		else if ((*p == '>' || *p == ')') && depth > 0)
			depth--;
		else if (!depth && p[0] == ':' && p[1] == ':')
			last = p + 2;
	return last;
}

/* The length of s[0, len) without a trailing template argument list ("bar<int>" -> "bar"). */
static size_t without_targs(const char *s, size_t len)
{
	if (!len || s[len - 1] != '>')
		return len;
	int depth = 0;
	for (size_t i = len; i-- > 0;) {
		if (s[i] == '>')
			depth++;
		else if (s[i] == '<' && --depth == 0)
			return i;
	}
	return len;
}

static bool names(const char *query, const char *s, size_t len)
{
	size_t q = strlen(query), t = without_targs(s, len);
	return (q == len && !memcmp(query, s, len)) || (t && q == t && !memcmp(query, s, t));
}

bool llvmir_name_matches(const char *symbol, const char *source, const char *query)
{
	if (!strcmp(symbol, query))
		return true;
	if (!source)
		return false;
	const char *last = last_component(source);
	return names(query, source, strlen(source)) || names(query, last, strlen(last));
}

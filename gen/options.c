/* The generator options, parsed by one function for both gen and bench, so the two commands
 * accept the same spellings and refuse the same mistakes: a bad value, an option given twice,
 * a family parameter the chosen family does not read, a program option without a program. */
#include "gen/gen.h"
#include "gen/stream.h"
#include "util/status.h"

#include <stdio.h>
#include <string.h>

static const struct {
	const char *name;
	const char *families; /* space-separated families that read it; NULL: every family */
	bool flag;
	bool program;         /* read only when a program is generated */
} opts[GEN_NOPTS] = {
	[GEN_OPT_FAMILY] = {"family", NULL, false, false},
	[GEN_OPT_BLOCKS] = {"blocks", NULL, false, false},
	[GEN_OPT_SEED] = {"seed", NULL, false, false},
	[GEN_OPT_EDGES] = {"edges", "itworst", false, false},
	[GEN_OPT_DEGREE] = {"degree", "random dense", false, false},
	[GEN_OPT_GOTO] = {"goto", "structured", false, false},
	[GEN_OPT_DEPTH] = {"depth", "structured", false, false},
	[GEN_OPT_VARS] = {"vars", NULL, false, false},
	[GEN_OPT_DEFS] = {"defs", NULL, false, true},
	[GEN_OPT_USES] = {"uses", NULL, false, true},
	[GEN_OPT_LOCALITY] = {"locality", NULL, false, true},
	[GEN_OPT_DEF_AT_ENTRY] = {"def-at-entry", NULL, true, true},
};

void gen_options_init(struct gen_options *o)
{
	memset(o, 0, sizeof *o);
	gen_params_default(&o->p);
}

int gen_option_find(const char *name, size_t len, bool *flag)
{
	for (int i = 0; i < GEN_NOPTS; i++)
		if (strlen(opts[i].name) == len && !strncmp(opts[i].name, name, len)) {
			*flag = opts[i].flag;
			return i;
		}
	return -1;
}

const char *gen_option_name(int id)
{
	return id >= 0 && id < GEN_NOPTS ? opts[id].name : "?";
}

/* "2", "2.5", "1.75" -> hundredths, integer arithmetic only. */
static int parse_x100(const char *s, uint32_t *out)
{
	uint64_t whole = 0, frac = 0;
	int nd = 0, nf = 0;
	const char *c = s;
	for (; *c >= '0' && *c <= '9'; c++, nd++)
		if ((whole = whole * 10 + (uint64_t)(*c - '0')) > 1000000)
			return SSA_EUSAGE;
	if (*c == '.')
		for (c++; *c >= '0' && *c <= '9'; c++, nf++) {
			if (nf >= 2)
				return SSA_EUSAGE;
			frac = frac * 10 + (uint64_t)(*c - '0');
		}
	if (nd == 0 || *c)
		return SSA_EUSAGE;
	if (nf == 1)
		frac *= 10;
	*out = (uint32_t)(whole * 100 + frac);
	return SSA_OK;
}

static int parse_u32(const char *s, uint32_t *out)
{
	uint64_t v;
	if (gen_parse_count(s, &v) != SSA_OK || v > UINT32_MAX)
		return SSA_EUSAGE;
	*out = (uint32_t)v;
	return SSA_OK;
}

int gen_option_set(struct gen_options *o, int id, const char *val, char *err, size_t errlen)
{
	const char *name = gen_option_name(id);
	if (o->given & (1u << id)) {
		snprintf(err, errlen, "option '--%s' given twice", name);
		return SSA_EUSAGE;
	}
	if (opts[id].flag && val) {
		snprintf(err, errlen, "option '--%s' is a flag and takes no value (got '%s')", name,
			 val);
		return SSA_EUSAGE;
	}
	if (!opts[id].flag && (!val || !*val)) {
		snprintf(err, errlen, "option '--%s' needs a value", name);
		return SSA_EUSAGE;
	}
	o->given |= 1u << id;
	struct gen_params *p = &o->p;
	const char *want = NULL;
	uint64_t u64;
	switch (id) {
	case GEN_OPT_FAMILY:
		p->family = val;
		if (!gen_find(val)) {
			snprintf(err, errlen, "--family=%s: no such family (gen --list lists them)", val);
			return SSA_EUSAGE;
		}
		break;
	case GEN_OPT_BLOCKS:
		if (gen_parse_count(val, &p->blocks) != SSA_OK || p->blocks == 0)
			want = "a positive whole number such as 1000 or 1e6";
		break;
	case GEN_OPT_SEED:
		if (gen_parse_count(val, &u64) != SSA_OK)
			want = "a whole number";
		p->seed = u64;
		break;
	case GEN_OPT_EDGES:
		if (gen_parse_count(val, &p->edges) != SSA_OK || p->edges == 0)
			want = "a positive whole number such as 5e6";
		break;
	case GEN_OPT_DEGREE:
		if (parse_x100(val, &p->degree_x100) != SSA_OK || p->degree_x100 < 100)
			want = "a decimal >= 1 with at most 2 decimals, such as 2 or 2.5";
		break;
	case GEN_OPT_GOTO:
		if (parse_u32(val, &p->goto_permille) != SSA_OK || p->goto_permille > 1000)
			want = "0..1000 (per mille)";
		break;
	case GEN_OPT_DEPTH:
		if (parse_u32(val, &p->max_depth) != SSA_OK || p->max_depth < 1 ||
		    p->max_depth > GEN_MAX_DEPTH)
			want = "1..64";
		break;
	case GEN_OPT_VARS:
		if (parse_u32(val, &p->vars) != SSA_OK || p->vars > PROG_MAX_VARS)
			want = "a whole number up to 2147483647";
		break;
	case GEN_OPT_DEFS:
		if (parse_u32(val, &p->defs_per_var) != SSA_OK || !p->defs_per_var)
			want = "a positive whole number";
		break;
	case GEN_OPT_USES:
		if (parse_u32(val, &p->uses_per_var) != SSA_OK || !p->uses_per_var)
			want = "a positive whole number";
		break;
	case GEN_OPT_LOCALITY:
		if (parse_u32(val, &p->locality) != SSA_OK)
			want = "a whole number of blocks";
		break;
	case GEN_OPT_DEF_AT_ENTRY:
		p->define_at_entry = 1;
		break;
	}
	if (want) {
		snprintf(err, errlen, "--%s=%s: expected %s", name, val, want);
		return SSA_EUSAGE;
	}
	return SSA_OK;
}

static bool family_reads(int id, const char *family)
{
	const char *f = opts[id].families;
	size_t len = strlen(family);
	if (!f)
		return true;
	while (*f) {
		const char *end = strchr(f, ' ');
		size_t l = end ? (size_t)(end - f) : strlen(f);
		if (l == len && !strncmp(f, family, len))
			return true;
		f += l + (end ? 1 : 0);
	}
	return false;
}

int gen_options_check(const struct gen_options *o, bool program, bool from_file, char *err,
		      size_t errlen)
{
	for (int id = 0; id < GEN_NOPTS; id++) {
		if (!(o->given & (1u << id)))
			continue;
		bool shape = id != GEN_OPT_VARS && !opts[id].program;
		if (from_file && shape) {
			snprintf(err, errlen, "--in excludes --%s (the file is the input's CFG)",
				 opts[id].name);
			return SSA_EUSAGE;
		}
		if (!from_file && !family_reads(id, o->p.family)) {
			snprintf(err, errlen, "--%s: family %s does not read it (only %s)",
				 opts[id].name, o->p.family, opts[id].families);
			return SSA_EUSAGE;
		}
		if (opts[id].program && !program) {
			snprintf(err, errlen, "--%s: no program is generated (give --vars=V)",
				 opts[id].name);
			return SSA_EUSAGE;
		}
	}
	return SSA_OK;
}

/* ---- Stream options (gen/stream.h): gen's alone, so bench's parser never sees them. ---- */

static const struct {
	const char *name;
	bool flag;
} sopts[GEN_NSOPTS] = {
	[GEN_SOPT_STREAM] = {"stream", false},   [GEN_SOPT_UPDATES] = {"updates", false},
	[GEN_SOPT_BATCH] = {"batch", false},     [GEN_SOPT_UNROLL] = {"unroll", false},
	[GEN_SOPT_STREAM_OUT] = {"stream-out", false},
};

void gen_stream_options_init(struct gen_stream_options *o)
{
	memset(o, 0, sizeof *o);
	gen_stream_params_default(&o->sp);
}

int gen_stream_option_find(const char *name, size_t len)
{
	for (int i = 0; i < GEN_NSOPTS; i++)
		if (strlen(sopts[i].name) == len && !strncmp(sopts[i].name, name, len))
			return i;
	return -1;
}

int gen_stream_option_set(struct gen_stream_options *o, int id, const char *val, char *err,
			  size_t errlen)
{
	const char *name = id >= 0 && id < GEN_NSOPTS ? sopts[id].name : "?";
	if (o->given & (1u << id)) {
		snprintf(err, errlen, "option '--%s' given twice", name);
		return SSA_EUSAGE;
	}
	if (!val || !*val) {
		snprintf(err, errlen, "option '--%s' needs a value", name);
		return SSA_EUSAGE;
	}
	o->given |= 1u << id;
	const char *want = NULL;
	uint64_t v = 0;
	switch (id) {
	case GEN_SOPT_STREAM:
		o->sp.kind = val;
		if (!gen_stream_find(val)) {
			snprintf(err, errlen,
				 "--stream=%s: no such stream kind (gen --list-streams lists them)", val);
			return SSA_EUSAGE;
		}
		break;
	case GEN_SOPT_UPDATES:
		if (gen_parse_count(val, &v) != SSA_OK || v == 0 || v > GEN_STREAM_MAX_UPDATES)
			want = "a positive whole number up to 1e8, such as 1e5";
		o->sp.updates = v;
		break;
	case GEN_SOPT_BATCH:
		if (gen_parse_count(val, &v) != SSA_OK || v == 0 || v > UINT32_MAX)
			want = "a positive whole number (updates or transformations per batch)";
		o->sp.batch = (uint32_t)v;
		break;
	case GEN_SOPT_UNROLL:
		if (gen_parse_count(val, &v) != SSA_OK || v < 2 || v > GEN_STREAM_MAX_UNROLL)
			want = "an unroll factor from 2 to 64";
		o->sp.unroll = (uint32_t)v;
		break;
	case GEN_SOPT_STREAM_OUT:
		o->out = val;
		break;
	}
	if (want) {
		snprintf(err, errlen, "--%s=%s: expected %s", name, val, want);
		return SSA_EUSAGE;
	}
	return SSA_OK;
}

int gen_stream_options_check(const struct gen_stream_options *o, char *err, size_t errlen)
{
	if (!o->given)
		return SSA_OK;
	if (!(o->given & (1u << GEN_SOPT_STREAM))) {
		for (int id = 0; id < GEN_NSOPTS; id++)
			if (o->given & (1u << id)) {
				snprintf(err, errlen, "--%s: no stream is generated (give --stream=KIND)",
					 sopts[id].name);
				return SSA_EUSAGE;
			}
	}
	if (!o->out) {
		snprintf(err, errlen, "--stream=%s needs --stream-out FILE for the updates",
			 o->sp.kind);
		return SSA_EUSAGE;
	}
	const struct gen_stream_kind *k = gen_stream_find(o->sp.kind);
	if ((o->given & (1u << GEN_SOPT_UNROLL)) && strcmp(k->name, "unroll") != 0 &&
	    strcmp(k->name, "compiler") != 0) {
		snprintf(err, errlen, "--unroll: stream %s does not unroll (only unroll and compiler)",
			 k->name);
		return SSA_EUSAGE;
	}
	return SSA_OK;
}

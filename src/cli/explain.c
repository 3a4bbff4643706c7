/*
 * explain.c - the explain verb: draws a value's bits with the major and
 * minor fields marked, and says which branch of the compat rule applied.
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/number.h"
#include "base/text.h"
#include "cli/cli.h"
#include "cli/cli_output.h"
#include "cli/cli_layout.h"
#include "cli/env.h"
#include "codec/devreg.h"
#include "codec/procdev.h"
#include "sources/source.h"
#include "cli/verbs.h"

#define ROW_BITS 32

/* Describes the runs of set bits in mask, highest first: "31-16, 7-0". */
static void
describe_runs(char *buf, size_t len, uint64_t mask, unsigned width)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int bit = (int)width - 1; bit >= 0 && used < len; bit--) {
		int top = bit;

		if (!(mask >> bit & 1))
			continue;
		while (bit > 0 && (mask >> (bit - 1) & 1))
			bit--;
		used += (size_t)snprintf(buf + used, len - used, "%s%d-%d",
		    used ? ", " : "", top, bit);
	}
}

static char
field_mark(const struct dt_fields *f, unsigned bit)
{
	if (f->major_mask >> bit & 1)
		return 'M';
	if (f->minor_mask >> bit & 1)
		return 'm';
	return '.';
}

/*
 * Draws bits hi..lo in byte-aligned groups under a ruler of bit numbers;
 * each column is as wide as the wider of its bits and its label.
 */
static void
draw_row(uint64_t v, const struct dt_fields *f, unsigned hi, unsigned lo)
{
	char ruler[256] = "", value[256] = "", field[256] = "";
	size_t rn = 0, vn = 0, fn = 0;
	unsigned gl;

	for (unsigned gh = hi + 1; gh-- > lo; gh = gl) {
		char label[24];
		int bits, w;

		gl = gh / 8 * 8 > lo ? gh / 8 * 8 : lo;
		bits = (int)(gh - gl + 1);
		snprintf(label, sizeof(label), gh == gl ? "%u" : "%u-%u", gh,
		    gl);
		w = bits > (int)strlen(label) ? bits : (int)strlen(label);
		rn += (size_t)snprintf(ruler + rn, sizeof(ruler) - rn, " %-*s",
		    w, label);
		value[vn++] = field[fn++] = ' ';
		for (unsigned b = gh + 1; b-- > gl;) {
			value[vn++] = (char)('0' + (v >> b & 1));
			field[fn++] = field_mark(f, b);
		}
		for (int pad = bits; pad < w; pad++)
			value[vn++] = field[fn++] = ' ';
	}
	value[vn] = field[fn] = '\0';
	while (rn > 0 && ruler[rn - 1] == ' ')
		ruler[--rn] = '\0';
	while (vn > 0 && value[vn - 1] == ' ')
		value[--vn] = field[--fn] = '\0';
	printf("  bits  %s\n  value %s\n  field %s\n", ruler, value, field);
}

static const char *
branch_text(const struct dt_layout *l, const struct dt_fields *f)
{
	if (l->compat && f->narrow)
		return "compat rule, 8:8 branch: the pair fits 8 bits each, so "
		    "it keeps its old 16-bit value ma<<8 | mi";
	if (l->compat)
		return "compat rule, wide branch: the pair does not fit 8:8, "
		    "so the value is ma<<N | mi";
	if (l->format->packing == DT_PACK_SPLIT)
		return "plain split, no compat rule: ma<<N | mi";
	return "interleaved: fixed bit positions, no branches";
}

/* rule, when given, replaces the description of the branch taken. */
static void
draw(const struct dt_layout *l, uint64_t ma, uint64_t mi, uint64_t v,
    const char *rule)
{
	struct dt_fields f;
	char runs[96];

	dt_fields(l, v, &f);
	printf("range  %u bits, major 0-%ju, minor 0-%ju\n", l->width,
	    (uintmax_t)l->major_max, (uintmax_t)l->minor_max);
	printf("pair   %ju:%ju\n", (uintmax_t)ma, (uintmax_t)mi);
	printf("value  0x%0*jx = %ju\n", (int)((l->width + 3) / 4),
	    (uintmax_t)v, (uintmax_t)v);
	printf("rule   %s\n", rule != NULL ? rule : branch_text(l, &f));
	/* Rows of 32 bits, split where a 32-bit word would be. */
	for (unsigned hi = l->width - 1;; hi = hi / ROW_BITS * ROW_BITS - 1) {
		printf("\n");
		draw_row(v, &f, hi, hi / ROW_BITS * ROW_BITS);
		if (hi < ROW_BITS)
			break;
	}
	describe_runs(runs, sizeof(runs), f.major_mask, l->width);
	printf("\n  M  major %ju = 0x%jx in bits %s\n", (uintmax_t)ma,
	    (uintmax_t)ma, runs);
	describe_runs(runs, sizeof(runs), f.minor_mask, l->width);
	printf("  m  minor %ju = 0x%jx in bits %s\n", (uintmax_t)mi,
	    (uintmax_t)mi, runs);
}

/* The options of explain: its table stores into the run's instance. */
struct explain_opts {
	struct cli_layout_opts layout;	/* -f, --strict */
	int json;		/* --json, -o json */
	int json_array;		/* --json-array */
	char *output;		/* -o */
	char *value;		/* --value */
};

/*
 * The layout a number is explained under and why: typed numbers take
 * the verb's, a node's value is native unless -f was given; and the
 * options.
 */
struct ask {
	struct dt_layout layout;
	enum cli_layout_from from;
	const struct explain_opts *opts;
};

/* What is known of a device number, and where from (NAMES in devtool(1)). */
struct known {
	char type;		/* of a path's node; 0: both types asked */
	const char *path;	/* the operand, when it was a path */
	uint64_t major, minor, value;
};


/* The drivers of a major in /proc/devices: [0] character, [1] block. */
struct driver_ask {
	uint64_t major;
	char name[2][128];
};

static int
driver_of(void *ctx, char type, unsigned long major, const char *name,
    size_t namelen)
{
	struct driver_ask *a = ctx;
	char *buf = a->name[type == 'b'];
	size_t n = strlen(buf);

	if (major != a->major)
		return 0;
	/* 4 is /dev/vc/0, tty and ttyS: every one */
	snprintf(buf + n, sizeof(a->name[0]) - n, "%s%.*s", n ? ", " : "",
	    (int)namelen, name);
	return 0;
}

/* One name of one source, as a line or a JSON object. */
static void
put_name(bool json, bool *first, char type, const char *source,
    const char *name, const char *key, const char *detail)
{
	char q[DT_QUOTE_SIZE], qd[DT_QUOTE_SIZE];

	if (!json) {
		printf("%-9s%c %s", source, type, cli_quote(q, name));
		if (detail != NULL && *detail != '\0')
			printf(strcmp(key, "driver") == 0 ? " (driver %s)" :
			    ": %s", cli_quote(qd, detail));
		printf("\n");
		return;
	}
	printf("%s{\"source\":\"%s\",\"type\":\"%c\",\"name\":",
	    *first ? "" : ",", source, type);
	cli_put_json_string(stdout, name);
	if (detail != NULL && *detail != '\0') {
		printf(",\"%s\":", key);
		cli_put_json_string(stdout, detail);
	}
	printf("}");
	*first = false;
}

/*
 * The kernel's name (sysfs's DEVNAME, the driver from /proc/devices) and
 * the registry's, for each type asked.  EXIT_FAILED when /proc/devices
 * cannot be read (the rest is still shown), else EXIT_OK.
 */
static int
put_names(const struct ask *a, const struct known *k)
{
	bool json = a->opts->json;
	struct driver_ask drivers = { .major = k->major };
	char name[256];
	const char *desc;
	bool first = true;
	int none = 1, rc = EXIT_OK;

	/* unread, it is said (as devices says it), and the rest shown */
	if (cli_drivers(driver_of, &drivers) != 0)
		rc = EXIT_FAILED;
	if (!json)
		printf("\n");
	else
		printf(",\"names\":[");
	for (int i = 0; i < 2; i++) {
		char type = i == 0 ? 'c' : 'b';

		if (k->type != 0 && k->type != type)
			continue;
		if (source_kernel_devname(env_sysfs(), type, k->major,
		    k->minor, name, sizeof(name))) {
			put_name(json, &first, type, "kernel", name, "driver",
			    drivers.name[i]);
			none = 0;
		}
		if (k->major <= 0xffffffff && k->minor <= 0xffffffff &&
		    devreg_name(type, (unsigned long)k->major,
		    (unsigned long)k->minor, name, sizeof(name), &desc)) {
			put_name(json, &first, type, "registry", name,
			    "description", desc);
			none = 0;
		}
	}
	if (json)
		printf("]}\n");
	else if (none)
		printf("names    none: no device of the running kernel, none "
		    "in the registry\n");
	return rc;
}

/*
 * --json: the layout and why it is the one (the text's first line), the
 * pair and value, then the names.
 */
static void
put_json_head(const struct ask *a, const struct known *k)
{
	struct dt_buf b = DT_BUF_INIT;

	cli_layout_why(&b, &a->layout, a->from, k->path);
	printf("{\"layout\":\"%s\",\"why\":", a->layout.name);
	cli_put_json_string(stdout, dt_buf_str(&b));
	dt_buf_free(&b);
	printf(",\"major\":%ju,\"minor\":%ju,\"value\":%ju",
	    (uintmax_t)k->major, (uintmax_t)k->minor, (uintmax_t)k->value);
	if (k->path != NULL) {
		printf(",\"path\":");
		cli_put_json_string(stdout, k->path);
		printf(",\"type\":\"%c\"", k->type);
	}
}

/*
 * The first lines: the layout and why it is the one (the first line,
 * whatever the operand), then a path's node.
 */
static void
put_head(const struct ask *a, const struct known *k)
{
	struct dt_buf b = DT_BUF_INIT;
	char q[DT_QUOTE_SIZE];

	cli_layout_why(&b, &a->layout, a->from, k->path);
	printf("%s\n", dt_buf_str(&b));
	dt_buf_free(&b);
	if (k->path != NULL)
		printf("path   %s: %s device\n", cli_quote(q, k->path),
		    k->type == 'c' ? "character" : "block");
}

/* The drawing and the names: put_names's status. */
static int
show(const struct ask *a, struct known *k, const char *rule)
{
	if (a->opts->json)
		put_json_head(a, k);
	else {
		put_head(a, k);
		draw(&a->layout, k->major, k->minor, k->value, rule);
	}
	return put_names(a, k);
}

static int
explain_value(const struct ask *a, const char *text)
{
	const struct dt_layout *l = &a->layout;
	uint64_t v, ma, mi;
	struct dt_diag d;
	struct known k = { 0 };

	if (cli_number(text, &v) != EXIT_OK)
		return EXIT_USAGE;
	switch (dt_decode(l, v, &ma, &mi, &d)) {
	case DT_OK:
		break;
	case DT_NONCANONICAL:
		cli_warn("%s", d.msg);
		k = (struct known){ .major = ma, .minor = mi, .value = v };
		return show(a, &k, "compat rule, wide branch, NOT CANONICAL: "
		    "the value is above 0xffff, so it is read as ma<<N | mi, "
		    "but the pair fits 8:8, and encode gives its 16-bit value");
	default:
		cli_error("%s", d.msg);
		return EXIT_USAGE;
	}
	k = (struct known){ .major = ma, .minor = mi, .value = v };
	return show(a, &k, NULL);
}

static int
explain_pair(const struct ask *a, const char *ma_s, const char *mi_s,
    const char *path, char type)
{
	const struct dt_layout *l = &a->layout;
	struct dt_layout plain;
	uint64_t v, ma, mi;
	struct dt_diag d;
	struct known k;

	if (cli_pair(l, ma_s, mi_s, &ma, &mi, &d) != 0)
		goto bad;
	switch (dt_encode(l, ma, mi, &v, &d)) {
	case DT_OK:
		k = (struct known){ .type = type, .path = path, .major = ma,
		    .minor = mi, .value = v };
		return show(a, &k, NULL);
	case DT_EAMBIGUOUS:
		/*
		 * Show the trap, fields where the pair went, then refuse;
		 * --json's standard output holds JSON only: nothing then.
		 */
		if (a->opts->json)
			break;
		k = (struct known){ .type = type, .path = path };
		put_head(a, &k);
		plain = *l;
		dt_layout_strict(&plain);
		draw(&plain, ma, mi, v, "compat rule, AMBIGUOUS: the pair does not "
		    "fit 8:8, but its wide value fits 16 bits, so it reads back "
		    "through the 8:8 branch as another pair");
		break;
	default:
		break;
	}
bad:
	cli_error("%s", d.msg);
	return EXIT_USAGE;
}

/* MAJOR:MINOR */
static int
explain_colon(const struct ask *a, const char *arg)
{
	const char *colon = strchr(arg, ':');
	char ma[64];

	if ((size_t)(colon - arg) >= sizeof(ma))
		return explain_pair(a, arg, colon + 1, NULL, 0);
	memcpy(ma, arg, (size_t)(colon - arg));
	ma[colon - arg] = '\0';
	return explain_pair(a, ma, colon + 1, NULL, 0);
}

/*
 * A device node's numbers under the running system's layout, so that
 * the value is the one stat(2) gives; -f names another.
 */
static int
explain_path(const struct ask *typed, const char *path)
{
	char q[DT_QUOTE_SIZE], ma[24], mi[24];
	struct ask a = *typed;
	struct dt_diag d;
	struct stat st;

	if (stat(path, &st) != 0) {
		cli_path_error(path, NULL);
		return EXIT_FAILED;
	}
	if (!S_ISCHR(st.st_mode) && !S_ISBLK(st.st_mode)) {
		cli_error("%s: not a device node", cli_quote(q, path));
		return EXIT_USAGE;
	}
	if (a.from != CLI_LAYOUT_OPTION) {
		if (dt_layout_lookup("native", &a.layout, &d) != DT_OK) {
			cli_error("%s", d.msg);
			return EXIT_FAILED;
		}
		a.from = CLI_LAYOUT_NODE;
	}
	snprintf(ma, sizeof(ma), "%u", major(st.st_rdev));
	snprintf(mi, sizeof(mi), "%u", minor(st.st_rdev));
	return explain_pair(&a, ma, mi, path, S_ISCHR(st.st_mode) ? 'c' : 'b');
}

/* Whether one operand is a path: with a /, or not a number. */
static bool
is_path(const char *arg)
{
	uint64_t v;
	struct dt_diag d;

	if (strchr(arg, ':') != NULL)
		return false;
	return strchr(arg, '/') != NULL || (dt_parse_number(arg, &v, &d) !=
	    DT_OK && access(arg, F_OK) == 0);
}

/* One operand: MAJOR:MINOR, a path, a value. */
static int
explain_one(const struct ask *a, const char *arg)
{
	if (strchr(arg, ':') != NULL)
		return explain_colon(a, arg);
	if (!is_path(arg))
		return explain_value(a, arg);
	return explain_path(a, arg);
}


#define OPT(field) VERB_OPT(struct explain_opts, field)

static const struct verb_option explain_table[] = {
	LAYOUT_OPTIONS_SAYING(struct explain_opts, layout, "device number "
	    "layout (default 16:16 or $DEVTOOL_FORMAT; a PATH's value is "
	    "native unless -f is given)"),
	{ "value", '\0', POPT_ARG_STRING, OPT(value), 0,
	  "explain a raw value instead of a pair", "V" },
	{ "json", '\0', POPT_ARG_NONE, OPT(json), 0,
	  "print the pair, the value and the names as one JSON object",
	  "" },
	CLI_JSON_ARRAY_OPTION(struct explain_opts, json_array),
	CLI_OUTPUT_OPTION(struct explain_opts, output),
	CLI_TABLE_END
};

const struct verb_options explain_options = {
	.table = explain_table, .size = sizeof(struct explain_opts),
};

int
check_explain(const struct verb_call *c)
{
	const struct explain_opts *o = c->opts;

	/* --value V alone, or one or two operands */
	if (o->value != NULL ? c->nargs != 0 : c->nargs == 0)
		return verb_operands_error(c);
	return EXIT_OK;
}

int
cmd_explain(const struct verb_call *c)
{
	const struct explain_opts *o = c->opts;
	struct ask a = { .layout = c->layout,
	    .from = cli_layout_from(c->layout_given), .opts = o };
	bool path = o->value == NULL && c->nargs == 1 && is_path(c->args[0]);
	int rc;

	/*
	 * The row reads no DEVTOOL_FORMAT (no_layout_env): a path is drawn
	 * under native unless -f is given, so a bad DEVTOOL_FORMAT fails
	 * only typed numbers, which take it (devtool-explain(1)).
	 */
	if (!c->layout_given && !path &&
	    (rc = cli_layout(NULL, o->layout.strict, &a.layout)) != EXIT_OK)
		return rc;
	if (o->value != NULL)
		rc = explain_value(&a, o->value);
	else if (c->nargs == 2)
		rc = explain_pair(&a, c->args[0], c->args[1], NULL, 0);
	else
		rc = explain_one(&a, c->args[0]);
	if (cli_finish_output() != EXIT_OK)
		rc = EXIT_FAILED;
	return rc;
}

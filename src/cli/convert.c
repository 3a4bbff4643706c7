/*
 * convert.c - the convert verb: re-encodes values from one layout (-f)
 * into another (-t), from operands or from standard input.
 */
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_layout.h"
#include "cli/cli_stream.h"
#include "base/number.h"
#include "cli/out.h"
#include "base/text.h"
#include "cli/verbs.h"

/* The options of convert: its table stores into the run's instance. */
struct convert_opts {
	struct cli_layout_opts layout;	/* -f, --strict */
	char *to_name;		/* -t */
	struct dt_layout to;	/* -t, as check_convert read it */
	int hex, keep_going;
};

/* What each value is converted with: the options and -f's layout. */
struct convert_run {
	const struct convert_opts *o;
	const struct dt_layout *from;
};

#define OPT(field) VERB_OPT(struct convert_opts, field)

static const struct verb_option convert_table[] = {
	LAYOUT_OPTIONS(struct convert_opts, layout),
	{ "to", 't', POPT_ARG_STRING, OPT(to_name), 0,
	  "layout to convert into (required)", "LAYOUT" },
	CLI_HEX_OPTION(struct convert_opts, hex),
	CLI_KEEP_GOING_OPTION(struct convert_opts, keep_going),
	CLI_TABLE_END
};

const struct verb_options convert_options = {
	.table = convert_table, .size = sizeof(struct convert_opts),
};

static int
convert_value(void *ctx, char *text, struct dt_diag *d)
{
	uint64_t v, ma, mi, out;
	struct dt_diag why;
	const struct convert_run *r = ctx;
	const struct dt_layout *from = r->from, *to = &r->o->to;
	char *p;

	if (dt_parse_number(text, &v, d) != DT_OK ||
	    cli_decode(from, v, &ma, &mi, d) < 0)
		return -1;
	if (dt_encode(to, ma, mi, &out, &why) != DT_OK) {
		char q[64];

		snprintf(d->msg, sizeof(d->msg), "'%s' is %ju:%ju under %s, "
		    "which %s cannot hold: %.300s",
		    dt_quote(q, sizeof(q), text, strlen(text)), (uintmax_t)ma,
		    (uintmax_t)mi, from->name, to->name, why.msg);
		return -1;
	}
	p = lines_out_begin();
	p = r->o->hex ? cli_put_hex(p, out) : cli_put_u64(p, out);
	return cli_emit(p);
}

int
check_convert(const struct verb_call *c)
{
	const char *name = c->name;
	struct convert_opts *o = c->opts;

	if (o->to_name == NULL)
		return cli_usage(name, "-t LAYOUT is required");
	return cli_layout(o->to_name, o->layout.strict, &o->to);
}

int
cmd_convert(const struct verb_call *c)
{
	const struct convert_opts *o = c->opts;
	struct convert_run r = { .o = o, .from = &c->layout };

	return cli_operands(c->args, convert_value, convert_value, &r,
	    o->keep_going ? CLI_KEEP_GOING : 0);
}

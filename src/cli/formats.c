/*
 * formats.c - the formats verb: lists every layout the codec knows, or
 * (--dialects) every table dialect of the registry, as a table or as one
 * JSON object a line.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_output.h"
#include "cli/verbs.h"
#include "dialects/dialect.h"

/* The options of formats: its table stores into the run's instance. */
struct formats_opts {
	int json, json_array, dialects;
	char *output;
};

#define OPT(field) VERB_OPT(struct formats_opts, field)

static const struct verb_option formats_table[] = {
	{ "json", '\0', POPT_ARG_NONE, OPT(json), 0,
	  "print one JSON object per layout (or dialect)", "" },
	{ "dialects", '\0', POPT_ARG_NONE, OPT(dialects), 0,
	  "list the table dialects instead, and whether apply reads each",
	  "" },
	CLI_JSON_ARRAY_OPTION(struct formats_opts, json_array),
	CLI_OUTPUT_OPTION(struct formats_opts, output),
	CLI_TABLE_END
};

const struct verb_options formats_options = {
	.table = formats_table, .size = sizeof(struct formats_opts),
};

/* A row's ranges, as the codec resolves them (freebsd's minor has a hole). */
static void
row_range(const struct dt_format *f, uint64_t *major_max, uint64_t *minor_max)
{
	struct dt_layout l;

	(void)dt_layout_lookup(f->name, &l, NULL);	/* a row resolves */
	*major_max = l.major_max;
	*minor_max = l.minor_max;
}

static void
put_words(const char *member, const char *list)
{
	size_t n;

	printf(",\"%s\":[", member);
	for (int first = 1; *list != '\0'; list += n, first = 0) {
		n = strcspn(list, " ");
		printf("%s\"%.*s\"", first ? "" : ",", (int)n, list);
		list += strspn(list + n, " ");
	}
	printf("]");
}

static void
format_json(const struct dt_format *f)
{
	uint64_t ma, mi;

	printf("{\"name\":\"%s\"", f->name);
	put_words("aliases", f->aliases);
	put_words("packdev", f->packdev);
	if (f->width == 0) {
		printf(",\"width\":null,\"major_max\":null,\"minor_max\":null");
	} else {
		row_range(f, &ma, &mi);
		printf(",\"width\":%u,\"major_max\":%ju,\"minor_max\":%ju",
		    f->width, (uintmax_t)ma, (uintmax_t)mi);
	}
	printf(",\"compat\":%s,\"description\":", f->compat ? "true" :
	    "false");
	cli_put_json_string(stdout, f->description);
	printf("}\n");
}

static void
format_text(const struct dt_format *f)
{
	char width[12] = "M+N", ma[24] = "0-2^M-1", mi[24] = "0-2^N-1";
	uint64_t mamax, mimax;

	if (f->width != 0) {
		row_range(f, &mamax, &mimax);
		snprintf(width, sizeof(width), "%u", f->width);
		snprintf(ma, sizeof(ma), "0-%ju", (uintmax_t)mamax);
		snprintf(mi, sizeof(mi), "0-%ju", (uintmax_t)mimax);
	}
	printf("%-7s %-8s %-5s %-13s %-13s %-6s %s\n", f->name, f->aliases,
	    width, ma, mi, f->width == 0 ? "M+N>16" : f->compat ? "yes" :
	    "no", f->description);
}

/*
 * The registry's dialects, in tie-break order: what list -o and make -o
 * take, and (READ yes) apply -i.  The completions read this.
 */
static void
list_dialects(bool json)
{
	const struct dialect *d;

	if (!json)
		printf("%-19s %s\n", "NAME", "READ");
	for (size_t i = 0; (d = dialect_at(i)) != NULL; i++)
		if (json)
			printf("{\"name\":\"%s\",\"read\":%s}\n", d->name,
			    dialect_reads(d) ? "true" : "false");
		else
			printf("%-19s %s\n", d->name, dialect_reads(d) ? "yes" :
			    "no");
}

int
cmd_formats(const struct verb_call *c)
{
	const struct formats_opts *o = c->opts;

	(void)c;
	if (o->dialects) {
		list_dialects(o->json);
		return cli_finish_output();
	}
	if (!o->json)
		printf("%-7s %-8s %-5s %-13s %-13s %-6s %s\n", "NAME",
		    "ALIASES", "BITS", "MAJOR", "MINOR", "COMPAT",
		    "DESCRIPTION");
	for (size_t i = 0; i < dt_nformats; i++)
		(o->json ? format_json : format_text)(&dt_formats[i]);
	return cli_finish_output();
}

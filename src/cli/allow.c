/*
 * allow.c - the device rule dialects in the CLI (allow.h): the rules of
 * a set of device nodes written out, the running kernel's drivers read
 * for deviceallow-groups, what is not a device named, and -i's refusal
 * of a dialect that nothing reads.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cli/allow.h"
#include "cli/cli.h"
#include "cli/cli_output.h"
#include "cli/env.h"
#include "cli/suggest.h"
#include "codec/procdev.h"
#include "base/grow.h"
#include "base/text.h"

struct drivers {
	struct rules_driver *v;
	size_t n, cap;
};

static int
add_driver(void *ctx, char type, unsigned long major, const char *name,
    size_t namelen)
{
	struct drivers *dv = ctx;
	struct rules_driver *v = dt_room_for_one(dv->v, dv->n, &dv->cap,
	    sizeof(*v), 64);
	char *copy;

	if (v == NULL)
		cli_fatal(NULL);
	dv->v = v;
	if ((copy = strndup(name, namelen)) == NULL)
		cli_fatal(NULL);
	dv->v[dv->n++] = (struct rules_driver){ type, major, copy };
	return 0;
}

static void
free_drivers(struct drivers *dv)
{
	while (dv->n > 0)
		free((char *)dv->v[--dv->n].name);
	free(dv->v);
}

struct writing {
	struct cli_table *out;
	allow_problem_fn *problem;
	void *ctx;
};

static void
put_rule(void *ctx, const char *line)
{
	struct writing *w = ctx;

	cli_table_line(w->out, line);
}

static void
rule_problem(void *ctx, const struct entry *e, const char *msg)
{
	struct writing *w = ctx;

	w->problem(w->ctx, e, msg);
}

/* --widen: what the group grants beyond the nodes, said once a rule. */
static void
widened(void *ctx, const char *line, const char *adds)
{
	(void)ctx;
	cli_warn("--widen: %s also allows what no node listed is: %s, and "
	    "every minor above 255 of those majors", line, adds);
}

int
allow_write(struct cli_table *out, const struct entry **v, size_t n,
    bool widen, allow_problem_fn *problem_fn, void *ctx)
{
	const struct dialect *dl = out->dialect;
	struct writing w = { out, problem_fn, ctx };
	const struct rules_sink sink = { put_rule, rule_problem, widened, &w };
	struct drivers dv = { 0 };
	int rc;

	if (rules_need_drivers(dl) && cli_drivers(add_driver, &dv) != 0) {
		free_drivers(&dv);
		return -1;
	}
	rc = rules_write(dl, v, n, dv.v, dv.n, widen, &sink);
	free_drivers(&dv);
	if (rc != 0)
		cli_fatal(NULL);	/* only malloc fails */
	return 0;
}

void
allow_error(void *ctx, const struct entry *e, const char *msg)
{
	char q[DT_QUOTE_SIZE];

	cli_error("%s: %s", cli_quote(q, e->path), msg);
	*(int *)ctx = EXIT_FAILED;
}

const char *
allow_why_not(const struct dialect *dl, const struct entry *e, char *buf,
    size_t size)
{
	snprintf(buf, size, "a %s, not a device, has no %s rule",
	    entry_type_of(e->type)->noun, dl->name);
	return buf;
}

void
allow_left_out(const struct dialect *dl, const struct entry *e)
{
	char q[DT_QUOTE_SIZE], t[DT_QUOTE_SIZE];

	cli_warn("%s%s%s: a %s, not a device, is left out of the %s rules",
	    cli_quote(q, e->path), e->target != NULL ? " -> " : "",
	    e->target != NULL ? cli_quote(t, e->target) : "",
	    entry_type_of(e->type)->noun, dl->name);
}

void
allow_more_left_out(const struct dialect *dl, size_t n)
{
	if (n > 0)
		cli_warn("%zu more %s left out of the %s rules", n, n == 1 ?
		    "entry that is not a device is" :
		    "entries that are not devices are", dl->name);
}

static bool
readable(const struct dialect *dl)
{
	return dl->read_line != NULL || dl->read_document != NULL;
}

int
allow_input(const char *verb, const char *name, const struct dialect **out)
{
	struct dt_buf names = DT_BUF_INIT;
	char q[DT_QUOTE_SIZE], best[SUGGEST_SIZE];
	int rc;

	*out = dialect_named(name);
	if (*out != NULL && readable(*out))
		return EXIT_OK;
	if (*out == NULL && suggest_dialect(name, true, best))
		return cli_usage(verb, "unknown input '%s'; did you mean "
		    "'%s'?", cli_quote(q, name), best);
	dialect_names(&names, true);
	if (*out == NULL)
		rc = cli_usage(verb, "unknown input '%s'; valid: %s",
		    cli_quote(q, name), dt_buf_str(&names));
	else
		rc = cli_usage(verb, "-i %s: %s rules are written only (list "
		    "-o, make -o), never read; valid: %s", name, name,
		    dt_buf_str(&names));
	dt_buf_free(&names);
	return rc;
}

int
allow_print(struct entries *v, const struct dialect *dl, size_t name_most,
    bool widen)
{
	const struct entry **dev;
	struct cli_table out = { stdout, dl, 0 };
	size_t n = 0, unheld = 0;
	int rc = EXIT_OK;

	assert(v != NULL && dl != NULL);
	if (entries_sort(v) != 0 || (dev = malloc((v->n + 1) *
	    sizeof(const struct entry *))) == NULL)
		cli_fatal(NULL);
	for (size_t i = 0; i < v->n; i++) {
		if (i > 0 && strcmp(v->v[i].path, v->v[i - 1].path) == 0)
			continue;
		if (dialect_holds(dl, &v->v[i]))
			dev[n++] = &v->v[i];
		else if (++unheld <= name_most)
			allow_left_out(dl, &v->v[i]);
	}
	cli_table_begin(dl);
	if (allow_write(&out, dev, n, widen, allow_error, &rc) != 0)
		rc = EXIT_FAILED;
	free(dev);
	if (cli_table_end(&out) != EXIT_OK)
		rc = EXIT_FAILED;
	if (unheld > name_most)
		allow_more_left_out(dl, unheld - name_most);
	return rc;
}

int
allow_widen(const char *verb, bool widen, const struct dialect *dl)
{
	if (!widen || (dl != NULL && rules_need_drivers(dl)))
		return EXIT_OK;
	return cli_usage(verb, "--widen goes with -o deviceallow-groups, "
	    "the only rules by driver");
}

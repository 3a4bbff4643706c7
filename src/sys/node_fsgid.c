/*
 * node_fsgid.c - the file system group a run holds for the nodes it
 * makes in place in another group than its own (node_impl.h): taken,
 * checked once per group per run, kept for the next node of the same
 * group and given back before anything else is created or changed.
 * Below every other node file, which all give it back.
 */
#include <sys/fsuid.h>
#include <sys/types.h>

#include <assert.h>
#include <stdbool.h>

#include "sys/node_impl.h"

/* node_fsgid_own's call, when the run holds another group. */
void
node_fsgid_give_back(struct node_run *run)
{
	assert(run != NULL && run->fsgid_held != (gid_t)-1);
	(void)setfsgid(run->fsgid_own);
	run->fsgid_held = (gid_t)-1;
}

/*
 * Takes the file system group gid for the nodes made in place: 0, or 1
 * when it cannot be taken (a user namespace that does not map it), ours
 * in force then.  setfsgid(2) says no error, only the group in force
 * before: the first switch to a group is checked by a call with -1
 * (changing nothing, and cheaper than a call that sets one), and its
 * answer kept for the run (node_run), as it cannot change within one.
 */
int
node_fsgid_take(struct node_run *run, gid_t gid)
{
	size_t i;
	gid_t was;
	bool ok;

	if (run->fsgid_held == gid)
		return 0;
	for (i = 0; i < run->fsgid_nseen; i++)
		if (run->fsgid_seen[i].gid == gid)
			break;
	if (i < run->fsgid_nseen && !run->fsgid_seen[i].ok)
		return 1;
	was = (gid_t)setfsgid(gid);
	if (run->fsgid_held == (gid_t)-1)
		run->fsgid_own = was;
	run->fsgid_held = gid;
	if (i < run->fsgid_nseen)
		return 0;
	ok = (gid_t)setfsgid((gid_t)-1) == gid;
	if (!ok)
		node_fsgid_own(run);
	/* past FSGID_SEEN groups, each is checked every time */
	if (run->fsgid_nseen < FSGID_SEEN) {
		run->fsgid_seen[run->fsgid_nseen].gid = gid;
		run->fsgid_seen[run->fsgid_nseen++].ok = ok;
	}
	return ok ? 0 : 1;
}

# devtool - encode, decode and create Unix device numbers
VERSION   = 0.1.0
PREFIX   ?= /usr/local
BINDIR   ?= $(PREFIX)/bin
MANDIR   ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/vendor-completions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
DESTDIR  ?=
# The manual: devtool(1), the overview, and a page per verb,
# devtool-VERB(1), as git's and systemd's.
MANPAGES  = $(sort $(wildcard man/*.1))

CC       ?= cc
CFLAGS   ?= -O2 -g
WARN      = -std=gnu11 -Wall -Wextra -Werror
CPPFLAGS += -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -DVERSION='"$(VERSION)"' -Isrc
# Each object also writes its header dependencies to a .d file beside it.
DEPFLAGS  = -MMD -MP
# popt and libbsd are linked statically: two fewer shared objects to map
# and relocate halves devtool's start-up overhead over /bin/true (bench).
# libcap sets file capabilities (makedevs |xattr), as setcap(8) does: it
# is loaded with dlopen(3) when first needed (src/base/libcap.h), since
# linked in, its constructor made six prctl(2) calls at every start.
# json-c (the JSON dialects, src/dialects/json*.c and oci.c) is loaded
# the same way (src/base/libjsonc.h): shared and linked in, it added a
# sixth to start-up over /bin/true (1.15 to 1.23, perf stat); static, ten
# imports, its relocations and three page faults at every start.
# libc comes first: what glibc has (reallocarray) glibc gives, not a copy
# from libbsd linked far from the code that calls it.
LDLIBS   += -lc -Wl,-Bstatic -lpopt -lbsd -lmd -Wl,-Bdynamic

# A hardened build, always, as Debian's hardening=+all: added after the
# caller's CPPFLAGS, CFLAGS and LDFLAGS (dpkg-buildflags' under
# debian/rules), never instead of them.  _FORTIFY_SOURCE is undefined
# first, so that a caller's level 2 gives way to 3 without a redefinition
# warning (an error under -Werror), and is left out of an unoptimised
# build (CFLAGS without -O, or whose last -O is -O0), where glibc's
# headers warn that it does nothing.  tests/hardening.bats reads the result in the binary.
# (The sanitizer build below takes none of them: FORTIFY's checking
# functions hide accesses from AddressSanitizer.)
HARDEN_CPPFLAGS = $(if $(filter-out -O0,$(lastword $(filter -O%,$(CFLAGS)))),-U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=3)
HARDEN_CFLAGS   = -fstack-protector-strong -fstack-clash-protection \
	-fcf-protection -Wformat -Werror=format-security -fPIE
HARDEN_LDFLAGS  = -pie -Wl,-z,relro,-z,now

# The objects are compiled again when the flags they were compiled with
# change (a new CFLAGS, or hardening added to this file), as git's
# GIT-CFLAGS does: build/cflags holds the last set, rewritten only when it
# differs, and every object depends on it.
CFLAGS_NOW := $(CC) $(WARN) $(CPPFLAGS) $(HARDEN_CPPFLAGS) $(CFLAGS) $(HARDEN_CFLAGS) $(LDFLAGS) $(HARDEN_LDFLAGS)
ifneq ($(CFLAGS_NOW),$(file <build/cflags))
$(shell mkdir -p build)
$(file >build/cflags,$(CFLAGS_NOW))
endif

# main (src/devtool.c) and the layout codec (src/encode.c) at the top of
# src/, as the card names them; every other layer in its folder.
SRCS     = $(wildcard src/*.c src/*/*.c)
OBJS     = $(SRCS:.c=.o)

# Everything but main, in one archive that the unit tests and the fuzzers
# link: the linker takes only the members a test needs, so a new source
# file (a dialect, a verb) is in it without naming it anywhere.
LIB_OBJS = $(filter-out src/devtool.o,$(OBJS))

# C unit tests: tests/unit_NAME.c linked with libdevtool.a.  Adding one
# is adding NAME to UNITS.
UNITS    = encode table spec root node entry users order devreg convert rules buf \
	nearest procdev sig
UNIT_BINS = $(UNITS:%=tests/unit_%)

# The attacker programs of tests/race.bats, run as another user, the
# kernel without statmount of tests/make.bats, and the
# memory meter of tests/convert_tables.bats.
TEST_TOOLS = tests/attack/exchanger tests/attack/swapper tests/attack/mover \
	tests/attack/noexchange tests/attack/nostatmount bench/peak_rss

# The sanitizer build: every object again under build/asan/.
ASAN     = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# (-U_FORTIFY_SOURCE: a caller's CPPFLAGS may define it, and its checking
# functions hide accesses from the sanitizers.)
ASAN_CFLAGS = -O1 -g $(ASAN) -U_FORTIFY_SOURCE

# make bench's reference programs and its memory meter.
BENCH_TOOLS = bench/ref_decode bench/ref_mknod bench/peak_rss

.PHONY: all deps deps-harden deps-deb run check check-asan check-valgrind lint fuzz \
	install uninstall man-split deb bench bench-tools units clean

all: devtool

# The code every run executes first in the binary: main, the verb
# runner, standard output and popt's parser (pulled from its archive
# ahead of the objects by -u), then the codec and the verbs that scripts
# run once a value or a node (encode, decode, convert, mknod).  The
# linker lays out text and read-only data in this order, and the kernel
# maps a binary's pages 64 KiB at a time around each first touch: so
# laid out, a run of encode maps 16 pages of devtool's code and 21 of
# its read-only data, where it mapped 68 and 37 (make bench, start-up;
# docs/DESIGN.md, "What a start costs").  Which objects
# these are changes no behaviour, only how many pages a run touches.
START_OBJS = src/devtool.o src/cli/verb.o src/cli/cli.o src/cli/out.o \
	src/cli/cli_stream.o src/cli/cli_layout.o src/cli/cli_output.o \
	src/base/number.o src/encode.o src/cli/encode.o src/cli/decode.o \
	src/cli/convert.o src/cli/mknod.o
START_LIBS = -Wl,-u,poptGetContext -Wl,-Bstatic -lpopt -Wl,-Bdynamic
# No DT_FINI: the C start-up files' _fini is empty, and it sits after the
# last function of the binary, a page every run would map at exit for
# nothing (-fini names a symbol that does not exist, so the linker
# writes no DT_FINI; tests/hardening.bats checks there is none).
START_LDFLAGS = $(START_LIBS) -Wl,-fini=devtool_has_no_fini

devtool: $(OBJS)
	$(CC) $(CFLAGS) $(HARDEN_CFLAGS) $(LDFLAGS) $(HARDEN_LDFLAGS) -o $@ \
	    $(START_LDFLAGS) $(START_OBJS) $(filter-out $(START_OBJS),$(OBJS)) \
	    $(LDLIBS)

libdevtool.a: $(LIB_OBJS)
	rm -f $@ && $(AR) rcs $@ $^

build/asan/libdevtool.a: $(addprefix build/asan/,$(LIB_OBJS))
	rm -f $@ && $(AR) rcs $@ $^

%.o: %.c build/cflags
	$(CC) $(WARN) $(CPPFLAGS) $(HARDEN_CPPFLAGS) $(CFLAGS) $(HARDEN_CFLAGS) $(DEPFLAGS) -c -o $@ $<

build/plain/%.o: %.c build/cflags
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -c -o $@ $<

build/asan/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CPPFLAGS) $(ASAN_CFLAGS) $(DEPFLAGS) -c -o $@ $<

-include $(wildcard src/*.d src/*/*.d tests/*.d build/asan/src/*.d \
	build/asan/src/*/*.d build/asan/tests/*.d build/plain/src/*.d \
	build/plain/src/*/*.d)

# Installs what building and testing need (apt-get as root), or says what.
deps:
	@sh scripts/deps.sh

run: deps
	@$(MAKE) --no-print-directory all
	@sh scripts/demo.sh ./devtool

# One rule for every unit test, normal and sanitized: the second
# expansion names the test from the target's stem.
.SECONDEXPANSION:
$(UNIT_BINS): tests/unit_%: tests/unit_%.o libdevtool.a
	$(CC) $(CFLAGS) $(HARDEN_CFLAGS) $(LDFLAGS) $(HARDEN_LDFLAGS) -o $@ $^ $(LDLIBS)
$(UNITS:%=build/asan/unit_%): build/asan/unit_%: build/asan/tests/unit_%.o \
    build/asan/libdevtool.a
	$(CC) $(ASAN_CFLAGS) -o $@ $^ -lpopt -lbsd

units: $(UNIT_BINS)

tests/attack/%: tests/attack/%.c tests/attack/attack.h tests/attack/filter.h
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) -o $@ $<

# make check: the C unit tests and every behaviour suite, offline once
# make deps has run.  make check-all adds what needs the network or
# minutes: CHECK_ALL_SUITES (deb builds the package, boot boots Debian's
# kernel under qemu, build rebuilds a clone, install installs into a
# scratch tree, makedev compares with Debian's real MAKEDEV, newdialect
# adds the skeleton dialect to a copy of the tree and builds it, newverb
# adds the template verb to one and checks its help and consistency,
# tmpfiles_debian reads Debian 12 packages' tmpfiles.d files) and
# race.bats's large rounds; make check-extra runs that addition alone
# (.ci/run: make check, then make check-extra).
CHECK_ALL_SUITES = boot build deb install makedev newdialect newverb \
    tmpfiles_debian
BATS_SUITES = $(basename $(notdir $(wildcard tests/*.bats)))
CHECK_SUITES = $(filter-out $(CHECK_ALL_SUITES),$(BATS_SUITES))
.PHONY: check-all check-extra deps-all

check: deps
	@$(MAKE) --no-print-directory all units $(TEST_TOOLS)
	@SUITES="$(CHECK_SUITES)" sh tests/run.sh

check-all: deps-all
	@$(MAKE) --no-print-directory all units $(TEST_TOOLS)
	@RACE_SIZE=large SUITES="$(BATS_SUITES)" sh tests/run.sh

check-extra: deps-all
	@$(MAKE) --no-print-directory all $(TEST_TOOLS)
	@RACE_SIZE=large UNIT_DIR= SUITES="$(CHECK_ALL_SUITES) race" sh tests/run.sh

deps-all:
	@sh scripts/deps.sh all

# The same tests against a build with AddressSanitizer and UBSan.
# (Shared popt and libbsd here: their static archives are not PIC.)
build/asan/devtool: $(addprefix build/asan/,$(OBJS))
	$(CC) $(ASAN_CFLAGS) -o $@ $^ -lpopt -lbsd

deps-harden:
	@sh scripts/deps.sh harden

# make check-asan: the unit tests built so, and make check's suites
# but completion, which runs only `devtool VERB --help` (its time is
# the shells'), and hardening, which reads the ELF of the hardened
# build (the sanitizer build is not hardened, on purpose).  Of check-all's own, deb, build and install build the
# package, a clone and make install from the sources (none runs
# $DEVTOOL), boot boots the kernel on archives that devtool writes as
# archive.bats has it write them (every compression, as uid 65534),
# byte for byte the same from either build, and makedev compares
# MAKEDEV with its recorded answers (make.bats runs devtool on them).
ASAN_SUITES = $(filter-out completion hardening,$(CHECK_SUITES))
check-asan: deps-harden
	@$(MAKE) --no-print-directory build/asan/devtool \
	    $(UNITS:%=build/asan/unit_%) $(TEST_TOOLS)
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	    DEVTOOL=$(CURDIR)/build/asan/devtool DEVTOOL_SANITIZED=1 \
	    UNIT_DIR=build/asan \
	    SUITES="$(ASAN_SUITES)" sh tests/run.sh

# The bats suites with every devtool run under valgrind (slow).
check-valgrind: deps-harden
	@$(MAKE) --no-print-directory all units $(TEST_TOOLS)
	@rm -rf build/valgrind && mkdir -p build/valgrind
	@DEVTOOL_REAL=$(CURDIR)/devtool DEVTOOL=$(CURDIR)/tests/valgrind-devtool \
	    VALGRIND_LOGS=$(CURDIR)/build/valgrind sh tests/run.sh; \
	rc=$$?; bad=$$(grep -lE 'ERROR SUMMARY: [1-9]|definitely lost|Invalid (read|write)|uninitialised' \
	    build/valgrind/*.log 2>/dev/null | wc -l); \
	echo "valgrind: $$(ls build/valgrind | wc -l) runs, $$bad with memory errors or leaks"; \
	[ $$rc -eq 0 ] && [ $$bad -eq 0 ]

# The static checks, then the tests of the layers and state checks (a fault
# planted in a copy of src/ each: minutes of compiling, so here and not in
# make check).
lint: deps-harden
	@sh scripts/lint.sh
	@bats tests/lint/layers.bats tests/lint/statics.bats

fuzz: deps-harden
	@sh fuzz/run.sh

install: devtool
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
	    $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 755 devtool $(DESTDIR)$(BINDIR)/devtool
	install -m 644 $(MANPAGES) $(DESTDIR)$(MANDIR)/man1/
	install -m 644 completions/devtool.bash $(DESTDIR)$(BASHCOMPDIR)/devtool
	install -m 644 completions/_devtool $(DESTDIR)$(ZSHCOMPDIR)/_devtool
	install -m 644 completions/devtool.fish $(DESTDIR)$(FISHCOMPDIR)/devtool.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/devtool \
	    $(addprefix $(DESTDIR)$(MANDIR)/man1/,$(notdir $(MANPAGES))) \
	    $(DESTDIR)$(BASHCOMPDIR)/devtool $(DESTDIR)$(ZSHCOMPDIR)/_devtool \
	    $(DESTDIR)$(FISHCOMPDIR)/devtool.fish

# The one-page manual (every verb's subsection in man/devtool.1, with the
# "split:" markers) split into devtool(1) and devtool-VERB(1): a
# migration, made once, that refuses a page it already split
# (scripts/man-split.py says what goes where).
man-split:
	python3 scripts/man-split.py man/devtool.1 man

deps-deb:
	@sh scripts/deps.sh deb

# The Debian package (debian/), built by dpkg-buildpackage in a copy of
# the sources: the .deb and the rest are left in build/deb/, and lintian
# checks them (scripts/deb.sh).
deb: deps-deb
	@sh scripts/deb.sh

bench-tools: $(BENCH_TOOLS)

$(BENCH_TOOLS): bench/%: bench/%.c
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) -o $@ $<

# The same sources as devtool built without the hardening flags (as the
# compiler builds by default), whose start-up make bench sets against the
# hardened binary's: the price of the hardening.
build/plain/devtool: $(addprefix build/plain/,$(OBJS))
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(START_LDFLAGS) \
	    $(addprefix build/plain/,$(START_OBJS) \
	    $(filter-out $(START_OBJS),$(OBJS))) $(LDLIBS)

# The floor of the start-up (make bench): a program hardened as devtool
# is that binds the functions devtool imports and does nothing else.
build/bench/imports_floor: devtool bench/imports_floor.sh
	@mkdir -p build/bench
	sh bench/imports_floor.sh devtool >build/bench/imports_floor.c
	$(CC) $(HARDEN_CPPFLAGS) $(CFLAGS) $(HARDEN_CFLAGS) -fno-builtin -w \
	    $(LDFLAGS) $(HARDEN_LDFLAGS) -o $@ build/bench/imports_floor.c

bench: deps
	@$(MAKE) --no-print-directory all bench-tools build/plain/devtool \
	    build/bench/imports_floor
	@bash bench/run.sh

# Everything the build makes, and nothing else: after it, a clone is as
# checked out (tests/build.bats).
clean:
	rm -rf devtool libdevtool.a src/*.o src/*.d src/*/*.o src/*/*.d tests/*.o tests/*.d $(UNIT_BINS) \
	    $(TEST_TOOLS) build fuzz/bin $(BENCH_TOOLS)

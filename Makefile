# devtool - encode, decode and create Unix device numbers
VERSION   = 0.1.0
PREFIX   ?= /usr/local
BINDIR   ?= $(PREFIX)/bin
MANDIR   ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/vendor-completions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
DESTDIR  ?=

CC       ?= cc
CFLAGS   ?= -O2 -g
WARN      = -std=gnu11 -Wall -Wextra -Werror
CPPFLAGS += -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -DVERSION='"$(VERSION)"'
# popt and libbsd are linked statically: two fewer shared objects to map
# and relocate halves devtool's start-up overhead over /bin/true (bench).
LDLIBS   += -Wl,-Bstatic -lpopt -lbsd -lmd -Wl,-Bdynamic

SRCS     = $(wildcard src/*.c)
OBJS     = $(SRCS:.c=.o)
HDRS     = $(wildcard src/*.h)

UNITS    = tests/unit_encode tests/unit_table
# The attacker programs of tests/race.bats, run as another user.
TEST_TOOLS = tests/attack/exchanger tests/attack/swapper tests/attack/mover \
	tests/attack/noexchange
ASAN     = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

.PHONY: all deps deps-harden run check check-asan check-valgrind lint fuzz install \
	uninstall bench clean

all: devtool

devtool: $(OBJS)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(OBJS) $(LDLIBS)

src/%.o: src/%.c $(HDRS)
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

# Installs what building and testing need (apt-get as root), or says what.
deps:
	@sh scripts/deps.sh

run: deps
	@$(MAKE) --no-print-directory all
	@sh scripts/demo.sh ./devtool

# Unit tests link only the pure modules they test.
tests/unit_encode: tests/unit_encode.c src/encode.c $(HDRS)
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) -Isrc -o $@ tests/unit_encode.c src/encode.c
tests/unit_table: tests/unit_table.c src/table.c src/encode.c $(HDRS)
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) -Isrc -o $@ tests/unit_table.c src/table.c src/encode.c

tests/attack/%: tests/attack/%.c tests/attack/attack.h
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) -o $@ $<

check: deps
	@$(MAKE) --no-print-directory all $(UNITS) $(TEST_TOOLS)
	@sh tests/run.sh

# The same tests against a build with AddressSanitizer and UBSan.
# (Shared popt and libbsd here: their static archives are not PIC.)
build/asan/devtool: $(SRCS) $(HDRS)
	@mkdir -p build/asan
	$(CC) $(WARN) $(CPPFLAGS) -O1 -g $(ASAN) -o $@ $(SRCS) -lpopt -lbsd
build/asan/unit_encode: tests/unit_encode.c src/encode.c $(HDRS)
	@mkdir -p build/asan
	$(CC) $(WARN) $(CPPFLAGS) -O1 -g $(ASAN) -Isrc -o $@ tests/unit_encode.c src/encode.c
build/asan/unit_table: tests/unit_table.c src/table.c src/encode.c $(HDRS)
	@mkdir -p build/asan
	$(CC) $(WARN) $(CPPFLAGS) -O1 -g $(ASAN) -Isrc -o $@ tests/unit_table.c src/table.c src/encode.c

deps-harden:
	@sh scripts/deps.sh harden

check-asan: deps-harden
	@$(MAKE) --no-print-directory build/asan/devtool build/asan/unit_encode \
	    build/asan/unit_table $(TEST_TOOLS)
	@ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	    DEVTOOL=$(CURDIR)/build/asan/devtool UNIT_DIR=build/asan sh tests/run.sh

# The bats suites with every devtool run under valgrind (slow).
check-valgrind: deps-harden
	@$(MAKE) --no-print-directory all $(UNITS) $(TEST_TOOLS)
	@rm -rf build/valgrind && mkdir -p build/valgrind
	@DEVTOOL_REAL=$(CURDIR)/devtool DEVTOOL=$(CURDIR)/tests/valgrind-devtool \
	    VALGRIND_LOGS=$(CURDIR)/build/valgrind sh tests/run.sh; \
	rc=$$?; bad=$$(grep -lE 'ERROR SUMMARY: [1-9]|definitely lost|Invalid (read|write)|uninitialised' \
	    build/valgrind/*.log 2>/dev/null | wc -l); \
	echo "valgrind: $$(ls build/valgrind | wc -l) runs, $$bad with memory errors or leaks"; \
	[ $$rc -eq 0 ] && [ $$bad -eq 0 ]

lint: deps-harden
	@sh fuzz/lint.sh

fuzz: deps-harden
	@sh fuzz/run.sh

install: devtool
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
	    $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 755 devtool $(DESTDIR)$(BINDIR)/devtool
	install -m 644 man/devtool.1 $(DESTDIR)$(MANDIR)/man1/devtool.1
	install -m 644 completions/devtool.bash $(DESTDIR)$(BASHCOMPDIR)/devtool
	install -m 644 completions/_devtool $(DESTDIR)$(ZSHCOMPDIR)/_devtool
	install -m 644 completions/devtool.fish $(DESTDIR)$(FISHCOMPDIR)/devtool.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/devtool $(DESTDIR)$(MANDIR)/man1/devtool.1 \
	    $(DESTDIR)$(BASHCOMPDIR)/devtool $(DESTDIR)$(ZSHCOMPDIR)/_devtool \
	    $(DESTDIR)$(FISHCOMPDIR)/devtool.fish

bench: deps
	@$(MAKE) --no-print-directory all
	@sh bench/run.sh

clean:
	rm -rf devtool $(OBJS) $(UNITS) $(TEST_TOOLS) build fuzz/bin bench/ref_decode \
	    bench/ref_mknod bench/peak_rss

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
LDLIBS   += -lpopt -lbsd

SRCS     = $(wildcard src/*.c)
OBJS     = $(SRCS:.c=.o)
HDRS     = $(wildcard src/*.h)

.PHONY: all deps run check unit bats install uninstall bench clean

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

tests/unit_encode: tests/unit_encode.c src/encode.c src/encode.h
	$(CC) $(WARN) $(CPPFLAGS) $(CFLAGS) -Isrc -o $@ tests/unit_encode.c src/encode.c

check: deps
	@$(MAKE) --no-print-directory all tests/unit_encode
	@sh tests/run.sh

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
	rm -f devtool $(OBJS) tests/unit_encode bench/ref_decode

# Builds and installs devcaps like a Debian tool:
#   make                                   the release binary, .build/release/devcaps
#   make install PREFIX=/usr/local         (DESTDIR=… to stage into a directory, as packagers do)
#   make uninstall PREFIX=/usr/local       removes exactly what install put there
# No sudo here: run `sudo make install` yourself, after `make` as yourself.

SWIFT ?= swift
# The release build, also what scripts/run.sh builds (it runs `make build`). Static Swift standard
# library, linked by lld. No $ORIGIN rpath: the dynamic loader would look for each system library in
# .build/release first. Concrete generic types' metadata through direct accessors, not by
# mangled name: the runtime checked each one's generic requirements by scanning all 4,000
# conformance records (a quarter of `list --json`). No dynamic symbols exported
# (scripts/release-exports.map says why).
#
# Position-dependent unless PIE=1. A position-independent binary has 40,000 addresses in its data
# that the loader rewrites at every start: 128 pages copied, a third of a `get`'s page faults and
# 0.3 ms of its 2.5 ms (issue #10). devcaps is not setuid, and its parsers are memory-safe Swift
# and fuzzed; PIE=1 is for those who want the executable's own address randomised too:
# debian/rules builds it, as Debian's hardening policy asks. It packs the relocations (DT_RELR:
# 8 KB instead of 950 KB, and glibc 2.36 or later).
PIE ?= 0
ifeq ($(PIE),1)
POSITION_FLAGS = -Xlinker -z -Xlinker pack-relative-relocs
else
POSITION_FLAGS = -Xlinker -no-pie
endif
#
# libstdc++ linked statically unless STATIC_CXX=0 (the Swift runtime is C++). Loading
# libstdc++.so and binding its symbols was three quarters of a hello world's 2.1 M instructions
# and a fifth of its time. SwiftPM cannot ask for it: the Swift driver's own `-lstdc++` comes
# first, so the build points clang (-Xclang-linker -L) at a directory where libstdc++.a is the
# only libstdc++ (.build/static-libstdc++, a link to GCC's, from libstdc++-12-dev). Its unwinder
# (libgcc_eh) is linked statically too: libgcc_s.so was loaded for its 13 _Unwind_ functions
# alone, 9 system calls, 8 page faults and 19,000 instructions of every start (issue #39).
STATIC_CXX ?= 1
STATIC_CXX_DIR = $(CURDIR)/.build/static-libstdc++
ifeq ($(STATIC_CXX),1)
CXX_FLAGS = -Xswiftc -Xclang-linker -Xswiftc -L$(STATIC_CXX_DIR) -Xswiftc -Xclang-linker -Xswiftc -static-libgcc
CXX_LIBRARY = $(STATIC_CXX_DIR)/libstdc++.a
endif
#
# Functions in their own sections (-function-sections), laid out in the order of
# scripts/release-symbol-order.txt: the code the hot commands run, together. The kernel maps code
# 64 KB around each page a program touches, all of it resident; spread over 10 MB, the 400 KB that
# `list --json` runs kept 4.9 MB resident, now 2 MB (most of it the standard library's own .text,
# 1.6 MB compiled without sections, which cannot move). The data they read and write is laid out
# the same way, at the start of each data section. `make symbol-order` writes the file from
# callgrind and lackey (valgrind: scripts/benchmark.sh installs it).
# (Swift skips writing an object whose code did not change, even under new flags: after changing
# these, delete .build/release's objects.)
RELEASE_BUILD_FLAGS = -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -use-ld=lld \
  $(POSITION_FLAGS) $(CXX_FLAGS) \
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
  -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections -Xcc -fdata-sections \
  -Xlinker --version-script=$(CURDIR)/scripts/release-exports.map \
  -Xlinker --symbol-ordering-file=$(CURDIR)/scripts/release-symbol-order.txt -Xlinker --no-warn-symbol-ordering
SWIFT_RELEASE_FLAGS = $(RELEASE_BUILD_FLAGS) --product devcaps
RELEASE_BINARY = .build/release/devcaps
# The binary install copies and runs to generate the completions; the tests pass their debug build.
BINARY ?= $(RELEASE_BINARY)

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
BASH_COMPLETION_DIR ?= $(PREFIX)/share/bash-completion/completions
# Debian's zsh reads vendor-completions (its site-functions is for the local administrator).
ZSH_COMPLETION_DIR ?= $(PREFIX)/share/zsh/vendor-completions
FISH_COMPLETION_DIR ?= $(PREFIX)/share/fish/vendor_completions.d
DATADIR ?= $(PREFIX)/share/devcaps
# $(PREFIX)/lib/systemd/system, not /lib or /etc: systemd's unit search path has both
# /usr/lib/systemd/system (packages, PREFIX=/usr) and /usr/local/lib/systemd/system (the
# administrator's, PREFIX=/usr/local), so the units are found either way and stay inside PREFIX.
SYSTEMD_UNIT_DIR ?= $(PREFIX)/lib/systemd/system

SCHEMAS = $(notdir $(wildcard Schemas/*.json))
SYSTEMD_UNITS = $(notdir $(wildcard contrib/systemd/*.service contrib/systemd/*.timer))

.PHONY: all build install uninstall release-flags symbol-order check

all: build

build: $(CXX_LIBRARY)
	$(SWIFT) build $(SWIFT_RELEASE_FLAGS)

$(STATIC_CXX_DIR)/libstdc++.a:
	@library=$$("$$(dirname "$$(command -v $(SWIFT))")/clang" -print-file-name=libstdc++.a); \
	  [ -f "$$library" ] || { echo "make: no static libstdc++ (install libstdc++-12-dev, or build with STATIC_CXX=0)" >&2; exit 1; }; \
	  mkdir -p $(@D) && ln -sf "$$library" $@

# Profiles the hot commands (callgrind) and writes their functions' order, then links with it.
symbol-order: $(CXX_LIBRARY)
	$(SWIFT) build $(SWIFT_RELEASE_FLAGS) -Xlinker -Map=$(CURDIR)/.build/release-layout.map -Xlinker --no-demangle
	python3 scripts/symbol-order.py .build/release-layout.map
	rm -f $(RELEASE_BINARY)
	$(SWIFT) build $(SWIFT_RELEASE_FLAGS)

# The flags alone, for scripts/benchmark.sh's hello world "built the same way".
release-flags: $(CXX_LIBRARY)
	@echo $(RELEASE_BUILD_FLAGS)

# `make install` without a binary builds it first; after changing the sources, run `make` again.
$(RELEASE_BINARY): $(CXX_LIBRARY)
	$(SWIFT) build $(SWIFT_RELEASE_FLAGS)

install: $(BINARY)
	install -D -m 0755 "$(BINARY)" "$(DESTDIR)$(BINDIR)/devcaps"
	install -D -m 0644 man/devcaps.1 "$(DESTDIR)$(MANDIR)/man1/devcaps.1"
	set -e; staging=$$(mktemp -d); trap 'rm -rf "$$staging"' EXIT; \
	for shell in bash zsh fish; do "$(BINARY)" --generate-completion-script $$shell > "$$staging/$$shell"; done; \
	install -D -m 0644 "$$staging/bash" "$(DESTDIR)$(BASH_COMPLETION_DIR)/devcaps"; \
	install -D -m 0644 "$$staging/zsh" "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_devcaps"; \
	install -D -m 0644 "$$staging/fish" "$(DESTDIR)$(FISH_COMPLETION_DIR)/devcaps.fish"; \
	for unit in $(SYSTEMD_UNITS); do \
	  sed 's|/usr/local/bin/devcaps|$(BINDIR)/devcaps|g' "contrib/systemd/$$unit" > "$$staging/$$unit"; \
	  install -D -m 0644 "$$staging/$$unit" "$(DESTDIR)$(SYSTEMD_UNIT_DIR)/$$unit"; \
	done
	for schema in $(SCHEMAS); do install -D -m 0644 "Schemas/$$schema" "$(DESTDIR)$(DATADIR)/schemas/$$schema" || exit 1; done

# Leaves the shared directories (bin, man1, the completion and unit directories) and removes
# share/devcaps/schemas and share/devcaps, which only devcaps uses, when nothing else is in them.
uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/devcaps" "$(DESTDIR)$(MANDIR)/man1/devcaps.1" \
	  "$(DESTDIR)$(BASH_COMPLETION_DIR)/devcaps" "$(DESTDIR)$(ZSH_COMPLETION_DIR)/_devcaps" \
	  "$(DESTDIR)$(FISH_COMPLETION_DIR)/devcaps.fish"
	for unit in $(SYSTEMD_UNITS); do rm -f "$(DESTDIR)$(SYSTEMD_UNIT_DIR)/$$unit"; done
	for schema in $(SCHEMAS); do rm -f "$(DESTDIR)$(DATADIR)/schemas/$$schema"; done
	if [ -d "$(DESTDIR)$(DATADIR)/schemas" ]; then rmdir --ignore-fail-on-non-empty "$(DESTDIR)$(DATADIR)/schemas"; fi
	if [ -d "$(DESTDIR)$(DATADIR)" ]; then rmdir --ignore-fail-on-non-empty "$(DESTDIR)$(DATADIR)"; fi

# The inner loop (a few minutes on two cores): the source checks, the build, the whole Swift test
# bundle (unit, API and end-to-end tests; about 70 s) and the generated documents. The whole test
# command is scripts/test.sh.
check:
	scripts/check-self-contained.sh
	scripts/check-io-funnel.sh
	scripts/check-format.sh
	$(SWIFT) build --build-tests
	scripts/run-swift-tests.sh .build/check.log .build/check-hangs.log
	scripts/generate-man-page.sh --check
	scripts/generate-cli-reference.sh --check

# SPDX-License-Identifier: MIT
# format.mk - the C layout of the tree, as .clang-format states it.
#
#   make format         rewrites every committed .c/.h file with clang-format
#   make check-format   fails, naming the files, if one is not formatted
#                       (part of `make ci`; needs clang-format, in ci-deps)

CLANG_FORMAT ?= clang-format
# Every committed C file (the generated tables live under build/).
FORMAT_FILES = $(shell git ls-files '*.c' '*.h' 2>/dev/null)

CI_PACKAGES += clang-format

.PHONY: format check-format
format:
	$(CLANG_FORMAT) -i $(FORMAT_FILES)

check-format:
	@bad=; for f in $(FORMAT_FILES); do \
	    $(CLANG_FORMAT) "$$f" | cmp -s - "$$f" || bad="$$bad $$f"; \
	done; \
	if [ -n "$$bad" ]; then echo "check-format: not formatted (make format):$$bad"; exit 1; fi; \
	echo "check-format: $(words $(FORMAT_FILES)) files formatted as .clang-format says"

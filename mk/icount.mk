# SPDX-License-Identifier: MIT
# icount.mk - instruction counts (valgrind) of the workloads of
# tests/perf/icount.c: full perft through mana_play/mana_undo, random
# playouts, bulk perft, mana_copy; and the ab bot's nodes per second.
# BENCHMARKS.md, "Play, undo and copy", comes from this.  About 2 minutes.
#
#   make icount                    this tree
#   make icount ICOUNT_REF=c4adf51 the same for a commit too, in one run,
#                                  side by side (before / after)

ICOUNT_REF ?=
ICOUNT_ARGS ?=

.PHONY: icount
icount:
	tools/icount.sh $(if $(ICOUNT_REF),--ref $(ICOUNT_REF)) $(ICOUNT_ARGS)

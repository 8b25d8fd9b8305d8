# SPDX-License-Identifier: MIT
# cli.mk - tests of mana-cli's play loop, game records, bots, match and
# engine protocol, run by `make check` as check-cli (tests/README.md lists every
# part of `make check`):
#   check-bots           the bots' own suites (mk/bots.mk, tests/bots/)
#   tests/cli/run.sh     play, records, engine, match through the binary,
#                        and mandoc -Tlint of man/man1/mana-cli.1

.PHONY: check-cli
check-cli: $(CLI) check-bots
	sh tests/cli/run.sh $(CLI) man/man1/mana-cli.1

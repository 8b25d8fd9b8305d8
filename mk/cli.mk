# SPDX-License-Identifier: MIT
# cli.mk - tests of mana-cli's play loop, game records, bots, match and
# engine protocol (issue 3), run by `make check` as check-cli:
#   tests/cli/botcheck   the bots (C, linked with the bot objects)
#   tests/cli/run.sh     play, records, engine, match through the binary,
#                        and mandoc -Tlint of man/man1/mana-cli.1

CLI_BOT_OBJ := examples/cli/bot.o examples/cli/bot_random.o \
    examples/cli/bot_ab.o examples/cli/bot_mcts.o

tests/cli/botcheck: tests/cli/botcheck.c $(CLI_BOT_OBJ) libmana.a $(CLI_HDR)
	$(call say,LD,$@)
	$(Q)$(CC) $(BASE_CFLAGS) -D_POSIX_C_SOURCE=200809L -Iexamples/cli $(CFLAGS) \
	    -o $@ $< $(CLI_BOT_OBJ) libmana.a $(LDFLAGS) -lm -lpthread

.PHONY: check-cli
check-cli: examples/mana-cli tests/cli/botcheck
	./tests/cli/botcheck
	sh tests/cli/run.sh ./examples/mana-cli man/man1/mana-cli.1

CHECK_STEPS += check-cli
CLEAN_FILES += tests/cli/botcheck

/* SPDX-License-Identifier: MIT */
/*
 * The suites of the check runner, one per API area (the sections of
 * include/mana.h), in the order a game flows through them.  Each line names a
 * function `Suite *NAME_suite(void)` defined in tests/check_NAME.c.
 * Add a line when you add a suite file.
 */
#define MANA_TEST_SUITES(X) \
    X(lifecycle)            \
    X(options)              \
    X(mfn)                  \
    X(move_text)            \
    X(rules)                \
    X(setup)                \
    X(movegen)              \
    X(play)                 \
    X(perft)                \
    X(errors)               \
    X(reach)                \
    X(action)               \
    X(batch)                \
    X(record)               \
    X(picture)              \
    X(vocab)

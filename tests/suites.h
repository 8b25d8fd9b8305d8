/* SPDX-License-Identifier: MIT */
/*
 * The suites of the check runner, one per module.  Each line names a
 * function `Suite *NAME_suite(void)` defined in tests/check_NAME.c.
 * Add a line when you add a suite file.
 */
#define MANA_TEST_SUITES(X) \
    X(smoke)                \
    X(rules)                \
    X(setup)                \
    X(perft)                \
    X(refgen)               \
    X(play)                 \
    X(mfn)                  \
    X(move_text)            \
    X(options)              \
    X(errors)               \
    X(bulk)                 \
    X(reach)                \
    X(action)               \
    X(batch)                \
    X(copy)                 \
    X(record)               \
    X(picture)              \
    X(vocab)

/* SPDX-License-Identifier: MIT */
/* The one check runner: every suite listed in suites.h.  CK_FORK=no for
 * valgrind and gdb; CK_RUN_SUITE / CK_RUN_CASE to run one part. */
#include <check.h>
#include <stdlib.h>

#include "suites.h"

#define DECLARE_SUITE(name) Suite *name##_suite(void);
MANA_TEST_SUITES(DECLARE_SUITE)

int main(void)
{
    SRunner *sr = srunner_create(NULL);
#define ADD_SUITE(name) srunner_add_suite(sr, name##_suite());
    MANA_TEST_SUITES(ADD_SUITE)
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

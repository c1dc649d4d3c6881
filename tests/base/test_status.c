/* test_status.c - status names/messages and the version agree with the header. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "gridgeom/base.h"

static void status__every_status_has_a_name_and_message(void **state)
{
    (void)state;
#define CHECK_(name, value, text)                                                                  \
    assert_string_equal(gg_status_name(name), #name);                                              \
    assert_string_equal(gg_status_message(name), text);                                            \
    assert_int_equal((int)(name), value);
    GG_STATUS_LIST(CHECK_)
#undef CHECK_
    assert_string_equal(gg_status_name((gg_status)12345), "GG_UNKNOWN_STATUS");
    assert_string_equal(gg_status_message((gg_status)12345), "unknown status");
}

static void status__failed_means_negative(void **state)
{
    (void)state;
    assert_false(gg_failed(GG_OK));
    assert_false(gg_failed(GG_PARTIAL));
    assert_true(gg_failed(GG_E_INVALID_ARG));
    assert_true(gg_failed(GG_E_INTERNAL));
}

static void status__runtime_version_matches_header(void **state)
{
    (void)state;
    assert_int_equal(gg_version(), GG_VERSION_NUMBER);
    assert_string_equal(gg_version_string(), "0.2.0");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(status__every_status_has_a_name_and_message),
        cmocka_unit_test(status__failed_means_negative),
        cmocka_unit_test(status__runtime_version_matches_header),
    };
    return cmocka_run_group_tests_name("base/status", tests, NULL, NULL);
}

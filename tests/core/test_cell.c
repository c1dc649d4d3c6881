/* test_cell.c - cell ids: canonical formatting, the strict ASCII parse grammar of departure (a),
 * int32 limits and format/parse round trips. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_rng.h"

#include "gridgeom/core.h"

static gg_status parse_str(const char *s, gg_cell *out, const char **reason)
{
    return gg_cell_parse(s, strlen(s), out, reason);
}

static void expect_ok(const char *s, int32_t col, int32_t row)
{
    gg_cell c = gg_cell_make(-7, -7);
    const char *reason = "unset";
    gg_status st = parse_str(s, &c, &reason);
    if (st != GG_OK)
        print_error("input \"%s\": %s\n", s, reason != NULL ? reason : "(null)");
    assert_int_equal(st, GG_OK);
    assert_null(reason);
    assert_int_equal(c.col, col);
    assert_int_equal(c.row, row);
}

/* Checks status, reason text (when `why` is not NULL) and that *out is reset to (0,0). */
static void expect_fail_n(const char *s, size_t len, gg_status want, const char *why)
{
    gg_cell c = gg_cell_make(5, 5);
    const char *reason = NULL;
    gg_status st = gg_cell_parse(s, len, &c, &reason);
    if (st != want)
        print_error("input of %zu bytes: got %s (%s)\n", len, gg_status_name(st),
                    reason != NULL ? reason : "(null)");
    assert_int_equal(st, want);
    assert_non_null(reason);
    if (why != NULL)
        assert_string_equal(reason, why);
    assert_int_equal(c.col, 0);
    assert_int_equal(c.row, 0);
}

static void expect_fail(const char *s, gg_status want, const char *why)
{
    expect_fail_n(s, strlen(s), want, why);
}

static void cell__format_writes_canonical_ids(void **state)
{
    (void)state;
    char buf[GG_CELL_ID_MAX];
    assert_int_equal(gg_cell_format(gg_cell_make(0, 0), buf, sizeof buf), 3);
    assert_string_equal(buf, "0,0");
    /* hand/cell_id vectors */
    gg_cell_format(gg_cell_make(-1, 5), buf, sizeof buf);
    assert_string_equal(buf, "-1,5");
    gg_cell_format(gg_cell_make(12, -3), buf, sizeof buf);
    assert_string_equal(buf, "12,-3");
    gg_cell_format(gg_cell_make(123456, 7), buf, sizeof buf);
    assert_string_equal(buf, "123456,7");
    gg_cell_format(gg_cell_make(10, 100), buf, sizeof buf);
    assert_string_equal(buf, "10,100");
}

static void cell__format_longest_id_fits_the_max(void **state)
{
    (void)state;
    char buf[GG_CELL_ID_MAX];
    int32_t n = gg_cell_format(gg_cell_make(INT32_MIN, INT32_MIN), buf, sizeof buf);
    assert_int_equal(n, GG_CELL_ID_MAX - 1);
    assert_string_equal(buf, "-2147483648,-2147483648");
    n = gg_cell_format(gg_cell_make(INT32_MAX, INT32_MIN), buf, sizeof buf);
    assert_int_equal(n, 22);
    assert_string_equal(buf, "2147483647,-2147483648");
}

static void cell__format_truncates_like_snprintf(void **state)
{
    (void)state;
    assert_int_equal(gg_cell_format(gg_cell_make(12, -3), NULL, 0), 5);
    char buf[8];
    memset(buf, 'x', sizeof buf);
    assert_int_equal(gg_cell_format(gg_cell_make(12, -3), buf, 0), 5);
    assert_int_equal(buf[0], 'x'); /* cap 0 writes nothing */
    assert_int_equal(gg_cell_format(gg_cell_make(12, -3), buf, 1), 5);
    assert_string_equal(buf, "");
    memset(buf, 'x', sizeof buf);
    assert_int_equal(gg_cell_format(gg_cell_make(12, -3), buf, 4), 5);
    assert_string_equal(buf, "12,");
    assert_int_equal(buf[4], 'x'); /* nothing past cap */
    assert_int_equal(gg_cell_format(gg_cell_make(12, -3), buf, 6), 5);
    assert_string_equal(buf, "12,-3");
}

/* Every accepted row of the model's §2.1 table, plus the hand/parse_cell vectors. */
static void cell__parse_accepts_the_spec_table(void **state)
{
    (void)state;
    expect_ok("3,4", 3, 4);
    expect_ok(" 1 , 2 ", 1, 2);
    expect_ok("+1,+2", 1, 2);
    expect_ok("01,002", 1, 2);
    expect_ok("\t3,\n4", 3, 4);
    expect_ok("1,2 ", 1, 2);
    expect_ok("-1,2", -1, 2);
    expect_ok("-0,0", 0, 0);
    expect_ok("0,0", 0, 0);
    expect_ok("2,-7", 2, -7);
    expect_ok(" 1,2", 1, 2);
    expect_ok("1, 2", 1, 2);
    expect_ok("+0,-0", 0, 0);
}

static void cell__parse_accepts_every_ascii_whitespace(void **state)
{
    (void)state;
    expect_ok(" \t\n\v\f\r7 \t\n\v\f\r, \t\n\v\f\r-8 \t\n\v\f\r", 7, -8);
}

/* Every rejected row of §2.1 and every form named in departure (a). */
static void cell__parse_rejects_the_spec_table(void **state)
{
    (void)state;
    expect_fail("", GG_E_PARSE, "the id is empty");
    expect_fail(",", GG_E_PARSE, "the column part is empty");
    expect_fail("1,", GG_E_PARSE, "the row part is empty");
    expect_fail(",1", GG_E_PARSE, "the column part is empty");
    expect_fail(" ,1", GG_E_PARSE, "the column part is empty");
    expect_fail("1, \t", GG_E_PARSE, "the row part is empty");
    expect_fail("1", GG_E_PARSE, "there is no comma");
    expect_fail("1;2", GG_E_PARSE, "there is no comma");
    expect_fail("1,2,3", GG_E_PARSE, "more than one comma");
    expect_fail("1,,2", GG_E_PARSE, "more than one comma");
    expect_fail("a,b", GG_E_PARSE, "the column part is not a decimal integer");
    expect_fail("1,b", GG_E_PARSE, "the row part is not a decimal integer");
    expect_fail("1.0,2", GG_E_PARSE, "the column part is not a decimal integer");
    expect_fail("0x1,2", GG_E_PARSE, "the column part is not a decimal integer");
    expect_fail("1 0,2", GG_E_PARSE, "whitespace inside a number is not allowed");
    expect_fail("1,2 -", GG_E_PARSE, "whitespace inside a number is not allowed");
    expect_fail("--1,2", GG_E_PARSE, "a sign must be followed directly by digits");
    expect_fail("+-1,2", GG_E_PARSE, "a sign must be followed directly by digits");
    expect_fail("- 1,2", GG_E_PARSE, "a sign must be followed directly by digits");
    expect_fail("1,+", GG_E_PARSE, "a sign must be followed directly by digits");
    expect_fail("1-,2", GG_E_PARSE, "the column part is not a decimal integer");
}

/* Python's int() takes these; departure (a) does not. */
static void cell__parse_rejects_underscores_and_non_ascii(void **state)
{
    (void)state;
    expect_fail("1_0,2", GG_E_PARSE, "an underscore is not allowed");
    expect_fail("_1,2", GG_E_PARSE, "an underscore is not allowed");
    expect_fail("1,2_", GG_E_PARSE, "an underscore is not allowed");
    expect_fail("1__0,2", GG_E_PARSE, "an underscore is not allowed");
    /* U+0661 ARABIC-INDIC DIGIT ONE, U+00A0 NO-BREAK SPACE, U+2003 EM SPACE, U+FF11 FULLWIDTH 1 */
    expect_fail("\xd9\xa1,2", GG_E_PARSE, "a non-ASCII character is not allowed");
    expect_fail("\xc2\xa0"
                "1,2",
                GG_E_PARSE, "a non-ASCII character is not allowed");
    expect_fail("1\xe2\x80\x83,2", GG_E_PARSE, "a non-ASCII character is not allowed");
    expect_fail("1,\xef\xbc\x91", GG_E_PARSE, "a non-ASCII character is not allowed");
}

static void cell__parse_reads_exactly_len_bytes(void **state)
{
    (void)state;
    gg_cell c;
    const char *reason = "unset";
    /* No NUL needed: only the first 3 bytes count. */
    assert_int_equal(gg_cell_parse("1,23", 3, &c, &reason), GG_OK);
    assert_int_equal(c.col, 1);
    assert_int_equal(c.row, 2);
    assert_null(reason);
    /* An embedded NUL is just an invalid character. */
    expect_fail_n("1\0,2", 4, GG_E_PARSE, "the column part is not a decimal integer");
    expect_fail_n("1,2\0", 4, GG_E_PARSE, "the row part is not a decimal integer");
    expect_fail_n("1,2", 0, GG_E_PARSE, "the id is empty");
}

static void cell__parse_enforces_int32_limits(void **state)
{
    (void)state;
    expect_ok("2147483647,-2147483648", INT32_MAX, INT32_MIN);
    expect_ok("-2147483648,2147483647", INT32_MIN, INT32_MAX);
    expect_ok("+00000000000000000000002147483647,-000000000000000000002147483648", INT32_MAX,
              INT32_MIN);
    const char *why = "a coordinate does not fit int32";
    expect_fail("2147483648,0", GG_E_TOO_LARGE, why);
    expect_fail("0,-2147483649", GG_E_TOO_LARGE, why);
    expect_fail("0,2147483648", GG_E_TOO_LARGE, why);
    expect_fail("-2147483649,0", GG_E_TOO_LARGE, why);
    expect_fail("4294967296,0", GG_E_TOO_LARGE, why);           /* would wrap to 0 in 32 bits */
    expect_fail("18446744073709551617,0", GG_E_TOO_LARGE, why); /* would wrap to 1 in 64 */
    expect_fail("99999999999999999999999999999999999999,1", GG_E_TOO_LARGE, why);
    /* A grammar error anywhere wins over an overflow. */
    expect_fail("99999999999,x", GG_E_PARSE, "the row part is not a decimal integer");
    expect_fail("99999999999,1,", GG_E_PARSE, "more than one comma");
}

static void cell__parse_rejects_null_arguments(void **state)
{
    (void)state;
    gg_cell c = gg_cell_make(3, 3);
    const char *reason = NULL;
    assert_int_equal(gg_cell_parse("1,2", 3, NULL, &reason), GG_E_INVALID_ARG);
    assert_non_null(reason);
    reason = NULL;
    assert_int_equal(gg_cell_parse(NULL, 3, &c, &reason), GG_E_INVALID_ARG);
    assert_non_null(reason);
    assert_int_equal(c.col, 0);
    assert_int_equal(c.row, 0);
    /* NULL with len 0 is the empty id, a parse error rather than misuse. */
    assert_int_equal(gg_cell_parse(NULL, 0, &c, &reason), GG_E_PARSE);
    /* out_reason is optional. */
    assert_int_equal(gg_cell_parse("4,5", 3, &c, NULL), GG_OK);
    assert_int_equal(c.col, 4);
    assert_int_equal(gg_cell_parse("4,", 2, &c, NULL), GG_E_PARSE);
    assert_int_equal(c.col, 0);
}

static int32_t random_coord(fx_rng *s)
{
    uint64_t r = fx_next64(s);
    switch (r % 4u) {
    case 0:
        return (int32_t)((int64_t)(r >> 8) % 100 - 50);
    case 1:
        return (r >> 8) & 1u ? INT32_MAX - (int32_t)((r >> 9) % 3u)
                             : INT32_MIN + (int32_t)((r >> 9) % 3u);
    default:
        return (int32_t)(uint32_t)(r >> 32);
    }
}

static void cell__format_then_parse_round_trips(void **state)
{
    (void)state;
    fx_rng s;
    fx_rng_seed(&s, 20240611u, "cell__format_then_parse_round_trips");
    for (int i = 0; i < 20000; ++i) {
        gg_cell c = gg_cell_make(random_coord(&s), random_coord(&s));
        char buf[GG_CELL_ID_MAX];
        int32_t n = gg_cell_format(c, buf, sizeof buf);
        assert_true(n > 0 && n < GG_CELL_ID_MAX);
        assert_int_equal((size_t)n, strlen(buf));
        /* Canonical: no '+', no leading zero, and "-0" never appears. */
        assert_null(strchr(buf, '+'));
        assert_false(buf[0] == '0' && buf[1] != ',');
        gg_cell back = gg_cell_make(0, 0);
        assert_int_equal(gg_cell_parse(buf, (size_t)n, &back, NULL), GG_OK);
        assert_true(gg_cell_eq(back, c));
        /* Padding with whitespace and leading zeros still parses to the same cell. */
        char padded[64];
        const char *comma = strchr(buf, ',');
        int col_len = (int)(comma - buf);
        snprintf(padded, sizeof padded, " \t%.*s ,\n%s\r", col_len, buf, comma + 1);
        assert_int_equal(parse_str(padded, &back, NULL), GG_OK);
        assert_true(gg_cell_eq(back, c));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cell__format_writes_canonical_ids),
        cmocka_unit_test(cell__format_longest_id_fits_the_max),
        cmocka_unit_test(cell__format_truncates_like_snprintf),
        cmocka_unit_test(cell__parse_accepts_the_spec_table),
        cmocka_unit_test(cell__parse_accepts_every_ascii_whitespace),
        cmocka_unit_test(cell__parse_rejects_the_spec_table),
        cmocka_unit_test(cell__parse_rejects_underscores_and_non_ascii),
        cmocka_unit_test(cell__parse_reads_exactly_len_bytes),
        cmocka_unit_test(cell__parse_enforces_int32_limits),
        cmocka_unit_test(cell__parse_rejects_null_arguments),
        cmocka_unit_test(cell__format_then_parse_round_trips),
    };
    return cmocka_run_group_tests_name("core/cell", tests, NULL, NULL);
}

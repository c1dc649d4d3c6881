/* cell.c - canonical cell ids: formatting "col,row" and parsing it with a strict ASCII grammar.
 * Layer: core. */
#include "gridgeom/core.h"

/* Nat20 parses ids with Python's int(), which also takes '_' separators, Unicode digits and
 * Unicode whitespace. libgridgeom keeps only the ASCII subset (a departure, docs/nat20.md) so that
 * one cell has exactly one family of spellings and every spelling canonicalises to one cell. */

int32_t gg_cell_format(gg_cell c, char *buf, size_t cap)
{
    char tmp[GG_CELL_ID_MAX];
    int32_t len = 0;
    const int32_t parts[2] = {c.col, c.row};
    for (int i = 0; i < 2; ++i) {
        /* Work on the magnitude in unsigned so INT32_MIN needs no special case. */
        uint32_t mag = parts[i] < 0 ? 0u - (uint32_t)parts[i] : (uint32_t)parts[i];
        char digits[10];
        int nd = 0;
        do {
            digits[nd++] = (char)('0' + (int)(mag % 10u));
            mag /= 10u;
        } while (mag != 0u);
        if (i == 1)
            tmp[len++] = ',';
        if (parts[i] < 0)
            tmp[len++] = '-';
        while (nd > 0)
            tmp[len++] = digits[--nd];
    }
    if (cap > 0 && buf != NULL) {
        size_t n = (size_t)len < cap - 1 ? (size_t)len : cap - 1;
        for (size_t i = 0; i < n; ++i)
            buf[i] = tmp[i];
        buf[n] = '\0';
    }
    return len;
}

static bool gg__is_ascii_space(unsigned char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\v' || ch == '\f' || ch == '\r';
}

static bool gg__is_ascii_digit(unsigned char ch) { return ch >= '0' && ch <= '9'; }

/* Parses one part, text[0..len), per the grammar  ws* [+-]? digit+ ws*.  Grammar errors return
 * GG_E_PARSE with a reason; a value outside int32 sets *too_large and still returns GG_OK, so that
 * a grammar error anywhere in the id is reported before an overflow. */
static gg_status gg__parse_part(const unsigned char *p, size_t len, bool is_col, int32_t *value,
                                bool *too_large, const char **reason)
{
    size_t i = 0;
    while (i < len && gg__is_ascii_space(p[i]))
        ++i;
    if (i == len) {
        *reason = is_col ? "the column part is empty" : "the row part is empty";
        return GG_E_PARSE;
    }
    bool negative = false;
    if (p[i] == '+' || p[i] == '-') {
        negative = p[i] == '-';
        ++i;
        if (i == len || !gg__is_ascii_digit(p[i])) {
            *reason = "a sign must be followed directly by digits";
            return GG_E_PARSE;
        }
    }
    /* Accumulate the magnitude, saturating just above 2^31 so it cannot wrap however long the
     * run of digits is (leading zeros are allowed, so length alone says nothing). */
    const uint64_t limit = negative ? (uint64_t)1 << 31 : ((uint64_t)1 << 31) - 1;
    uint64_t mag = 0;
    size_t first_digit = i;
    while (i < len && gg__is_ascii_digit(p[i])) {
        if (mag <= limit)
            mag = mag * 10u + (uint64_t)(p[i] - '0');
        ++i;
    }
    if (i == first_digit) {
        if (p[i] == '_')
            *reason = "an underscore is not allowed";
        else if (p[i] >= 0x80)
            *reason = "a non-ASCII character is not allowed";
        else
            *reason = is_col ? "the column part is not a decimal integer"
                             : "the row part is not a decimal integer";
        return GG_E_PARSE;
    }
    size_t digits_end = i;
    while (i < len && gg__is_ascii_space(p[i]))
        ++i;
    if (i < len) {
        if (p[i] == '_')
            *reason = "an underscore is not allowed";
        else if (p[i] >= 0x80)
            *reason = "a non-ASCII character is not allowed";
        else if (i > digits_end && (gg__is_ascii_digit(p[i]) || p[i] == '+' || p[i] == '-'))
            *reason = "whitespace inside a number is not allowed";
        else
            *reason = is_col ? "the column part is not a decimal integer"
                             : "the row part is not a decimal integer";
        return GG_E_PARSE;
    }
    if (mag > limit) {
        *too_large = true;
        *value = 0;
    } else {
        /* mag <= 2^31 here; the negation is done in int64 so -2^31 is representable. */
        *value = (int32_t)(negative ? -(int64_t)mag : (int64_t)mag);
    }
    return GG_OK;
}

gg_status gg_cell_parse(const char *text, size_t len, gg_cell *out, const char **out_reason)
{
    const char *reason_sink = NULL;
    const char **reason = out_reason != NULL ? out_reason : &reason_sink;
    *reason = NULL;
    if (out == NULL) {
        *reason = "the output cell pointer is NULL";
        return GG_E_INVALID_ARG;
    }
    *out = gg_cell_make(0, 0);
    if (text == NULL && len > 0) {
        *reason = "the text pointer is NULL";
        return GG_E_INVALID_ARG;
    }
    if (len == 0) {
        *reason = "the id is empty";
        return GG_E_PARSE;
    }
    const unsigned char *p = (const unsigned char *)text;
    size_t comma = len;
    for (size_t i = 0; i < len; ++i) {
        if (p[i] != ',')
            continue;
        if (comma != len) {
            *reason = "more than one comma";
            return GG_E_PARSE;
        }
        comma = i;
    }
    if (comma == len) {
        *reason = "there is no comma";
        return GG_E_PARSE;
    }
    int32_t col = 0;
    int32_t row = 0;
    bool col_big = false;
    bool row_big = false;
    gg_status s = gg__parse_part(p, comma, true, &col, &col_big, reason);
    if (s != GG_OK)
        return s;
    s = gg__parse_part(p + comma + 1, len - comma - 1, false, &row, &row_big, reason);
    if (s != GG_OK)
        return s;
    if (col_big || row_big) {
        *reason = "a coordinate does not fit int32";
        return GG_E_TOO_LARGE;
    }
    *out = gg_cell_make(col, row);
    return GG_OK;
}

/* conformance.h - the interface between the conformance runner's main loop and the per-family
 * case checkers (Nat20 grid model, hex terrain sight). Test code, not library API. */
#ifndef GG_CONFORMANCE_H
#define GG_CONFORMANCE_H

#include <stddef.h>

#include <jansson.h>

typedef enum conf_result {
    CONF_PASS = 0,
    CONF_FAIL = 1,
    CONF_UNSUPPORTED = 2 /* an op that belongs to a later issue: counted as "not supported" */
} conf_result;

/* Each checker receives one parsed line of a vector file. It sets *op to the op name (pointing
 * into `line`, valid while `line` lives) and, on CONF_FAIL, writes a one-line explanation into
 * msg (what was expected, what the library answered). A line the checker does not understand
 * (unknown op or field, wrong type) is CONF_FAIL, never a skip. */

/* Lines with a "query" object: shared/conformance/nat20_grid.jsonl. */
conf_result conf_check_nat20(json_t *line, const char **op, char *msg, size_t msgcap);

/* Frees what conf_check_nat20 caches between lines (the last scene and its scratch). Call once
 * after the last line; conf_check_nat20 may be called again afterwards. */
void conf_nat20_finish(void);

/* Lines with a top-level "op": shared/conformance/hex_sight.jsonl. */
conf_result conf_check_hex(json_t *line, const char **op, char *msg, size_t msgcap);

#endif

/* status.c - names and messages for gg_status, and the run-time version.
 * Layer: base. */
#include "gridgeom/base.h"

int32_t gg_version(void) { return GG_VERSION_NUMBER; }

#define GG_STR2_(x) #x
#define GG_STR_(x) GG_STR2_(x)
const char *gg_version_string(void)
{
    return GG_STR_(GG_VERSION_MAJOR) "." GG_STR_(GG_VERSION_MINOR) "." GG_STR_(GG_VERSION_PATCH);
}

const char *gg_status_name(gg_status s)
{
    switch (s) {
#define GG_STATUS_NAME_(name, value, text)                                                         \
    case name:                                                                                     \
        return #name;
        GG_STATUS_LIST(GG_STATUS_NAME_)
#undef GG_STATUS_NAME_
    }
    return "GG_UNKNOWN_STATUS";
}

const char *gg_status_message(gg_status s)
{
    switch (s) {
#define GG_STATUS_MSG_(name, value, text)                                                          \
    case name:                                                                                     \
        return text;
        GG_STATUS_LIST(GG_STATUS_MSG_)
#undef GG_STATUS_MSG_
    }
    return "unknown status";
}

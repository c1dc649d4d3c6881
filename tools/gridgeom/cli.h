/* cli.h - the gridgeom tool as a function, so the test suite can run its commands in-process
 * with a fault-injecting allocator (main() is gg_cli_main(argc, argv, NULL)). Layer: tools. */
#ifndef GG_TOOLS_CLI_H
#define GG_TOOLS_CLI_H

#include <gridgeom/base.h>

/* Runs one command line (argv[0] is the program name) and returns the exit status. The map's
 * scene, its scratch, the import report, the io layer's temporaries and the query line buffer
 * come from `allocator` (NULL = malloc/free); the query evaluator's small answer buffers and
 * the tool's own JSON output use malloc. */
int gg_cli_main(int argc, char **argv, const gg_allocator *allocator);

#endif

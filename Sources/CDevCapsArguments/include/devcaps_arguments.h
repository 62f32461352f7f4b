#ifndef DEVCAPS_ARGUMENTS_H
#define DEVCAPS_ARGUMENTS_H

// The command line as glibc handed it to the executable's initializers: argv, and its length
// in `count` (with another C library, none: an empty argv). What Swift's
// `CommandLine.arguments` reads in a devcaps linked with the static Swift standard library
// (arguments.c says why).
char **devcaps_arguments(int *count);

#endif

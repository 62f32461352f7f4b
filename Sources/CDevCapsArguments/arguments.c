#include "devcaps_arguments.h"

#include <stdlib.h>

// The Swift runtime's own CommandLine.cpp finds argv with a static initializer that reads
// /proc/self/maps through sscanf to locate the stack and walks back from `environ`: 120,000
// instructions and an open, reads and a close before main, in every run of devcaps (a tenth of
// `get memory.totalBytes`). glibc passes argc, argv and envp to the main executable's
// .init_array functions, so the arguments can simply be kept. Defining the one function
// Swift.o asks CommandLine.cpp.o for keeps the linker from taking that object out of the static
// libswiftCore.a, and its initializer with it. With the shared libswiftCore.so (the debug
// build) the library resolves the name inside itself and this definition is unused.

// glibc only: musl calls the initializers without arguments, and other systems have no
// .init_array; there the runtime's own CommandLine.cpp stays, and this file keeps nothing.
#if defined(__GLIBC__)
static char *no_arguments[] = {0};
static char **captured_argv = no_arguments;
static int captured_argc = 0;

static void capture_arguments(int argc, char **argv, char **envp) {
  (void)envp;
  if (argv) {
    captured_argv = argv;
    captured_argc = argc;
  }
}

__attribute__((section(".init_array"), used)) static void (*const capture_at_start)(
    int, char **, char **) = capture_arguments;

char **devcaps_arguments(int *count) {
  *count = captured_argc;
  return captured_argv;
}

// Swift.o's declaration: `@_silgen_name("_swift_stdlib_getUnsafeArgvArgc")`, Swift's calling
// convention.
__attribute__((swiftcall)) char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
  return devcaps_arguments(outArgLen);
}
#else
static char *no_arguments[] = {0};

char **devcaps_arguments(int *count) {
  *count = 0;
  return no_arguments;
}
#endif

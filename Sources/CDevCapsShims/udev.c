#include "devcaps_udev.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

static struct udev *(*pointer_udev_new)(void);
#define DEVCAPS_UDEV_POINTER(result, name, parameters, arguments) static result(*pointer_##name) parameters;
DEVCAPS_UDEV_FUNCTIONS(DEVCAPS_UDEV_POINTER)
#undef DEVCAPS_UDEV_POINTER

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static const char *failure = "not loaded";
static char message[512];

static void load(void) {
  // RTLD_LOCAL: nothing else in the process resolves against this handle's symbols.
  void *library = dlopen("libudev.so.1", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    // dlerror's text names the file and what is wrong with it ("cannot open shared object
    // file: No such file or directory" when libudev1 is not installed).
    const char *error = dlerror();
    snprintf(message, sizeof message, "%s", error != NULL ? error : "libudev.so.1 cannot be loaded");
    failure = message;
    return;
  }
  *(void **)(&pointer_udev_new) = dlsym(library, "udev_new");
  if (pointer_udev_new == NULL) {
    failure = "libudev.so.1 has no udev_new";
    return;
  }
#define DEVCAPS_UDEV_RESOLVE(result, name, parameters, arguments) \
  *(void **)(&pointer_##name) = dlsym(library, #name);           \
  if (pointer_##name == NULL) {                                   \
    failure = "libudev.so.1 has no " #name;                       \
    return;                                                       \
  }
  DEVCAPS_UDEV_FUNCTIONS(DEVCAPS_UDEV_RESOLVE)
#undef DEVCAPS_UDEV_RESOLVE
  loaded = 1;
  failure = NULL;
}

int devcaps_udev_load(const char **reason) {
  if (pthread_once(&once, load) != 0) {
    if (reason != NULL) *reason = "pthread_once failed";
    return 0;
  }
  if (reason != NULL) *reason = failure;
  return loaded;
}

struct udev *devcaps_udev_new(void) {
  return devcaps_udev_load(NULL) ? pointer_udev_new() : NULL;
}

#define DEVCAPS_UDEV_FORWARD(result, name, parameters, arguments) \
  result devcaps_##name parameters { return pointer_##name arguments; }
DEVCAPS_UDEV_FUNCTIONS(DEVCAPS_UDEV_FORWARD)
#undef DEVCAPS_UDEV_FORWARD

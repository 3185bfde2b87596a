#include "CFrontHandoff.h"

#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const local_words[] = {"help", "--help", "-h", "compare", "validate"};

const char *glyphsmith_front_local_word(int index) {
  int count = (int)(sizeof local_words / sizeof local_words[0]);
  return index >= 0 && index < count ? local_words[index] : NULL;
}

int glyphsmith_front_hands_off(int argc, char *const argv[]) {
  if (argc < 2 || argv[1] == NULL) return 0;
  for (int index = 0; glyphsmith_front_local_word(index) != NULL; index++) {
    if (strcmp(argv[1], glyphsmith_front_local_word(index)) == 0) return 0;
  }
  // `CommandEntry.printedHelp`: --help or -h before any `--` prints a command's help, which
  // the front holds (generated); kept there.
  for (int index = 2; index < argc && argv[index] != NULL; index++) {
    if (strcmp(argv[index], "--") == 0) break;
    if (strcmp(argv[index], "--help") == 0 || strcmp(argv[index], "-h") == 0) return 0;
  }
  return 1;
}

void glyphsmith_front_hand_off(int argc, char *argv[]) {
  if (!glyphsmith_front_hands_off(argc, argv)) return;
  static const char name[] = "glyphsmith-render";
  char path[PATH_MAX + sizeof name];
  ssize_t count = readlink("/proc/self/exe", path, PATH_MAX);
  // Anything unusual (no link, a path PATH_MAX long, no folder) is left to the Swift front.
  if (count <= 0 || count >= PATH_MAX) return;
  ssize_t folder = count;
  while (folder > 0 && path[folder - 1] != '/') folder--;
  if (folder == 0) return;
  memcpy(path + folder, name, sizeof name);
  // A `glyphsmith-render` that is this very file (a copy of the front, or a link to it) would
  // exec itself for ever (trial t36b F4): left to the Swift front, which names it.
  struct stat target, self;
  if (stat(path, &target) == 0 && stat("/proc/self/exe", &self) == 0
      && target.st_dev == self.st_dev && target.st_ino == self.st_ino) {
    return;
  }
  execv(path, argv);
}

// The same step as an ELF constructor of priority 101, in the executable named `glyphsmith`
// only (see below): glibc runs it with argc and argv before
// the constructors of default priority in this executable, the Swift runtime's among them
// (its `CommandLine` start reads /proc/self/maps, 0.6 M instructions and 33 system calls;
// its backtracer and Dispatch set up too), so a handed-off command pays none of them
// (issue 36, single renders). When it returns (the front's own command, or no exec),
// `main.swift` calls `glyphsmith_front_hand_off` again, which answers the same.
// Only in the executable named `glyphsmith`: this target is linked into the test bundle too,
// whose own arguments (`--dump-tests-json`) must never be handed to glyphsmith-render.
#if defined(__linux__)
__attribute__((constructor(101))) static void glyphsmith_front_early_hand_off(
    int argc, char **argv, char **envp) {
  (void)envp;
  if (argc < 1 || argv == NULL) return;
  static const char front[] = "glyphsmith";
  char path[PATH_MAX];
  ssize_t count = readlink("/proc/self/exe", path, sizeof path - 1);
  if (count <= 0) return;
  path[count] = 0;
  const char *name = strrchr(path, '/');
  name = name == NULL ? path : name + 1;
  if (strcmp(name, front) != 0) return;
  glyphsmith_front_hand_off(argc, argv);
}
#endif


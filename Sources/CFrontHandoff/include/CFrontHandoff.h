#ifndef GLYPHSMITH_CFRONTHANDOFF_H
#define GLYPHSMITH_CFRONTHANDOFF_H

// The light `glyphsmith` front's first step (issue 36, single renders): decide from argv alone
// whether the command runs in `glyphsmith-render`, and exec it at once, before the front builds
// any of its Swift command list. The rules are `Dispatcher.run`'s and `CommandEntry.handOff`'s:
// `--version`, the hidden worker, and every subcommand the front does not run itself unless
// `--help`/`-h` comes before any `--` (the front prints that help itself).

/// The `index`th subcommand (from 0) the front hands to `glyphsmith-render`, in `glyphsmith
/// --help` order, or NULL past the last: every name of `CommandTextIndex.names` except `compare`
/// and `validate`, which the front runs itself (FrontCLITests checks that they agree).
const char *glyphsmith_front_handed_off_name(int index);

/// 1 when `argv` (argc entries, argv[0] the program) is a command `glyphsmith-render` runs,
/// 0 when the front answers it (help, `compare`, `validate`, an unknown name, no arguments).
int glyphsmith_front_hands_off(int argc, char *const argv[]);

/// When `glyphsmith_front_hands_off`, replaces this process (`execv`) with `glyphsmith-render`
/// beside the running executable (`/proc/self/exe`, links resolved) and the same argv. Returns
/// when it does not hand off, or when the exec failed: the Swift front then handles the
/// command as before (and reports an exec failure with its own message).
void glyphsmith_front_hand_off(int argc, char *argv[]);

#endif

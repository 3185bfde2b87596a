#ifndef GLYPHSMITH_CFRONTHANDOFF_H
#define GLYPHSMITH_CFRONTHANDOFF_H

// The light `glyphsmith` front's first step (issue 36, single renders): decide from argv alone
// whether the command can run in `glyphsmith-render`, and exec it at once, before the front
// builds any of its Swift command list. `glyphsmith-render` answers every command, help and
// error with the same bytes as the front (FrontCLITests.bothExecutablesAnswerAlike), so the
// front keeps only what it answers cheaper itself: no arguments, `help`, `--help`/`-h`,
// `compare`, `validate`, and any `--help`/`-h` before a `--`.

/// The `index`th (from 0) first argument the front answers itself, or NULL past the last:
/// `help`, `--help`, `-h`, then the subcommands of the `local:` list of
/// `Sources/GlyphsmithFront/main.swift` (`compare`, `validate`). A local subcommand missing
/// here still works: `glyphsmith-render` runs it too, only slower to start.
const char *glyphsmith_front_local_word(int index);

/// 1 when `argv` (argc entries, argv[0] the program) goes to `glyphsmith-render`, 0 when the
/// front answers it.
int glyphsmith_front_hands_off(int argc, char *const argv[]);

/// When `glyphsmith_front_hands_off`, replaces this process (`execv`) with `glyphsmith-render`
/// beside the running executable (`/proc/self/exe`, links resolved) and the same argv. Returns
/// when it does not hand off, or when the exec failed: the Swift front then handles the
/// command as before (and reports an exec failure with its own message).
void glyphsmith_front_hand_off(int argc, char *argv[]);

#endif

#ifndef GLYPHSMITH_CINPROCESSGUARD_H
#define GLYPHSMITH_CINPROCESSGUARD_H

#include <stddef.h>

// A single `render` runs its input in this process under a guard instead of in a forked
// child (issue 36, single renders: the fork cost 1.7 ms of CPU and 325 page faults of a 15 ms
// render). The guard gives what the forked child (`IsolatedChild`) gives, with the same bytes:
// stderr written while the guard is on is held (a memfd) and passed on only when the body
// ends; a crash signal the process raises itself (SIGABRT, SIGSEGV, SIGILL, SIGBUS, SIGFPE,
// SIGTRAP, SIGSYS, SIGXFSZ, SIGXCPU, SIGPIPE) or the timeout (SIGALRM) instead writes the
// failure text the caller formatted beforehand to the real stderr and ends the process with
// `_exit(exit_status)`; the out-of-memory text replaces the crash text when the held stderr
// holds one of the out-of-memory words (ASCII, case-insensitive), as `WorkerPool` decides.
// Handlers run on an alternate signal stack, so a stack overflow of the calling thread is
// reported too. Not covered (the fork covers it): a stack overflow on a thread a library
// started itself (no alternate stack there), and SIGKILL.

/// The failure texts, each the exact bytes to write (newlines included).
typedef struct {
  /// Written when `timeout_seconds` of wall-clock time pass (`ITIMER_REAL`).
  const char *timed_out;
  /// Written for a crash signal when the held stderr holds an out-of-memory word.
  const char *out_of_memory;
  /// `crashed[i]` is written for `signals[i]`, `count` of them.
  const int *signals;
  const char *const *crashed;
  int count;
  /// The out-of-memory words, lower case ASCII, `word_count` of them.
  const char *const *words;
  int word_count;
  /// The process's exit status after a failure text.
  int exit_status;
} glyphsmith_guard_texts;

/// Holds stderr, arms the timer and the handlers. Copies every text (the caller's may go).
/// Returns 0, or -1 with nothing changed when a step fails (no memfd, no alternate stack) or a
/// file size or CPU time limit is set (`ulimit -f`, `ulimit -t`: the fork reports those as it
/// always did): the caller then isolates the input another way (the fork).
int glyphsmith_guard_begin(double timeout_seconds, const glyphsmith_guard_texts *texts);

/// Disarms the timer and the handlers, gives stderr back and writes to it what was held.
/// Call once after a `glyphsmith_guard_begin` that returned 0.
void glyphsmith_guard_end(void);

#endif

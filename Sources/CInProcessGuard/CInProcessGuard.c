#define _GNU_SOURCE
#include "CInProcessGuard.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <unistd.h>

// Everything the handlers read is set before they are armed and not changed while armed.
enum { max_signals = 16, alternate_stack_size = 64 * 1024, scan_chunk = 4096 };

typedef struct {
  char *bytes;
  size_t count;
} text;

static int held_stderr = -1;   // the memfd that is fd 2 while the guard is on
static int real_stderr = -1;   // the stderr the guard took aside
static int failure_status = 2;
static text timed_out_text, out_of_memory_text;
static int guarded_signals[max_signals];
static text crashed_texts[max_signals];
static struct sigaction previous_actions[max_signals];
static int installed[max_signals];
static int signal_count;
static text words[16];
static int word_count;
static size_t longest_word;
static struct sigaction previous_alarm;
static sigset_t previous_mask;
static stack_t previous_stack;
static void *alternate_stack;

static void write_all(int fd, const char *bytes, size_t count) {
  while (count > 0) {
    ssize_t wrote = write(fd, bytes, count);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) return;
    bytes += wrote;
    count -= (size_t)wrote;
  }
}

static int copy_text(text *into, const char *from) {
  size_t count = strlen(from);
  into->bytes = malloc(count + 1);
  if (into->bytes == NULL) return -1;
  memcpy(into->bytes, from, count + 1);
  into->count = count;
  return 0;
}

static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c + ('a' - 'A')) : c; }

// Whether bytes[0..<count] holds `word` (already lower case) at `at`, ASCII case-insensitive.
static int word_at(const char *bytes, size_t count, size_t at, const text *word) {
  if (at + word->count > count) return 0;
  for (size_t index = 0; index < word->count; index++) {
    if (lower(bytes[at + index]) != word->bytes[index]) return 0;
  }
  return 1;
}

// Whether the held stderr holds an out-of-memory word: read in chunks that overlap by the
// longest word, so a word across a chunk's end is found. Async-signal-safe (pread only).
static int held_stderr_sounds_out_of_memory(void) {
  static char buffer[scan_chunk + 64];
  if (longest_word == 0 || longest_word > 64) return 0;
  off_t offset = 0;
  size_t kept = 0;
  for (;;) {
    ssize_t got = pread(held_stderr, buffer + kept, scan_chunk, offset);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return 0;
    offset += got;
    size_t count = kept + (size_t)got;
    for (size_t at = 0; at < count; at++) {
      for (int index = 0; index < word_count; index++) {
        if (word_at(buffer, count, at, &words[index])) return 1;
      }
    }
    kept = count < longest_word - 1 ? count : longest_word - 1;
    memmove(buffer, buffer + count - kept, kept);
  }
}

static void on_crash(int number) {
  const text *chosen = NULL;
  if (held_stderr_sounds_out_of_memory()) {
    chosen = &out_of_memory_text;
  } else {
    for (int index = 0; index < signal_count; index++) {
      if (guarded_signals[index] == number) chosen = &crashed_texts[index];
    }
  }
  if (chosen != NULL) write_all(real_stderr, chosen->bytes, chosen->count);
  _exit(failure_status);
}

static void on_alarm(int number) {
  (void)number;
  write_all(real_stderr, timed_out_text.bytes, timed_out_text.count);
  _exit(failure_status);
}

// A signal an inherited SIG_IGN may switch off (the fork's child keeps that too): only the
// crash signals proper are reset to their default there (`Platform.restoreCrashSignals`).
static int may_stay_ignored(int number) {
  return number == SIGPIPE || number == SIGXFSZ || number == SIGXCPU || number == SIGSYS;
}

static void release_texts(void) {
  free(timed_out_text.bytes);
  free(out_of_memory_text.bytes);
  timed_out_text = out_of_memory_text = (text){0};
  for (int index = 0; index < signal_count; index++) {
    free(crashed_texts[index].bytes);
    crashed_texts[index] = (text){0};
  }
  for (int index = 0; index < word_count; index++) {
    free(words[index].bytes);
    words[index] = (text){0};
  }
  signal_count = word_count = 0;
  longest_word = 0;
}

// Whether the soft limit `resource` is set (not infinity). Under a file size limit the held
// stderr (a file) could pass it where the fork's pipe cannot; under a CPU time limit the
// kernel's SIGKILL at the hard limit would end this process without a word, where the fork's
// parent, not counting the child's time, still reports it (trial t36b F1, F6).
static int limited(int resource) {
  struct rlimit limit;
  return getrlimit(resource, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY;
}

int glyphsmith_guard_begin(double timeout_seconds, const glyphsmith_guard_texts *texts) {
#ifdef __linux__
  if (held_stderr >= 0 || texts->count > max_signals || texts->word_count > 16) return -1;
  if (limited(RLIMIT_FSIZE) || limited(RLIMIT_CPU)) return -1;
  if (copy_text(&timed_out_text, texts->timed_out) != 0
      || copy_text(&out_of_memory_text, texts->out_of_memory) != 0) {
    release_texts();
    return -1;
  }
  for (int index = 0; index < texts->count; index++) {
    guarded_signals[index] = texts->signals[index];
    signal_count = index + 1;
    if (copy_text(&crashed_texts[index], texts->crashed[index]) != 0) {
      release_texts();
      return -1;
    }
  }
  for (int index = 0; index < texts->word_count; index++) {
    word_count = index + 1;
    if (copy_text(&words[index], texts->words[index]) != 0) {
      release_texts();
      return -1;
    }
    if (words[index].count > longest_word) longest_word = words[index].count;
  }
  failure_status = texts->exit_status;

  alternate_stack = mmap(NULL, alternate_stack_size, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (alternate_stack == MAP_FAILED) {
    alternate_stack = NULL;
    release_texts();
    return -1;
  }
  // Both above 2: with stdout closed, memfd_create would take descriptor 1 and the PNG for
  // `-o -` would go into the held stderr (trial t36b F2).
  int created = memfd_create("glyphsmith-stderr", MFD_CLOEXEC);
  int memfd = created < 0 ? -1 : fcntl(created, F_DUPFD_CLOEXEC, 3);
  if (created >= 0) close(created);
  int aside = memfd < 0 ? -1 : fcntl(2, F_DUPFD_CLOEXEC, 3);
  if (memfd < 0 || aside < 0 || dup2(memfd, 2) < 0) {
    if (memfd >= 0) close(memfd);
    if (aside >= 0) close(aside);
    munmap(alternate_stack, alternate_stack_size);
    alternate_stack = NULL;
    release_texts();
    return -1;
  }
  held_stderr = memfd;
  real_stderr = aside;

  stack_t stack = {.ss_sp = alternate_stack, .ss_size = alternate_stack_size, .ss_flags = 0};
  sigaltstack(&stack, &previous_stack);
  struct sigaction action;
  memset(&action, 0, sizeof action);
  sigfillset(&action.sa_mask);
  action.sa_flags = SA_ONSTACK | SA_RESETHAND;
  action.sa_handler = on_crash;
  sigset_t unblock;
  sigemptyset(&unblock);
  for (int index = 0; index < signal_count; index++) {
    int number = guarded_signals[index];
    installed[index] = 0;
    struct sigaction current;
    if (sigaction(number, NULL, &current) != 0) continue;
    if (may_stay_ignored(number) && current.sa_handler == SIG_IGN) continue;
    if (sigaction(number, &action, &previous_actions[index]) == 0) installed[index] = 1;
    sigaddset(&unblock, number);
  }
  action.sa_handler = on_alarm;
  sigaction(SIGALRM, &action, &previous_alarm);
  sigaddset(&unblock, SIGALRM);
  pthread_sigmask(SIG_UNBLOCK, &unblock, &previous_mask);

  double seconds = timeout_seconds > 1e8 ? 1e8 : timeout_seconds;
  struct itimerval timer = {0};
  timer.it_value.tv_sec = (time_t)seconds;
  timer.it_value.tv_usec = (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6);
  if (timer.it_value.tv_sec == 0 && timer.it_value.tv_usec == 0) timer.it_value.tv_usec = 1;
  setitimer(ITIMER_REAL, &timer, NULL);
  return 0;
#else
  (void)timeout_seconds;
  (void)texts;
  return -1;
#endif
}

void glyphsmith_guard_end(void) {
  if (held_stderr < 0) return;
  struct itimerval off = {0};
  setitimer(ITIMER_REAL, &off, NULL);
  sigaction(SIGALRM, &previous_alarm, NULL);
  for (int index = 0; index < signal_count; index++) {
    if (installed[index]) sigaction(guarded_signals[index], &previous_actions[index], NULL);
  }
  pthread_sigmask(SIG_SETMASK, &previous_mask, NULL);
  sigaltstack(&previous_stack, NULL);
  munmap(alternate_stack, alternate_stack_size);
  alternate_stack = NULL;

  dup2(real_stderr, 2);
  close(real_stderr);
  char buffer[8192];
  off_t offset = 0;
  for (;;) {
    ssize_t got = pread(held_stderr, buffer, sizeof buffer, offset);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    write_all(2, buffer, (size_t)got);
    offset += got;
  }
  close(held_stderr);
  held_stderr = real_stderr = -1;
  release_texts();
}

import FoundationEssentials
import Glibc

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if os(Linux)
  /// glibc's `mallopt(3)`; its header is not part of the Glibc module.
  @_silgen_name("mallopt")
  private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif

/// The one place where Glyphsmith calls the C library's POSIX and glibc functions (files,
/// descriptors, processes, signals, errno, memory hints); the rest of the engine and the CLI
/// call these instead.
package enum Platform {
  /// A failed system call: errno and the system's reason for it.
  package struct Failure: Error {
    /// `errno` right after the call.
    package let code: Int32
    /// `strerror(code)`, first letter in lower case, as diagnostics are written.
    package var reason: String {
      let text = String(cString: strerror(code))
      return text.prefix(1).lowercased() + text.dropFirst()
    }
    /// Whether the call failed because its target is a folder that is not empty.
    package var isFolderNotEmpty: Bool { code == ENOTEMPTY || code == EEXIST }
    /// Whether opening a FIFO for writing failed because nothing reads it (`ENXIO`).
    package var isNoReader: Bool { code == ENXIO }
    /// Whether the call was interrupted or would have waited (`EINTR`, `EAGAIN`): try again.
    package var isInterrupted: Bool { code == EINTR || code == EAGAIN }
    /// The failure `errno` describes now.
    package static var last: Failure { Failure(code: errno) }
  }

  /// This process's id (`getpid(2)`), for temporary names.
  package static var processID: Int32 { getpid() }

  /// What `stat(2)` says about `path`, or `nil` when it does not exist or cannot be looked at:
  /// whether it is a folder and its size in bytes.
  package static func status(ofPath path: String) -> (isFolder: Bool, size: Int)? {
    var info = stat()
    guard FileName.withCPath(path, { stat($0, &info) }) == 0 else { return nil }
    return (info.st_mode & S_IFMT == S_IFDIR, Int(info.st_size))
  }

  /// The size in bytes and the modification time (nanoseconds since 1970) of `path`, from
  /// one `stat(2)`; `nil` when it does not exist or cannot be looked at. For telling whether
  /// a file changed since it was last read.
  package static func stamp(ofPath path: String) -> (size: Int, modified: Int)? {
    var info = stat()
    guard FileName.withCPath(path, { stat($0, &info) }) == 0 else { return nil }
    #if os(Linux)
      let time = info.st_mtim
    #else
      let time = info.st_mtimespec
    #endif
    return (Int(info.st_size), Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec))
  }

  /// The names in the folder at `path` (`.` and `..` left out), each decoded by
  /// `FileName.decode` so names that are not UTF-8 survive; `nil` when it cannot be read.
  package static func folderNames(atPath path: String) -> [String]? {
    guard let folder = FileName.withCPath(path, { opendir($0) }) else { return nil }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
        let bytes = raw.bindMemory(to: UInt8.self)
        let length = bytes.firstIndex(of: 0) ?? bytes.count
        return FileName.decode(bytes[0..<length])
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// `status(ofPath:)` for callers outside the engine: whether `path` exists (bytes that are
  /// not UTF-8 kept, see `FileName`) and is a folder.
  package static func fileExists(atPath path: String) -> (exists: Bool, isFolder: Bool) {
    guard let info = status(ofPath: path) else { return (false, false) }
    return (true, info.isFolder)
  }

  /// The command-line arguments after the program name, each decoded by `FileName.decode`
  /// (Swift's `CommandLine.arguments` replaces bytes that are not UTF-8 with U+FFFD, losing
  /// the file name).
  package static var arguments: [String] {
    (1..<Int(CommandLine.argc)).map { index in
      let pointer = CommandLine.unsafeArgv[index]!
      return FileName.decode(
        UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map { UInt8(bitPattern: $0) })
    }
  }

  /// `text` for a message (see `FileName.display`).
  package static func displayName(_ text: String) -> String { FileName.display(text) }

  /// The bytes of the regular file at `path` with one open, fstat, read and close, or `nil`
  /// when it cannot be opened or read (missing, a folder, no permission, not a regular file).
  package static func readRegularFile(atPath path: String) -> Data? {
    readRegularFile(opened: openForReading(path))
  }

  /// The first `count` bytes (fewer when the file is shorter) of the regular file at `path`,
  /// or `nil` when it is not one or cannot be read.
  package static func readPrefix(atPath path: String, count: Int) -> Data? {
    let fd = openForReading(path)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    // The buffer is the file's size at most (plus one byte, to see a file grown since), not
    // `count`: a 4 MB zeroed buffer per small vector file was 14 % of an `assets --format pdf`
    // run's CPU.
    guard let size = regularSize(fd) else { return nil }
    let wanted = max(1, min(count, Int(clamping: size) + 1))
    var data = Data(count: wanted)
    let n = data.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, wanted) }
    return n >= 0 ? data.prefix(n) : nil
  }

  /// Why `readRegularFile(atPath:)` gave `nil` for the regular file at `path`, asked again:
  /// the `errno` of the `open(2)`, `fstat(2)` or `read(2)` that fails now (`EMFILE`, "too
  /// many open files"; `EACCES`, "permission denied"; trial t36c L2: every one of them was
  /// told as "permission denied or I/O error"); `EIO` when it reads whole this time.
  package static func readFailure(atPath path: String) -> Failure {
    let fd = openForReading(path)
    guard fd >= 0 else { return .last }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .last }
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n < 0 { return .last }
      if n == 0 { return Failure(code: EIO) }
    }
  }

  /// Whether `path` exists and is neither a folder nor a regular file (a FIFO, socket or
  /// device): inputs refuse it with `specialFileProblem` rather than block on it.
  package static func isSpecialFile(atPath path: String) -> Bool {
    guard let kind = kind(ofPath: path) else { return false }
    return kind != .regular && kind != .folder
  }

  /// The message for an input that `isSpecialFile`.
  package static let specialFileProblem =
    "is not a regular file (a FIFO, socket or device); give a file"

  /// `open(2)` of `path` for reading, close-on-exec and non-blocking: a FIFO named like an
  /// input is then refused by `regularSize` at once instead of waiting for a writer forever
  /// (the flag changes nothing for a regular file's reads). Negative on failure.
  private static func openForReading(_ path: String) -> Int32 {
    FileName.withCPath(path) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
  }

  /// The size in bytes of the open file `fd` when it is a regular file, else `nil`.
  private static func regularSize(_ fd: Int32) -> Int? {
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  /// `readRegularFile(atPath:)` of the file `fd` an `open` returned (negative: `nil`); closes
  /// it.
  package static func readRegularFile(opened fd: Int32) -> Data? {
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    guard let size = regularSize(fd) else { return nil }
    var data = Data(count: size)
    var total = 0
    let ok = data.withUnsafeMutableBytes { raw -> Bool in
      while total < raw.count {
        let n = systemRead(fd, raw.baseAddress! + total, raw.count - total)
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return false }
        total += n
      }
      return true
    }
    return ok ? data : nil
  }

  /// Creates a new file at `path` (it must not exist) holding `data`, with `mode`, and with
  /// `sync` on disk (`fsync(2)`) before it returns; a file left half-written is removed.
  /// - Throws: `CreateFailure.create` when the file cannot be created, `.write` when its bytes
  ///   cannot be written, each with errno.
  package static func createFile(
    _ data: Data, atPath path: String, mode: mode_t, sync: Bool = false
  ) throws(CreateFailure) {
    let fd = FileName.withCPath(path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
    guard fd >= 0 else { throw .create(.last) }
    defer { close(fd) }
    let failure = data.withUnsafeBytes { raw -> Failure? in
      do throws(Failure) { try writeAll(fd, raw) } catch { return error }
      // `sync`: on disk before the call returns (`fsync(2)`).
      return !sync || fsync(fd) == 0 ? nil : .last
    }
    if let failure {
      _ = FileName.withCPath(path) { unlink($0) }
      throw .write(failure)
    }
  }

  /// The step of `createFile` that failed.
  package enum CreateFailure: Error {
    case create(Failure)
    case write(Failure)
  }

  /// `mkdir(2)`: creates the folder `path` with `mode`.
  package static func makeFolder(atPath path: String, mode: mode_t) throws(Failure) {
    guard FileName.withCPath(path, { mkdir($0, mode) }) == 0 else { throw .last }
  }

  /// `rename(2)`: moves `source` to `target`, replacing a file or an empty folder there.
  package static func rename(_ source: String, to target: String) throws(Failure) {
    guard systemRename(source, target) == 0 else { throw .last }
  }

  /// `unlink(2)`: removes the file at `path`; a failure is ignored.
  package static func removeFile(atPath path: String) {
    _ = FileName.withCPath(path) { unlink($0) }
  }

  /// Whether file descriptor `fd` is a terminal (`isatty(3)`); 2 is stderr.
  package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// Asks glibc to keep freed buffers of up to 64 MiB on the heap (`M_MMAP_THRESHOLD`) and trim
  /// it only past 256 MiB (`M_TRIM_THRESHOLD`) instead of mapping and unmapping pages for each,
  /// for work that allocates a few MB of short-lived pixel buffers per input. Nothing elsewhere.
  package static func keepLargeBuffersOnHeap() {
    #if os(Linux)
      _ = mallopt(-3, 64 << 20)  // M_MMAP_THRESHOLD (glibc malloc.h; the macro is not imported)
      _ = mallopt(-1, 256 << 20)  // M_TRIM_THRESHOLD
    #endif
  }

  /// Keeps up to 32 MiB of freed memory at the top of the heap for the next allocations, and
  /// takes blocks under 4 MiB from the heap rather than from their own mappings (glibc:
  /// `M_TRIM_THRESHOLD`, `M_MMAP_THRESHOLD`; nothing on other systems). For a worker that
  /// renders one small input after another (issue 36: an `assets` worker gave its heap back
  /// after every icon and faulted it in again for the next, 50,000 page faults for 1,776
  /// Lucide icons at 75 px, 6,800 with these settings). Memory in use is unchanged; what is
  /// kept is reused, so a worker's peak (its `--max-memory` budget) is its largest input's.
  package static func keepFreedHeapForReuse() {
    #if os(Linux)
      _ = mallopt(-3, 4 << 20)  // M_MMAP_THRESHOLD
      _ = mallopt(-1, 32 << 20)  // M_TRIM_THRESHOLD
    #endif
  }

  /// Asks Linux to back the 2 MiB-aligned inside of a fresh buffer with huge pages (as numpy does
  /// for large arrays), so that drawing a large diff takes 512 times fewer page faults. A hint
  /// only: nothing changes when the kernel declines, or on other systems.
  package static func adviseHugePages(_ pointer: UnsafeMutableRawPointer, bytes: Int) {
    #if os(Linux)
      let huge = 2 << 20
      guard bytes >= 2 * huge else { return }
      let start = (Int(bitPattern: pointer) + huge - 1) & ~(huge - 1)
      let end = (Int(bitPattern: pointer) + bytes) & ~(huge - 1)
      if end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) {
        _ = madvise(aligned, end - start, MADV_HUGEPAGE)
      }
    #endif
  }
}

// MARK: - Descriptors, processes and signals (the worker pool, the isolated child, outputs)

extension Platform {
  /// What `stat(2)` (links followed) or `lstat(2)` (`followingLinks: false`) says `path` is,
  /// or `nil` when it does not exist or cannot be looked at.
  package enum FileKind: Equatable {
    case regular, folder, link, characterDevice, fifo, blockDevice, socket, other
  }

  /// Whether following the symbolic links of `path` fails with `ELOOP` (too many levels of
  /// links: a loop).
  package static func linkLoops(_ path: String) -> Bool {
    var info = stat()
    let status = FileName.withCPath(path) { stat($0, &info) }
    return status != 0 && errno == ELOOP
  }

  /// The kind of file at `path` (see `FileKind`).
  package static func kind(ofPath path: String, followingLinks: Bool = true) -> FileKind? {
    var info = stat()
    let status = FileName.withCPath(path) { followingLinks ? stat($0, &info) : lstat($0, &info) }
    guard status == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regular
    case S_IFDIR: return .folder
    case S_IFLNK: return .link
    case S_IFCHR: return .characterDevice
    case S_IFIFO: return .fifo
    case S_IFBLK: return .blockDevice
    case S_IFSOCK: return .socket
    default: return .other
    }
  }

  /// `open(2)` of `path` for writing only (an existing file, not created), close-on-exec;
  /// `truncating`: emptied first (`O_TRUNC`).
  package static func openForWriting(_ path: String, truncating: Bool = false) throws(Failure)
    -> Int32
  {
    let flags = O_WRONLY | O_CLOEXEC | (truncating ? O_TRUNC : 0)
    let fd = FileName.withCPath(path) { open($0, flags) }
    guard fd >= 0 else { throw .last }
    return fd
  }

  /// `open(2)` of the FIFO at `path` for writing, without blocking until a reader comes:
  /// tried every 10 ms for up to `waitingSeconds`, then the descriptor is made blocking for
  /// the writes.
  /// - Throws: `ENXIO` when no process opened it for reading in time; other `open` failures.
  package static func openFIFOForWriting(_ path: String, waitingSeconds: Double) throws(Failure)
    -> Int32
  {
    let deadline = Date().addingTimeInterval(waitingSeconds)
    while true {
      let fd = FileName.withCPath(path) { open($0, O_WRONLY | O_CLOEXEC | O_NONBLOCK) }
      if fd >= 0 {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
      }
      let failure = Failure.last
      guard failure.code == ENXIO, Date() < deadline else { throw failure }
      usleep(10_000)
    }
  }

  /// `close(2)`; a failure is ignored.
  package static func close(_ fd: Int32) { _ = systemClose(fd) }

  /// Writes all of `bytes` to `fd` (`write(2)` until done, again after `EINTR`).
  /// - Throws: the failure of the first write that wrote nothing.
  package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(Failure) {
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { throw .last }
      offset += written
    }
  }

  /// One `read(2)` of up to `count` bytes from `fd`: the bytes (empty at end of file).
  /// - Throws: the failure (`isInterrupted` for `EINTR` or `EAGAIN`: try again later).
  package static func readSome(_ fd: Int32, upTo count: Int) throws(Failure) -> ArraySlice<UInt8> {
    var chunk = [UInt8](repeating: 0, count: count)
    let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, count) }
    guard n >= 0 else { throw .last }
    return chunk[0..<n]
  }

  /// `dup(2)`: a new descriptor for `fd`.
  package static func duplicate(_ fd: Int32) -> Int32 { dup(fd) }

  /// `dup2(2)`: makes `fd` refer to what `source` refers to.
  package static func redirect(_ fd: Int32, to source: Int32) { _ = dup2(source, fd) }

  /// `fcntl(2)`: reads on `fd` return at once when nothing is there.
  package static func makeNonBlocking(_ fd: Int32) {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
  }

  /// `pipe(2)` with both ends close-on-exec (so one worker never holds another's pipes), or
  /// `nil` when no pipe can be made.
  package static func makePipe() -> (read: Int32, write: Int32)? {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return nil }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return (fds[0], fds[1])
  }

  /// `poll(2)` for reading on `fds` for up to `milliseconds`: per descriptor, whether it is
  /// readable or closed (all `false` when interrupted or late); `nil` when `poll` failed.
  package static func waitReadable(_ fds: [Int32], milliseconds: Int32) -> [Bool]? {
    var polled = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let ready = poll(&polled, nfds_t(polled.count), milliseconds)
    if ready < 0 && errno != EINTR { return nil }
    return polled.map { ready > 0 && $0.revents != 0 }
  }

  /// `posix_spawn(2)` of `command` (executable path first) with `environment` (`NAME=value`)
  /// and the three given descriptors as its stdin, stdout and stderr; `nil` when it cannot be
  /// started.
  package static func spawn(
    _ command: [String], environment: [String], stdin: Int32, stdout: Int32, stderr: Int32
  ) -> Int32? {
    try? spawnReporting(
      command, environment: environment, stdin: stdin, stdout: stdout, stderr: stderr
    ).get()
  }

  /// `spawn`, with why the child could not be started: the `Failure` of the error number
  /// `posix_spawn(3)` returns (`EMFILE`, `EAGAIN`, `ENOENT` for a missing executable).
  package static func spawnReporting(
    _ command: [String], environment: [String], stdin: Int32, stdout: Int32, stderr: Int32
  ) -> Result<Int32, Failure> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdin, 0)
    posix_spawn_file_actions_adddup2(&actions, stdout, 1)
    posix_spawn_file_actions_adddup2(&actions, stderr, 2)
    var child: pid_t = 0
    let status = withCStrings(command) { argv in
      withCStrings(environment) { envp in
        posix_spawn(&child, command[0], &actions, nil, argv, envp)
      }
    }
    return status == 0 ? .success(child) : .failure(Failure(code: status))
  }

  /// `fork(2)` after flushing stdio: the child's id in the parent, 0 in the child, `nil` when
  /// no child could be made.
  package static func fork() -> Int32? {
    fflush(nil)
    let pid = systemFork()
    return pid < 0 ? nil : pid
  }

  /// Ends a forked child with `status` after flushing stdio (`_exit(2)`: no atexit handlers).
  package static func exitChild(_ status: Int32) -> Never {
    fflush(nil)
    _exit(status)
  }

  /// `SIGKILL` to process `pid`.
  package static func kill(_ pid: Int32) { _ = systemKill(pid, SIGKILL) }

  /// Whether the process `pid` is gone (not this process, and `kill(pid, 0)` says `ESRCH`).
  package static func isGone(_ pid: Int32) -> Bool {
    pid != getpid() && systemKill(pid, 0) != 0 && errno == ESRCH
  }

  /// `waitpid(2)` for `pid` to end (again after `EINTR`): its raw wait status.
  package static func waitForExit(_ pid: Int32) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return status
  }

  /// `waitpid(2)` with `WNOHANG`: whether `pid` has ended (and is reaped).
  package static func hasExited(_ pid: Int32) -> Bool {
    var status: Int32 = 0
    return waitpid(pid, &status, WNOHANG) != 0
  }

  /// CPU seconds (user + system, `getrusage(2)`) of this process (`children` false: all its
  /// threads) or of its children it has waited for (`children` true: a batch's workers).
  package static func cpuSeconds(children: Bool) -> Double {
    var usage = rusage()
    #if os(Linux)
      let who = __rusage_who_t((children ? RUSAGE_CHILDREN : RUSAGE_SELF).rawValue)
    #else
      let who = children ? RUSAGE_CHILDREN : RUSAGE_SELF
    #endif
    guard getrusage(who, &usage) == 0 else { return 0 }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// Sleeps `microseconds` (`usleep(3)`).
  package static func sleep(microseconds: UInt32) { _ = usleep(microseconds) }

  /// The signals that mean a crash, whose default action (dump, no backtrace) a worker restores.
  package static let crashSignals = [SIGABRT, SIGSEGV, SIGILL, SIGBUS, SIGFPE, SIGTRAP]

  /// Restores the default action of `crashSignals` in this process.
  package static func restoreCrashSignals() { for sig in crashSignals { signal(sig, SIG_DFL) } }

  /// Ignores `SIGPIPE`, so writing to a dead worker fails instead of ending this process.
  package static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

  /// The running executable's path: `/proc/self/exe` with links resolved (`FileName.decode`d,
  /// so a folder name that is not UTF-8 survives), else `argv[0]`.
  package static var executablePath: String {
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = buffer.withUnsafeMutableBufferPointer { raw in
      raw.baseAddress!.withMemoryRebound(to: CChar.self, capacity: raw.count) {
        readlink("/proc/self/exe", $0, Int(PATH_MAX))
      }
    }
    return count > 0 ? FileName.decode(buffer[0..<count]) : CommandLine.arguments[0]
  }

  /// Whether `a` and `b` name the same file (device and inode, links followed); false when
  /// either cannot be read.
  package static func isSameFile(_ a: String, _ b: String) -> Bool {
    var first = stat()
    var second = stat()
    guard FileName.withCPath(a, { stat($0, &first) }) == 0,
      FileName.withCPath(b, { stat($0, &second) }) == 0
    else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }

  /// Replaces this process with the executable at `path`, with this process's own arguments
  /// (`execv(2)`). Returns only when that fails, with `strerror`'s reason in lower case
  /// (`Failure.reason`), as diagnostics are written.
  package static func replaceProcess(withExecutable path: String) -> String {
    FileName.withCPath(path) { _ = execv($0, CommandLine.unsafeArgv) }
    return Failure.last.reason
  }

  /// The name of signal `number`: `SIGABRT`, ..., else `signal N`.
  package static func signalName(_ number: Int32) -> String {
    switch number {
    case SIGABRT: return "SIGABRT"
    case SIGSEGV: return "SIGSEGV"
    case SIGILL: return "SIGILL"
    case SIGBUS: return "SIGBUS"
    case SIGFPE: return "SIGFPE"
    case SIGTRAP: return "SIGTRAP"
    case SIGKILL: return "SIGKILL"
    case SIGTERM: return "SIGTERM"
    case SIGXFSZ: return "SIGXFSZ"
    case SIGXCPU: return "SIGXCPU"
    case SIGSYS: return "SIGSYS"
    case SIGPIPE: return "SIGPIPE"
    default: return "signal \(number)"
    }
  }

  /// `RLIMIT_DATA` as `getrlimit` and `setrlimit` take it here.
  #if canImport(Glibc)
    private static let dataLimit = __rlimit_resource_t(RLIMIT_DATA.rawValue)
  #else
    private static let dataLimit = RLIMIT_DATA
  #endif

  /// Sets `RLIMIT_DATA` (heap and private mappings) of this process to `megabytes`.
  package static func limitMemory(megabytes: Int) {
    let resource = dataLimit
    // Never above a lower soft limit the user set (`ulimit -S -d`; trial t36b F8).
    var current = rlimit()
    let set = getrlimit(resource, &current) == 0 ? current.rlim_cur : rlim_t.max
    let bytes = min(rlim_t(megabytes) * 1024 * 1024, set)
    var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
    _ = setrlimit(resource, &limit)
  }

  /// Lowers the soft `RLIMIT_DATA` of this process to `megabytes` (the hard limit stays, so
  /// the limit can be given back) and returns a call that restores the previous soft limit.
  /// A limit above the hard one changes nothing, as `limitMemory` in a child cannot raise it.
  package static func lowerMemoryLimit(megabytes: Int) -> () -> Void {
    let bytes = rlim_t(megabytes) * 1024 * 1024
    let resource = dataLimit
    var previous = rlimit()
    // Never raises a lower limit the user set (`ulimit -S -d`; trial t36b F8).
    guard getrlimit(resource, &previous) == 0, bytes < previous.rlim_cur else { return {} }
    var lowered = previous
    lowered.rlim_cur = bytes
    guard setrlimit(resource, &lowered) == 0 else { return {} }
    return { _ = setrlimit(resource, &previous) }
  }

  /// An exclusive `flock(2)` on the folder at `path`, waiting for another holder; `waiting()`
  /// is called once before waiting. Returns the descriptor that holds it (`unlockFolder`).
  package static func lockFolder(_ path: String, waiting: () -> Void) throws(Failure) -> Int32 {
    let fd = FileName.withCPath(path) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    guard fd >= 0 else { throw .last }
    if flock(fd, LOCK_EX | LOCK_NB) != 0 {
      waiting()
      while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
    }
    return fd
  }

  /// Releases a `lockFolder` lock and closes its descriptor.
  package static func unlockFolder(_ fd: Int32) {
    _ = flock(fd, LOCK_UN)
    close(fd)
  }
}

/// Calls `body` with a NULL-terminated C array of `strings` (`argv`, `envp`), freed after.
func withCStrings<R>(
  _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R
) -> R {
  var pointers = strings.map { strdup($0) }
  pointers.append(nil)
  defer { for p in pointers { free(p) } }
  return body(pointers)
}

/// POSIX `close(2)`, named apart from `Platform.close`.
private func systemClose(_ fd: Int32) -> Int32 {
  #if canImport(Glibc)
    return Glibc.close(fd)
  #else
    return Darwin.close(fd)
  #endif
}

/// POSIX `kill(2)`, named apart from `Platform.kill` (also `Interruption`'s).
func systemKill(_ pid: Int32, _ signal: Int32) -> Int32 {
  #if canImport(Glibc)
    return Glibc.kill(pid, signal)
  #else
    return Darwin.kill(pid, signal)
  #endif
}

/// POSIX `fork(2)`, named apart from `Platform.fork`.
private func systemFork() -> Int32 {
  #if canImport(Glibc)
    return Glibc.fork()
  #else
    return Darwin.fork()
  #endif
}

/// POSIX `read(2)`, named apart from Swift's `read` methods.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    return Glibc.read(fd, buffer, count)
  #else
    return Darwin.read(fd, buffer, count)
  #endif
}

/// POSIX `write(2)`, named apart from Swift's `write` methods.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    return Glibc.write(fd, buffer, count)
  #else
    return Darwin.write(fd, buffer, count)
  #endif
}

/// POSIX `rename(2)`, named apart from `Platform.rename`.
private func systemRename(_ source: String, _ target: String) -> Int32 {
  #if canImport(Glibc)
    return FileName.withCPath(source) { s in FileName.withCPath(target) { Glibc.rename(s, $0) } }
  #else
    return FileName.withCPath(source) { s in FileName.withCPath(target) { Darwin.rename(s, $0) } }
  #endif
}

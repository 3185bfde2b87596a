import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A command run to its end with its output collected, as Foundation's `Process` with two
/// `Pipe`s and `FileHandle.nullDevice` as its input ran one, on `posix_spawn` (Foundation
/// links ICU; issue 37).
package enum ChildProcess {
  /// How a command ended and what it wrote.
  package struct Outcome: Sendable {
    /// The exit status; `nil` when a signal ended it.
    package var status: Int32?
    /// What it wrote to standard output.
    package var stdout: Data
    /// What it wrote to standard error.
    package var stderr: Data
  }

  /// Why a command could not be started.
  package struct Failure: Error, CustomStringConvertible, Sendable {
    /// The system's reason (`strerror`, in lower case: `Platform.Failure.reason`).
    package var description: String
  }

  /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29 and later), which the Glibc module
  /// does not declare.
  private typealias AddChdir =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) ->
    Int32
  private static let addChdir: AddChdir? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np")
    else { return nil }
    return unsafeBitCast(symbol, to: AddChdir.self)
  }()

  /// Runs `executable` (a path) with `arguments` in `directory` with `environment`, standard
  /// input `/dev/null`; reads its standard output and standard error to their ends, then
  /// waits for it.
  /// - Throws: `Failure` when it cannot be started (no such executable, no pipes).
  package static func run(
    _ executable: String, arguments: [String], directory: String, environment: [String: String]
  ) throws(Failure) -> Outcome {
    guard let output = Platform.makePipe(), let errors = Platform.makePipe() else {
      throw Failure(description: Platform.Failure.last.reason)
    }
    let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, null, 0)
    posix_spawn_file_actions_adddup2(&actions, output.write, 1)
    posix_spawn_file_actions_adddup2(&actions, errors.write, 2)
    guard let addChdir, addChdir(&actions, directory) == 0 else {
      for fd in [null, output.read, output.write, errors.read, errors.write] { Platform.close(fd) }
      throw Failure(description: "cannot run a command in another folder on this system")
    }
    let argv = [executable] + arguments
    let envp = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    var child: pid_t = 0
    let status = withCStrings(argv) { argv in
      withCStrings(envp) { envp in posix_spawn(&child, executable, &actions, nil, argv, envp) }
    }
    for fd in [null, output.write, errors.write] { Platform.close(fd) }
    guard status == 0 else {
      Platform.close(output.read)
      Platform.close(errors.read)
      throw Failure(description: Platform.Failure(code: status).reason)
    }
    let (stdout, stderr) = readBoth(output.read, errors.read)
    let wait = Platform.waitForExit(child)
    // WIFEXITED / WEXITSTATUS: the low 7 bits are 0 for an exit, the status above them.
    let exited = wait & 0x7F == 0
    return Outcome(status: exited ? (wait >> 8) & 0xFF : nil, stdout: stdout, stderr: stderr)
  }

  /// Both pipes read to their ends together (`poll(2)`): a command that fills one while the
  /// other is being read to its end would wait for ever (git writing more than a pipe's
  /// 64 KiB to standard error while its standard output is still open).
  private static func readBoth(_ output: Int32, _ errors: Int32) -> (Data, Data) {
    defer {
      Platform.close(output)
      Platform.close(errors)
    }
    var read = [Data(), Data()]
    var watched = [
      pollfd(fd: output, events: Int16(POLLIN), revents: 0),
      pollfd(fd: errors, events: Int16(POLLIN), revents: 0),
    ]
    var open = watched.count
    while open > 0 {
      if poll(&watched, nfds_t(watched.count), -1) < 0 {
        if errno == EINTR { continue }
        break
      }
      for k in watched.indices where watched[k].fd >= 0 && watched[k].revents != 0 {
        do {
          let chunk = try Platform.readSome(watched[k].fd, upTo: 65536)
          if !chunk.isEmpty {
            read[k].append(contentsOf: chunk)
            continue
          }
        } catch {
          if error.isInterrupted { continue }
        }
        // The end, or a read that fails: this pipe is done (a negative descriptor is
        // skipped by poll).
        watched[k].fd = -1
        open -= 1
      }
    }
    return (read[0], read[1])
  }
}

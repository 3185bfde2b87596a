import FoundationEssentials
import Glibc

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Set by the SIGINT/SIGTERM handler of `Platform.catchInterrupt`; read by the serving loop.
nonisolated(unsafe) private var interruptFlag: Int32 = 0

/// TCP sockets (BSD sockets through the C library) and Ctrl-C, for `golden review`'s local
/// HTTP server.
extension Platform {
  /// A listening TCP socket on `host` (an IPv4 address in dotted form, or an IPv6 address
  /// such as `::1`, then IPv6 only) and `port` (0: a free port the system picks), with
  /// `SO_REUSEADDR` and close-on-exec; returns it and the port bound.
  /// - Throws: `Failure` for a host that is no IP address (`EINVAL`), a port in use, an
  ///   address this machine does not have, no permission.
  package static func listen(host: String, port: UInt16) throws(Failure) -> (
    fd: Int32, port: UInt16
  ) {
    var address4 = sockaddr_in()
    var address6 = sockaddr_in6()
    let family: Int32
    if inet_pton(AF_INET, host, &address4.sin_addr) == 1 {
      family = AF_INET
      address4.sin_family = sa_family_t(AF_INET)
      address4.sin_port = port.bigEndian
    } else if inet_pton(AF_INET6, host, &address6.sin6_addr) == 1 {
      family = AF_INET6
      address6.sin6_family = sa_family_t(AF_INET6)
      address6.sin6_port = port.bigEndian
    } else {
      throw Failure(code: EINVAL)
    }
    #if canImport(Glibc)
      let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #else
      let fd = socket(family, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw Failure.last }
    var one: Int32 = 1
    _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    if family == AF_INET6 {
      _ = setsockopt(
        fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
    }
    let bound =
      family == AF_INET
      ? withUnsafePointer(to: &address4) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      : withUnsafePointer(to: &address6) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    guard bound == 0, systemListen(fd, 64) == 0 else {
      let failure = Failure.last
      close(fd)
      throw failure
    }
    var actual = sockaddr_in6()
    var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    // `sin_port` and `sin6_port` sit at the same offset, after the family.
    return (fd, UInt16(bigEndian: actual.sin6_port))
  }

  /// Whether `host` is an IPv6 address (`::1`, `fe80::1`), as `listen` reads it.
  package static func isIPv6Address(_ host: String) -> Bool {
    var address6 = in6_addr()
    return inet_pton(AF_INET6, host, &address6) == 1
  }

  /// Whether `host` is a loopback address: IPv4 `127.x.x.x`, or IPv6 `::1` however written
  /// (`0:0:0:0:0:0:0:1`).
  package static func isLoopbackAddress(_ host: String) -> Bool {
    var address4 = in_addr()
    if inet_pton(AF_INET, host, &address4) == 1 { return host.hasPrefix("127.") }
    var address6 = in6_addr()
    guard inet_pton(AF_INET6, host, &address6) == 1 else { return false }
    let bytes = withUnsafeBytes(of: &address6) { Array($0) }
    return bytes == [UInt8](repeating: 0, count: 15) + [1]
  }

  /// `accept(2)` of one waiting connection on `fd` (made close-on-exec), or `nil` when none
  /// is waiting or it failed.
  package static func acceptConnection(_ fd: Int32) -> Int32? {
    let client = accept(fd, nil, nil)
    guard client >= 0 else { return nil }
    _ = fcntl(client, F_SETFD, FD_CLOEXEC)
    return client
  }

  /// From now on SIGINT (Ctrl-C) and SIGTERM set `isInterrupted` instead of ending the
  /// process, so a serving loop can stop cleanly.
  /// Both are unblocked too: a parent may start this process with them blocked (Foundation's
  /// `Process` does), and a blocked signal would stay pending forever.
  package static func catchInterrupt() {
    installInterruptHandler { _ in interruptFlag = 1 }
  }

  /// Installs `handler` for SIGINT and SIGTERM and unblocks both (a parent may start this
  /// process with them blocked, as Foundation's `Process` does). The one place both
  /// `catchInterrupt` and `Interruption` set their handlers.
  package static func installInterruptHandler(_ handler: @convention(c) (Int32) -> Void) {
    signal(SIGINT, handler)
    signal(SIGTERM, handler)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  /// Whether SIGINT or SIGTERM arrived since `catchInterrupt`.
  package static var isInterrupted: Bool { interruptFlag != 0 }

  /// 16 bytes from the system's random source (`getrandom(2)` through Swift's
  /// `SystemRandomNumberGenerator`) as 32 lowercase hex digits: an unguessable token.
  package static func randomToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<16).map { _ in
      let byte = UInt8.random(in: 0...255, using: &generator)
      return String(byte, radix: 16).count == 1
        ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
    }.joined()
  }
}

/// POSIX `listen(2)`, named apart from `Platform.listen`.
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 {
  #if canImport(Glibc)
    return Glibc.listen(fd, backlog)
  #else
    return Darwin.listen(fd, backlog)
  #endif
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A thread of its own for a body that blocks for the life of the process (waiting on a
/// pipe), as Foundation's `Thread { }.start()` gave one, without Foundation (which links ICU;
/// issue 37): a detached POSIX thread.
package enum DetachedThread {
  private final class Body {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
  }

  /// Runs `body` on a new detached thread; when no thread can be made (`pthread_create`
  /// fails), `body` does not run.
  package static func start(_ body: @escaping @Sendable () -> Void) {
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
      &thread, nil,
      { raw in
        Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
        return nil
      }, context)
    if status == 0 {
      pthread_detach(thread)
    } else {
      Unmanaged<Body>.fromOpaque(context).release()
    }
  }
}

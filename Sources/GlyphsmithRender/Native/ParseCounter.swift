import Synchronization

/// Counts the parses of SVG data: each libxml2 parse (`LibXMLReader.tree` and `.events`, of an
/// input or of Cairo's SVG output) and each librsvg load (`SVGDocument`). A test-only hook:
/// release code never installs one, and with none installed counting is one task-local read.
/// Tests install a counter for the code they run (`ParseCounter.$current.withValue`) and
/// assert the exact counts (one libxml2 parse at most and one librsvg load per input for
/// `render` and `assets`, at most two librsvg loads for `lint`). Task-local, so tests running
/// in parallel never count each other's parses; work moved to other threads by
/// `ParallelMap` with more than one job is not counted (tests use one job).
package final class ParseCounter: Sendable {
  /// The counter of the current task, if a test installed one.
  @TaskLocal package static var current: ParseCounter?

  private let xml = Atomic<Int>(0)
  private let rsvg = Atomic<Int>(0)

  /// A counter at zero.
  package init() {}

  /// libxml2 parses counted so far.
  package var libxml2Parses: Int { xml.load(ordering: .relaxed) }
  /// librsvg loads counted so far.
  package var librsvgLoads: Int { rsvg.load(ordering: .relaxed) }

  /// Counts one libxml2 parse on the current task's counter, if any.
  static func countLibXML2Parse() {
    current?.xml.wrappingAdd(1, ordering: .relaxed)
  }

  /// Counts one librsvg load on the current task's counter, if any.
  static func countLibrsvgLoad() {
    current?.rsvg.wrappingAdd(1, ordering: .relaxed)
  }
}

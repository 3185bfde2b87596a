import Synchronization

/// Counts what a build reads to plan: each `glyphsmith.json` load (`ProjectConfig.load`) and
/// each listing of an input folder (`InputCollector.collect` walking a folder given to it);
/// and what it starts to execute: each worker pool (`WorkerPool.run` with inputs). A
/// test-only hook like `ParseCounter`: release code never installs one, and with none
/// installed counting is one task-local read. Tests assert one of each per build.
package final class ProjectReadCounter: Sendable {
  /// The counter of the current task, if a test installed one.
  @TaskLocal package static var current: ProjectReadCounter?

  private let configs = Atomic<Int>(0)
  private let folders = Atomic<Int>(0)
  private let pools = Atomic<Int>(0)

  /// A counter at zero.
  package init() {}

  /// Project file loads counted so far.
  package var configReads: Int { configs.load(ordering: .relaxed) }
  /// Input folder listings counted so far.
  package var folderListings: Int { folders.load(ordering: .relaxed) }
  /// Worker pools run so far.
  package var workerPools: Int { pools.load(ordering: .relaxed) }

  /// Counts one project file load on the current task's counter, if any.
  static func countConfigRead() { current?.configs.wrappingAdd(1, ordering: .relaxed) }

  /// Counts one input folder listing on the current task's counter, if any.
  static func countFolderListing() { current?.folders.wrappingAdd(1, ordering: .relaxed) }

  /// Counts one worker pool run on the current task's counter, if any.
  static func countWorkerPool() { current?.pools.wrappingAdd(1, ordering: .relaxed) }
}

import FoundationEssentials
import Glibc
import GlyphsmithCore

/// Where an `assets` run spent its time, for `--stats` and `bench/render`.
public struct AssetsStatistics: Equatable, Sendable {
  /// PNG files rendered.
  public var renders = 0
  /// Sum over inputs of the time from loading to the imageset in place, in seconds (across
  /// threads, so up to `jobs` x the wall time).
  public var taskSeconds = 0.0
  /// Of that, the time inside librsvg, Cairo and libpng calls (`LibraryClock`), in seconds.
  public var librarySeconds = 0.0
  /// Of that, the time spent writing imagesets to the file system (mkdir, open, write,
  /// rename, and the Contents.json text), in seconds.
  public var writeSeconds = 0.0
  /// Of the task time, the canonical read of SVG inputs (`CanonicalSVG`: libxml2's read, the
  /// canonical rewrite and writing it out for librsvg), in seconds (issue 33).
  public var canonicalSeconds = 0.0
  /// The checks of the written outputs in the parent process after the workers (the catalog
  /// check of each output folder, `AssetPlatformWriter.findings`), wall-clock seconds; not
  /// part of the task time (issue 36: it was 18-28 % of an `assets` run's CPU, unseen).
  public var checkSeconds = 0.0
  /// The canonical read's share of the task time (0...1; 0 when nothing was timed).
  public var canonicalShare: Double { taskSeconds > 0 ? canonicalSeconds / taskSeconds : 0 }
  /// Glyphsmith's own compute time relative to the libraries' time:
  /// (task - library - write) / library.
  public var overhead: Double {
    librarySeconds > 0 ? (taskSeconds - librarySeconds - writeSeconds) / librarySeconds : 0
  }
}

import Foundation
import Glyphsmith
import Testing

/// Issue 32, the sixth new-user trial: what a prune, `appicon` and a build still removed or
/// replaced of the user's work. Each test runs the CLI on real folders and checks the exit
/// code, the exact lines and the user's files byte for byte.
@Suite("Ownership after the sixth trial")
struct TrialSixOwnershipCLITests {
  typealias Owned = OwnershipCLITests

  static func data(_ url: URL) throws -> Data { try Data(contentsOf: url) }

  // Finding 11: an icon deleted, the prune deleted a generated PNG the user had edited
  // since (its tEXt mark kept), although its SHA-256 differed from the record's.
  @Test func aGeneratedFileTheUserChangedIsKeptWhenItsIconIsPruned() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}, "android": {"res": "android/res", "format": "png"}}"#
    )
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let set = folder.appendingPathComponent("App/Icons.xcassets/bell.imageset")
    // An edit that keeps the mark: the @3x image pasted over the @2x one.
    let edited = try Self.data(set.appendingPathComponent("bell@3x.png"))
    try edited.write(to: set.appendingPathComponent("bell@2x.png"))
    let res = folder.appendingPathComponent("android/res")
    let drawable = res.appendingPathComponent("drawable-mdpi/bell.png")
    let editedDrawable = try Self.data(res.appendingPathComponent("drawable-hdpi/bell.png"))
    try editedDrawable.write(to: drawable)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/bell.svg"))

    let pruned = try CLIRunner.run(["build"], in: folder)
    #expect(pruned.status == 0)
    let lines = pruned.stderr.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.dropLast()) == [
        "App/Icons.xcassets/bell.imageset: kept, not removed (its source icons/bell.svg is gone; glyphsmith removed its own files, and bell@2x.png in it was changed since glyphsmith wrote it, so it is yours now)",
        "android/res/drawable-hdpi/bell.png: removed (its source icons/bell.svg is gone)",
        "android/res/drawable-xhdpi/bell.png: removed (its source icons/bell.svg is gone)",
        "android/res/drawable-xxhdpi/bell.png: removed (its source icons/bell.svg is gone)",
        "android/res/drawable-xxxhdpi/bell.png: removed (its source icons/bell.svg is gone)",
        "App/Icons.xcassets/bell.imageset: warning: kept for bell@2x.png, which was changed since glyphsmith wrote it; its own files are removed, so it has no Contents.json and is no asset (validate warns alike: kept-set); move it out and the next run removes the folder",
        "android/res/drawable-mdpi/bell.png: warning: changed since glyphsmith wrote it; kept, not removed (its source icons/bell.svg is gone; the file is yours now, and glyphsmith never deletes it)",
      ])
    #expect(lines.last?.hasSuffix("; 0 failed; 4 removed; 2 kept") == true)
    #expect(Owned.names(set) == ["bell@2x.png"])
    #expect(try Self.data(set.appendingPathComponent("bell@2x.png")) == edited)
    #expect(try Self.data(drawable) == editedDrawable)

    // The next run still names the kept set's file as changed, and removes nothing.
    let again = try CLIRunner.run(["build"], in: folder)
    #expect(again.status == 0)
    #expect(
      again.stderr.split(separator: "\n").first
        == "App/Icons.xcassets/bell.imageset: warning: kept for bell@2x.png, which was changed since glyphsmith wrote it; its own files are removed, so it has no Contents.json and is no asset (validate warns alike: kept-set); move it out and the next run removes the folder"
    )
    #expect(again.stderr.hasSuffix("; 0 failed; 0 removed; 1 kept\n"))
    #expect(try Self.data(set.appendingPathComponent("bell@2x.png")) == edited)
    #expect(try Self.data(drawable) == editedDrawable)
  }

  // Finding 13: the prune removed an empty `drawable-hdpi` the user had made before any
  // build, and a catalog group (its `Contents.json` in Xcode's bytes) the user had made.
  @Test func foldersAndGroupFilesTheUserMadeAreNeverPruned() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}, "android": {"res": "android/res", "format": "png"}}"#,
      icons: ["bell"])
    let hdpi = folder.appendingPathComponent("android/res/drawable-hdpi")
    try FileManager.default.createDirectory(at: hdpi, withIntermediateDirectories: true)
    let nav = folder.appendingPathComponent("App/Icons.xcassets/nav")
    let xcodeGroup = "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
    try Owned.write(xcodeGroup, to: nav.appendingPathComponent("Contents.json"))
    let heart = folder.appendingPathComponent("icons/nav/heart.svg")
    try FileManager.default.createDirectory(
      at: heart.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Owned.icons.appendingPathComponent("heart.svg"), to: heart)
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    #expect(Owned.names(nav) == ["Contents.json", "heart.imageset"])
    #expect(Owned.names(hdpi) == ["bell.png", "heart.png"])

    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/bell.svg"))
    try FileManager.default.removeItem(at: heart.deletingLastPathComponent())
    let pruned = try CLIRunner.run(["build"], in: folder)
    #expect(pruned.status == 0)
    #expect(!pruned.stderr.contains("nav/Contents.json"))
    #expect(pruned.stderr.hasSuffix("; 0 failed; 12 removed\n"))
    // The group and the drawable folder the user made stay, the group's file byte for byte;
    // the drawable folders glyphsmith made are gone.
    #expect(Owned.names(nav) == ["Contents.json"])
    #expect(Owned.read(nav.appendingPathComponent("Contents.json")) == xcodeGroup)
    #expect(Owned.names(folder.appendingPathComponent("android/res")) == ["drawable-hdpi"])
    #expect(Owned.names(hdpi) == [])
  }

  // Finding 7: `appicon --platform ios` replaced Xcode's `AppIcon.appiconset` (a
  // `Contents.json` alone, with mac slots and properties, no file) without --force.
  @Test func appIconRefusesXcodesContentsOnlyAppIconSet() throws {
    let folder = try Owned.project("{}", icons: ["bell"])
    let set = folder.appendingPathComponent("App/Assets.xcassets/AppIcon.appiconset")
    let xcode = """
      {
        "images" : [
          {
            "idiom" : "universal",
            "platform" : "ios",
            "size" : "1024x1024"
          },
          {
            "idiom" : "mac",
            "scale" : "1x",
            "size" : "16x16"
          }
        ],
        "info" : {
          "author" : "xcode",
          "version" : 1
        },
        "properties" : {
          "pre-rendered" : true
        }
      }

      """
    try Owned.write(xcode, to: set.appendingPathComponent("Contents.json"))
    let command = ["appicon", "icons/bell.svg", "--platform", "ios", "-o", "App/Assets.xcassets"]
    let refused = try CLIRunner.run(command, in: folder)
    #expect(refused.status == 2)
    #expect(
      refused.stderr.split(separator: "\n").last
        == "icons/bell.svg: error: App/Assets.xcassets/AppIcon.appiconset exists and was not made by glyphsmith; move it or pass --force"
    )
    #expect(Owned.names(set) == ["Contents.json"])
    #expect(Owned.read(set.appendingPathComponent("Contents.json")) == xcode)

    let forced = try CLIRunner.run(command + ["--force"], in: folder)
    #expect(forced.status == 0)
    #expect(
      forced.stderr.contains(
        "App/Assets.xcassets/AppIcon.appiconset: warning: not made by glyphsmith; replaced (--force)\n"
      ))
    #expect(Owned.names(set) == ["Contents.json", "icon-1024.png"])
    // Glyphsmith's from then on.
    #expect(try CLIRunner.run(command, in: folder).status == 0)
  }

  // Finding 16: a build deleted the symbol set `glyphsmith symbol` had made into its catalog
  // ("icons/bell.svg no longer makes it").
  @Test func aBuildNeverPrunesASymbolSetTheSymbolCommandMade() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#)
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let symbol = ["symbol", "icons/bell.svg", "--prefix", "sf-", "-o", "App/Icons.xcassets"]
    #expect(try CLIRunner.run(symbol, in: folder).status == 0)
    let set = folder.appendingPathComponent("App/Icons.xcassets/sf-bell.symbolset")
    #expect(Owned.names(set) == ["Contents.json", "sf-bell.svg"])
    let svg = try Self.data(set.appendingPathComponent("sf-bell.svg"))
    let contents = try Self.data(set.appendingPathComponent("Contents.json"))

    let built = try CLIRunner.run(["build"], in: folder)
    #expect(built.status == 0)
    #expect(built.stderr.hasSuffix("; 3 unchanged; 0 skipped; 0 failed; 0 removed\n"))
    #expect(!built.stderr.contains("sf-bell"))
    // Its source gone, the build prunes its own image set only.
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/bell.svg"))
    let pruned = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(pruned.status == 0)
    #expect(
      pruned.stderr
        == "App/Icons.xcassets/bell.imageset: removed (its source icons/bell.svg is gone)\n")
    #expect(try Self.data(set.appendingPathComponent("sf-bell.svg")) == svg)
    #expect(try Self.data(set.appendingPathComponent("Contents.json")) == contents)
    let record = try PruneOwnershipCLITests.record(
      folder.appendingPathComponent("App/Icons.xcassets"))
    #expect(record["symbol"] as? [String: String] == ["sf-bell.symbolset": "../../icons/bell.svg"])
  }
}

extension TrialSixOwnershipCLITests {
  /// The inode and link count of the file at `url`.
  static func inode(_ url: URL) throws -> (inode: Int, links: Int, modified: Date) {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (
      (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? -1,
      (attributes[.referenceCount] as? NSNumber)?.intValue ?? -1,
      attributes[.modificationDate] as? Date ?? .distantPast
    )
  }

  // Finding 15: a user's folder inside a generated set was copied deep on every render of
  // the set (its files' times reset, their hard links broken); it is moved now.
  @Test func aUsersFolderInAGeneratedSetIsMovedNotCopiedWhenTheSetIsRendered() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#)
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let set = folder.appendingPathComponent("App/Icons.xcassets/bell.imageset")
    let notes = set.appendingPathComponent("drafts/notes.txt")
    try Owned.write("draft", to: notes)
    let outside = folder.appendingPathComponent("notes-link.txt")
    try FileManager.default.linkItem(at: notes, to: outside)
    let old = Date(timeIntervalSince1970: 1_000_000_000)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: notes.path)
    let before = try Self.inode(notes)
    #expect(before.links == 2)
    // The icon changes: its set is rendered again.
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/bell.svg"))
    try FileManager.default.copyItem(
      at: Owned.icons.appendingPathComponent("camera.svg"),
      to: folder.appendingPathComponent("icons/bell.svg"))
    let built = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(built.status == 0)
    #expect(
      built.stderr == "App/Icons.xcassets/bell.imageset/drafts\(PruneOwnershipCLITests.userFileWarning)\n")
    let after = try Self.inode(notes)
    #expect(after.inode == before.inode)
    #expect(after.links == 2)
    #expect(after.modified == old)
    #expect(Owned.read(notes) == "draft")
    #expect(Owned.names(set) == ["Contents.json", "bell.png", "bell@2x.png", "bell@3x.png", "drafts"])
  }
}

extension TrialSixOwnershipCLITests {
  // Finding 12: `appicon --platform android` wrote `values/ic_launcher_background.xml` while
  // the user's `values/colors.xml` defined `ic_launcher_background` (Gradle: duplicate
  // resources). It fails by name now, before anything is written.
  @Test func appIconAndroidRefusesAColourTheUsersValuesDefineAlready() throws {
    let folder = try Owned.project("{}", icons: ["bell"])
    let res = folder.appendingPathComponent("app/src/main/res")
    let colors = """
      <?xml version="1.0" encoding="utf-8"?>
      <resources>
          <color name="ic_launcher_background">#3DDC84</color>
          <color name="accent">#FF0000</color>
      </resources>

      """
    try Owned.write(colors, to: res.appendingPathComponent("values/colors.xml"))
    let command = ["appicon", "icons/bell.svg", "--platform", "android", "-o", "app/src/main/res"]
    let refused = try CLIRunner.run(command, in: folder)
    #expect(refused.status == 2)
    #expect(
      refused.stderr.split(separator: "\n").map(String.init).filter { $0.contains("error:") } == [
        "icons/bell.svg: error: app/src/main/res/values/colors.xml defines the colour ic_launcher_background (line 3), which appicon writes to app/src/main/res/values/ic_launcher_background.xml for the background: Gradle fails on duplicate resources; remove that definition (appicon's file sets the colour), or give appicon another --name"
      ])
    #expect(Owned.names(res) == ["values"])
    #expect(Owned.names(res.appendingPathComponent("values")) == ["colors.xml"])
    #expect(Owned.read(res.appendingPathComponent("values/colors.xml")) == colors)
    // `--force` cannot make two definitions one.
    #expect(try CLIRunner.run(command + ["--force"], in: folder).status == 2)
    #expect(Owned.names(res.appendingPathComponent("values")) == ["colors.xml"])
    // Another name is no duplicate.
    let other = try CLIRunner.run(command + ["--name", "ic_bell"], in: folder)
    #expect(other.status != 2)
    #expect(
      Owned.names(res.appendingPathComponent("values")) == ["colors.xml", "ic_bell_background.xml"])
    #expect(Owned.read(res.appendingPathComponent("values/colors.xml")) == colors)
  }
}

extension TrialSixOwnershipCLITests {
  // Finding 8: the check that an output folder is one of its own missed a link when the
  // folder did not exist yet: with `art -> icons`, `"web": {"folder": "art/web"}` wrote into
  // icons/web.
  @Test func anOutputFolderReachedThroughALinkIntoTheIconsFolderIsRefusedBeforeItExists()
    throws
  {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "web": {"folder": "art/web"}}"#, icons: ["bell"])
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("art").path, withDestinationPath: "icons")
    let refused = try CLIRunner.run(["build"], in: folder)
    #expect(refused.status == 2)
    #expect(
      refused.stderr
        == "glyphsmith.json: error: invalid glyphsmith.json: 'web.folder' is 'art/web', inside the icons folder (what it writes would be read back as icons); \(Self.ownFolderRule); see docs/project.md\n"
    )
    #expect(Owned.names(folder.appendingPathComponent("icons")) == ["bell.svg"])
    // `assets --web-out` alike.
    let assets = try CLIRunner.run(
      ["assets", "icons", "-o", "out", "--platform", "web", "--web-out", "art/web"], in: folder)
    #expect(assets.status == 2)
    #expect(Owned.names(folder.appendingPathComponent("icons")) == ["bell.svg"])
  }

  static let ownFolderRule =
    "an output folder must be a folder of its own, since glyphsmith writes and prunes what it makes there (such as \"App/Icons.xcassets\", \"android/src/main/res\", \"web/icons\")"
}

extension TrialSixOwnershipCLITests {
  // Finding 9: `"ios": {"symbols": true}` with one failing icon exited 2 but wrote the symbol
  // sets beside the image sets it did not prune (validate: duplicate-name).
  @Test func aFailingIconSwitchesNoImageSetToASymbolSet() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "C.xcassets"}}"#,
      icons: ["bell", "camera"])
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let catalog = folder.appendingPathComponent("C.xcassets")
    let before = JournalCLITests.tree(catalog).filter { !$0.key.hasPrefix(".") }
    try Owned.write(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "C.xcassets", "symbols": true}}"#,
      to: folder.appendingPathComponent("glyphsmith.json"))
    try Owned.write(
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0 L"#,
      to: folder.appendingPathComponent("icons/broken.svg"))
    let failed = try CLIRunner.run(["build"], in: folder)
    #expect(failed.status == 2)
    let lines = failed.stderr.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.dropLast()) == [
        "icons/bell.svg: error: not switched to a symbol set this run, since other icons fail: C.xcassets/bell.imageset stays until a run without errors (a catalog holding it and C.xcassets/bell.symbolset loads neither); fix them and build again",
        "icons/broken.svg: error: invalid SVG: XML parse error at line 1, column 76: Premature end of data in tag svg line 1",
        "icons/camera.svg: error: not switched to a symbol set this run, since other icons fail: C.xcassets/camera.imageset stays until a run without errors (a catalog holding it and C.xcassets/camera.symbolset loads neither); fix them and build again",
      ])
    #expect(
      lines.last?.hasSuffix("; 3 failed; 0 removed (nothing was written or removed)") == true)
    #expect(Owned.names(catalog) == [".glyphsmith-outputs.json", "Contents.json", "bell.imageset", "camera.imageset"])
    let after = JournalCLITests.tree(catalog).filter { !$0.key.hasPrefix(".") }
    #expect(after == before)
    // Fixed, the next build switches them.
    try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/broken.svg"))
    let switched = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(switched.status == 0)
    #expect(Owned.names(catalog) == [".glyphsmith-outputs.json", "Contents.json", "bell.symbolset", "camera.symbolset"])
  }
}

extension TrialSixOwnershipCLITests {
  // Finding 14: a build wrote `house.imageset` beside the user's `Group/house.imageset`
  // (Xcode: duplicate asset names; only validate said so), and `appicon --name bell` wrote
  // `bell.appiconset` beside `bell.imageset`. Both are found before anything is written.
  @Test func anAssetNameTakenElsewhereInTheCatalogFailsBeforeAnythingIsWritten() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#,
      icons: ["bell", "house"])
    let catalog = folder.appendingPathComponent("App/Icons.xcassets")
    let theirs = catalog.appendingPathComponent("Group/house.imageset")
    let contents = #"{"images":[{"filename":"house.png","idiom":"universal"}],"info":{"author":"xcode","version":1}}"#
    try Owned.write(contents, to: theirs.appendingPathComponent("Contents.json"))
    try Owned.write("png", to: theirs.appendingPathComponent("house.png"))
    let refused = try CLIRunner.run(["build"], in: folder)
    #expect(refused.status == 2)
    #expect(
      AdoptMarkedCLITests.planningFailed(refused.stderr)
        == "icons/house.svg: error: asset name 'house' of App/Icons.xcassets/house.imageset collides with App/Icons.xcassets/Group/house.imageset (asset names are unique in a catalog, whatever their folder or type: Xcode cannot load both); rename one\n"
    )
    #expect(Owned.names(catalog) == ["Group"])
    #expect(Owned.read(theirs.appendingPathComponent("Contents.json")) == contents)
    #expect(Owned.read(theirs.appendingPathComponent("house.png")) == "png")
    // A group providing a namespace makes the names apart (`Group/house`).
    try Owned.write(
      #"{"info":{"author":"xcode","version":1},"properties":{"provides-namespace":true}}"#,
      to: catalog.appendingPathComponent("Group/Contents.json"))
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    #expect(Owned.names(catalog).contains("house.imageset"))

    // appicon alike, before anything is written.
    let appicon = try CLIRunner.run(
      ["appicon", "icons/bell.svg", "--name", "bell", "-o", "App/Icons.xcassets"], in: folder)
    #expect(appicon.status == 2)
    #expect(
      appicon.stderr.split(separator: "\n").last
        == "icons/bell.svg: error: app icon set 'bell' (App/Icons.xcassets/bell.appiconset) would collide with App/Icons.xcassets/bell.imageset (asset names are unique in a catalog, whatever their folder or type: Xcode cannot load both); give --name another name or rename it"
    )
    #expect(!Owned.names(catalog).contains("bell.appiconset"))
  }
}

extension TrialSixOwnershipCLITests {
  // The trial's messages: a link to the icons folder itself was called "outside the icons
  // folder"; a folder named golden.json gave Foundation's NSCocoaErrorDomain text; `golden
  // record` suggested --prune for a golden --prune then refused.
  @Test func theTrialsMessagesSayWhatIsWrong() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}}"#,
      icons: ["bell"])
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("icons/self").path, withDestinationPath: ".")
    let built = try CLIRunner.run(["build"], in: folder)
    #expect(built.status == 0)
    #expect(
      built.stderr.hasPrefix(
        "icons/self: warning: skipped: a link to '.', the icons folder itself (a loop); links to folders are not followed\n"
      ))

    #expect(
      try CLIRunner.run(["assets", "icons/bell.svg", "-o", "I.xcassets", "--quiet"], in: folder)
        .status == 0)
    let manifest = folder.appendingPathComponent("folded/golden.json")
    try FileManager.default.createDirectory(at: manifest, withIntermediateDirectories: true)
    let folded = try CLIRunner.run(["golden", "record", "I.xcassets", "folded"], in: folder)
    #expect(folded.status == 2)
    #expect(
      folded.stderr.hasSuffix(
        "folded/golden.json: error: invalid golden.json: it is a folder, not a file; fix it or delete it and re-record\n"
      ))
    #expect(!folded.stderr.contains("NSCocoaErrorDomain"))

    #expect(try CLIRunner.run(["golden", "record", "I.xcassets", "golden"], in: folder).status == 0)
    let set = folder.appendingPathComponent("golden/bell.imageset")
    let copy = try Self.data(set.appendingPathComponent("bell.png"))
    try copy.write(to: set.appendingPathComponent("old.png"))
    let kept = try CLIRunner.run(["golden", "record", "I.xcassets", "golden"], in: folder)
    #expect(kept.status == 0)
    #expect(
      kept.stderr.hasPrefix(
        "golden/bell.imageset/old.png: warning: golden has no actual image; glyphsmith did not make it (golden.json does not list it), so --prune keeps it too: delete it by hand if the image is gone (or pass --prune --force)\n"
      ))
    let pruned = try CLIRunner.run(
      ["golden", "record", "I.xcassets", "golden", "--prune"], in: folder)
    #expect(pruned.status == 2)
    #expect(try Self.data(set.appendingPathComponent("old.png")) == copy)
  }
}

extension TrialSixOwnershipCLITests {
  // The trial: an icon whose image set and drawable were both hand-made named only the first.
  @Test func everyPathOfAnIconGlyphsmithDidNotMakeIsNamed() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "App/Icons.xcassets"}, "android": {"res": "android/res", "format": "png"}}"#,
      icons: ["bell"])
    try Owned.write(
      #"{"images":[],"info":{"author":"me","version":1}}"#,
      to: folder.appendingPathComponent("App/Icons.xcassets/bell.imageset/Contents.json"))
    try Owned.write("mine", to: folder.appendingPathComponent("android/res/drawable-mdpi/bell.png"))
    try Owned.write("mine", to: folder.appendingPathComponent("android/res/drawable-hdpi/bell.png"))
    let refused = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(refused.status == 2)
    #expect(
      refused.stderr
        == "icons/bell.svg: error: App/Icons.xcassets/bell.imageset, android/res/drawable-mdpi/bell.png and android/res/drawable-hdpi/bell.png exist and were not made by glyphsmith; move them or pass --force\n"
    )
    #expect(Owned.read(folder.appendingPathComponent("android/res/drawable-mdpi/bell.png")) == "mine")
  }
}

extension TrialSixOwnershipCLITests {
  // Finding 9, across groups: a symbol failing in a group of other options (a rule) holds
  // back the switch of the first group's image sets too.
  @Test func aSymbolFailingInALaterGroupSwitchesNoImageSetOfAnEarlierOne() throws {
    let folder = try Owned.project(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "C.xcassets"}}"#,
      icons: ["bell", "camera"])
    #expect(try CLIRunner.run(["build", "--quiet"], in: folder).status == 0)
    let catalog = folder.appendingPathComponent("C.xcassets")
    let before = JournalCLITests.tree(catalog).filter { !$0.key.hasPrefix(".") }
    try Owned.write(
      #"{"version": 1, "icons": "icons", "ios": {"catalog": "C.xcassets", "symbols": true}, "rules": [{"match": "zz*.svg", "role": "toolbar"}]}"#,
      to: folder.appendingPathComponent("glyphsmith.json"))
    try Owned.write(
      #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0 L"#,
      to: folder.appendingPathComponent("icons/zzbroken.svg"))
    let failed = try CLIRunner.run(["build", "--quiet"], in: folder)
    #expect(failed.status == 2)
    #expect(
      failed.stderr.split(separator: "\n").map(String.init) == [
        "icons/bell.svg: error: not switched to a symbol set this run, since other icons fail: C.xcassets/bell.imageset stays until a run without errors (a catalog holding it and C.xcassets/bell.symbolset loads neither); fix them and build again",
        "icons/camera.svg: error: not switched to a symbol set this run, since other icons fail: C.xcassets/camera.imageset stays until a run without errors (a catalog holding it and C.xcassets/camera.symbolset loads neither); fix them and build again",
        "icons/zzbroken.svg: error: invalid SVG: XML parse error at line 1, column 76: Premature end of data in tag svg line 1",
      ])
    #expect(JournalCLITests.tree(catalog).filter { !$0.key.hasPrefix(".") } == before)
  }
}

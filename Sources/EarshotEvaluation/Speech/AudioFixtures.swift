import Earshot
import EarshotModel
import Foundation

/// The audio fixtures of `audio-fixtures/`: what is said, in which voices, and what it must do.
///
/// `fixtures.tsv` lists one utterance a line (kind, name, lead-in, text, tab-separated) and the voices
/// every line is spoken in; `audio-fixtures/generate` speaks them into `<kind>/<name>.<voice>.opus`.
public struct AudioFixtures: Sendable {
    /// What a fixture is for.
    public enum Kind: String, Sendable, CaseIterable {
        /// An invocation that must reach the intent and parameters its typed text reaches.
        case phrase
        /// A follow-up answer that must do what the typed answer does after the lead-in.
        case answer
        /// Out of domain: must reach no intent.
        case ood
        /// A wake phrase ("hey siri"), put before requests for the live-session bench.
        case wake
    }

    /// One utterance of the list.
    public struct Entry: Sendable {
        public var kind: Kind
        public var name: String
        /// Typed turns that open the conversation before a follow-up answer.
        public var leadIn: [String]
        public var text: String
    }

    /// The folder holding `fixtures.tsv`.
    public var folder: String
    public var voices: [String]
    public var entries: [Entry]

    /// Reads `folder/fixtures.tsv`.
    public init(folder: String) throws(LoadError) {
        let path = (folder as NSString).appendingPathComponent("fixtures.tsv")
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw LoadError(SourceLocation(file: path), "cannot be read.", fix: "Run from the Earshot checkout, or pass --fixtures DIR.")
        }
        self.folder = folder
        voices = []
        entries = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if columns.first == "voices" {
                voices = Array(columns.dropFirst())
                continue
            }
            guard columns.count == 4, let kind = Kind(rawValue: columns[0]) else {
                throw LoadError(SourceLocation(file: path, line: index + 1, column: 1),
                                "expected kind (phrase, answer, ood or wake), name, lead-in and text, separated by tabs.",
                                fix: "Fix the line; see the comment at the top of the file.")
            }
            let leadIn = columns[2] == "-" ? [] : columns[2].components(separatedBy: " | ")
            entries.append(Entry(kind: kind, name: columns[1], leadIn: leadIn, text: columns[3]))
        }
        guard !voices.isEmpty else {
            throw LoadError(SourceLocation(file: path), "has no `voices` line.", fix: "Add a line: voices<TAB>en-us<TAB>en-gb …")
        }
    }

    /// Where the audio of `entry` in `voice` is.
    public func path(_ entry: Entry, voice: String) -> String {
        (folder as NSString).appendingPathComponent("\(entry.kind.rawValue)/\(entry.name).\(voice).opus")
    }

    /// The entries of one kind.
    public func entries(_ kind: Kind) -> [Entry] { entries.filter { $0.kind == kind } }

    /// The fixtures folder of this checkout (found from the working directory upwards, or next to the
    /// source file when run from tests).
    public static func defaultFolder(from directory: String = FileManager.default.currentDirectoryPath) -> String {
        var url = URL(fileURLWithPath: directory)
        for _ in 0..<6 {
            let candidate = url.appendingPathComponent("audio-fixtures/fixtures.tsv")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate.deletingLastPathComponent().path }
            url.deleteLastPathComponent()
        }
        return "audio-fixtures"
    }
}

extension AudioFixtures {
    /// The example apps the fixtures speak to: every `examples/*/app.yaml` beside the fixtures folder.
    public func exampleApps() throws(LoadError) -> [AppManifest] {
        try Self.apps(in: ((folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent("examples"))
    }

    /// The app of every folder in `folder` that holds a manifest, in name order (the fixtures were
    /// recorded for those; an example read from Swift sources, like plantpal, has none).
    public static func apps(in folder: String) throws(LoadError) -> [AppManifest] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().filter {
            FileManager.default.fileExists(atPath: AppManifest.manifestPath(for: (folder as NSString).appendingPathComponent($0)))
        }
        // None: not the current folder's apps, which `loadApps` reads when given no path.
        guard !names.isEmpty else { return [] }
        return try Workspace.loadApps(names.map { (folder as NSString).appendingPathComponent($0) })
    }

    /// Every example app in `folder`: those with a manifest (``apps(in:)``), then those kept as an app's
    /// Swift sources with an `earshot.yaml` beside them and no manifest (Plant Pal), imported as `earshot`
    /// imports them. What the development sets of typed and spoken requests and answers talk to.
    public static func appsWithSources(in folder: String) throws(LoadError) -> [AppManifest] {
        let imported = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            .map { (folder as NSString).appendingPathComponent($0) }
            .filter {
                !FileManager.default.fileExists(atPath: AppManifest.manifestPath(for: $0))
                    && FileManager.default.fileExists(atPath: ($0 as NSString).appendingPathComponent("earshot.yaml"))
            }
        return try apps(in: folder) + (imported.isEmpty ? [] : Workspace.loadApps(imported))
    }
}

import Earshot
import EarshotEvaluation
import EarshotModel
import Foundation

/// The people development set (people-dev/): natural answers and requests over the examples and the
/// bench-only planner app, in a development part and a held-out part (people-dev/README.md).
public struct PeopleSet: Sendable {
    /// What a row measures.
    public enum Kind: String, Sendable, CaseIterable {
        /// A value named inside a sentence.
        case answer
        /// Yes/no, "more options", cancel, repeat, as people say them.
        case yesno
        /// An open-ended value: a number, amount, date, duration, dictated text.
        case value
        /// Speech that names no value, said instead of an answer.
        case ood
        /// A request with fillers and politeness.
        case request
    }

    public struct Row: Sendable {
        public var kind: Kind
        public var device: String
        public var leadIn: [String]
        public var text: String
        public var expected: String
        /// `file:line`, for reports.
        public var location: String
    }

    public var rows: [Row]

    /// The folder beside the examples: `people-dev` of this checkout.
    public static func defaultFolder(from directory: String = FileManager.default.currentDirectoryPath) -> String {
        var folder = URL(fileURLWithPath: directory)
        for _ in 0..<6 {
            let candidate = folder.appendingPathComponent("people-dev")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("devset.tsv").path) { return candidate.path }
            folder.deleteLastPathComponent()
        }
        return (directory as NSString).appendingPathComponent("people-dev")
    }

    /// Reads `file` (devset.tsv or heldout.tsv) of `folder`.
    public init(folder: String, file: String) throws {
        let path = (folder as NSString).appendingPathComponent(file)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var rows: [Row] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where index > 0 {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard cells.count >= 5 else { continue }
            guard let kind = Kind(rawValue: cells[0]) else {
                throw LoadError(SourceLocation(file: path, line: index + 1), "unknown kind '\(cells[0])'.", fix: "Use answer, yesno, value, ood or request.")
            }
            let leadIn = cells[2] == "-" ? [] : cells[2].components(separatedBy: " | ")
            rows.append(Row(kind: kind, device: cells[1], leadIn: leadIn, text: cells[3], expected: cells[4],
                            location: "\(file):\(index + 1)"))
        }
        self.rows = rows
    }

    /// The apps the rows talk to: the examples (a manifest, or an app's Swift sources with an
    /// `earshot.yaml`, as Plant Pal, imported the way the flexible bench imports it) and people-dev/apps.
    public static func apps(folder: String) throws(LoadError) -> [AppManifest] {
        let examples = ((folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent("examples")
        return try AudioFixtures.appsWithSources(in: examples) + AudioFixtures.apps(in: (folder as NSString).appendingPathComponent("apps"))
    }
}

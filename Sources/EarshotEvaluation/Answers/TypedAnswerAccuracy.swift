import Earshot
import EarshotDialogue
import EarshotMatching
import EarshotModel
import Foundation

/// Answers typed the way people say them (answers-dev/devset.tsv and heldout.tsv): how often the device takes
/// the value meant, or takes nothing when nothing was named. What speech adds on top of this is measured by the
/// spoken sets; this is the text a transcript becomes.
public struct TypedAnswerAccuracy: Sendable {
    /// One labelled answer.
    public struct Row: Sendable {
        /// The lines that bring the conversation to the question.
        public var lead: [String]
        public var answer: String
        /// `param=id`, `yes`, `no`, `more`, or `-` (nothing taken).
        public var expect: String
        /// value, ordinal, yesno, more, open, ood.
        public var kind: String
    }

    /// Rows right, by kind.
    public var right: [String: Int] = [:]
    /// Rows, by kind.
    public var total: [String: Int] = [:]
    /// What went wrong, one line each.
    public var misses: [String] = []

    /// The development set of this checkout.
    public static func defaultFolder() -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("answers-dev").path
    }

    /// The rows of a TSV file (header `lead	answer	expect	kind`; lead lines separated by " | ").
    public static func rows(_ path: String) throws -> [Row] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 4 else { return nil }
            return Row(lead: fields[0].components(separatedBy: " | "), answer: fields[1], expect: fields[2], kind: fields[3])
        }
    }

    /// Plays every row on HomePod with the example apps, the clock at Wednesday 25 November 2026, 9:30 in New York.
    public static func measure(rows: [Row], examples: String) async throws -> TypedAnswerAccuracy {
        let folders = try FileManager.default.contentsOfDirectory(atPath: examples).sorted()
            .map { (examples as NSString).appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: ($0 as NSString).appendingPathComponent("app.yaml")) }
        let workspace = try Workspace.load(appPaths: folders)
        let zone = TimeZone(identifier: "America/New_York")!
        let now = SpokenDates.date(iso: "2026-11-25T09:30", timeZone: zone)
        var result = TypedAnswerAccuracy()
        for row in rows {
            var session = try workspace.session(profile: "homepod", settings: DeviceSettings(now: now, timeZone: zone))
            var before: Turn?
            for line in row.lead { before = await session.respond(to: line) }
            let turn = await session.respond(to: row.answer)
            let ok = judge(row.expect, turn: turn, before: before)
            result.total[row.kind, default: 0] += 1
            if ok {
                result.right[row.kind, default: 0] += 1
            } else {
                let values = turn.parameters.compactMap { p in p.value.map { "\(p.id)=\($0.id)" } }.joined(separator: " ")
                result.misses.append("\(row.kind): “\(row.answer)” expected \(row.expect); got \(turn.outcome.rawValue), \(values), “\(turn.reply.text)”")
            }
        }
        return result
    }

    static func judge(_ expect: String, turn: Turn, before: Turn?) -> Bool {
        let asked = before?.asking
        switch expect {
        case "-":
            // Nothing taken: the question is asked again (or the conversation ends), no value for it.
            guard let asked else { return false }
            if asked == "confirmation" { return turn.outcome == .inProgress || turn.outcome == .notUnderstood }
            return turn.parameter(asked) == nil && turn.outcome != .success && turn.outcome != .cancelled
        case "yes":
            return turn.outcome == .success || turn.outcome == .error
        case "no":
            if asked == "confirmation" { return turn.outcome == .cancelled }
            // No to a default: the options of that parameter are asked, not as a miss.
            return turn.asking == asked && asked.map { turn.parameter($0) == nil } == true && !turn.reply.text.hasPrefix("Sorry")
        case "more":
            return turn.asking == asked && turn.reply.text != before?.reply.text && !turn.reply.text.hasPrefix("Sorry")
        default:
            let parts = expect.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return false }
            return turn.parameter(parts[0])?.id == parts[1]
        }
    }

    public var markdown: String {
        var lines = ["| kind | right | of | % |", "|---|---:|---:|---:|"]
        for kind in ["value", "ordinal", "yesno", "more", "open", "ood"] where total[kind] != nil {
            let r = right[kind] ?? 0, t = total[kind] ?? 0
            lines.append("| \(kind) | \(r) | \(t) | \(String(format: "%.1f", 100 * Double(r) / Double(max(t, 1)))) |")
        }
        let r = right.values.reduce(0, +), t = total.values.reduce(0, +)
        lines.append("| **all** | \(r) | \(t) | \(String(format: "%.1f", 100 * Double(r) / Double(max(t, 1)))) |")
        return lines.joined(separator: "\n")
    }
}

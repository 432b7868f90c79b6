import EarshotDialogue
import EarshotModel
import Foundation

/// Writes turns for people (a transcript) or for programs (one JSON object per line).
public struct TranscriptWriter: Sendable {
    public enum Style: Sendable { case transcript, json }
    public var style: Style
    /// Show how each invocation matched (phrase, mode, score, runners-up).
    public var showMatch: Bool
    /// Repeat what the person typed (off at an interactive prompt, where it is already on screen).
    /// What was heard in audio is always shown.
    public var echoInput: Bool

    public init(style: Style, showMatch: Bool = true, echoInput: Bool = true) {
        self.style = style
        self.showMatch = showMatch
        self.echoInput = echoInput
    }

    /// One turn as text: several lines for a transcript, one line of JSON.
    public func render(_ turn: Turn, deviceName: String) -> String {
        switch style {
        case .json: return Self.json(turn)
        case .transcript: return transcript(turn, deviceName: deviceName)
        }
    }

    /// The turn JSON of the CLI spec, on one line.
    public static func json(_ turn: Turn) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(turn) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    func transcript(_ turn: Turn, deviceName: String) -> String {
        var lines: [String] = []
        if turn.heard.source == .audio {
            // What the recogniser made of the audio (always shown: it is not on the screen yet).
            let confidence = turn.heard.confidence.map { String(format: "%.2f", $0) } ?? "-"
            lines.append(turn.heard.text.isEmpty ? "  heard   > (nothing recognised; confidence \(confidence))"
                                                 : "  heard   > \(turn.heard.text) (confidence \(confidence))")
        } else if echoInput {
            lines.append("  you > \(turn.heard.text)")
        }
        if showMatch, let match = turn.match {
            var line = "        matched \(match.app) · \(match.intent) · \"\(match.phrase)\" (\(match.mode.rawValue), score \(String(format: "%.2f", match.score)))"
            let others = match.candidates.filter { $0.intent != match.intent || $0.app != match.app }
            if !others.isEmpty {
                line += "; runners-up: " + others.prefix(3).map { "\($0.intent) \(String(format: "%.2f", $0.score))" }.joined(separator: ", ")
            }
            lines.append(line)
        }
        if showMatch, let nearest = turn.nearest, !nearest.isEmpty {
            lines.append("        nearest: " + nearest.map { "\"\($0.said)\" \(String(format: "%.2f", $0.score))" }.joined(separator: ", "))
        }
        if showMatch, let app = turn.blockedBy {
            lines.append("        stopped by a negative phrase of \(app)")
        }
        let filled = turn.parameters.compactMap { p in p.value.map { "\(p.id)=\($0.title)" } }
        if showMatch, turn.match != nil, !filled.isEmpty {
            lines.append("        parameters: " + filled.joined(separator: ", "))
        }
        lines.append("  \(deviceName) < \(turn.reply.text)")
        if let snippet = turn.reply.snippet {
            lines.append("        [screen: \(snippet.title)\(snippet.lines.isEmpty ? "" : " | " + snippet.lines.joined(separator: " | "))]")
        }
        if let audio = turn.reply.audio { lines.append("        (reply audio: \(audio))") }
        var status = "        (\(turn.outcome.rawValue)"
        if let asking = turn.asking { status += ", asking \(asking)" }
        if let error = turn.error { status += ": \(error)" }
        lines.append(status + ")")
        return lines.joined(separator: "\n")
    }
}

import EarshotAudio
import EarshotDialogue
import EarshotModel
import EarshotSpeech
import Foundation

/// The embedded default: the bundled example conversations, played on HomePod and Apple Watch.
///
/// By default the whole audio loop runs: each line of the person is spoken by espeak-ng in
/// ``personVoice``, recognised in the context of the conversation, resolved and answered, and the
/// reply is spoken in the profile's voice into a WAV file. ``Mode/text`` plays the typed lines instead.
public enum Demo {
    /// One scripted conversation.
    public struct Script: Sendable {
        public var title: String
        public var profile: String
        public var lines: [String]
        /// How the conversation ends, as the title says (either of these).
        public var expected: Set<Outcome>

        public init(title: String, profile: String, lines: [String], expected: Set<Outcome>) {
            self.title = title
            self.profile = profile
            self.lines = lines
            self.expected = expected
        }
    }

    /// The conversations `earshot demo` plays.
    public static let scripts: [Script] = [
        Script(title: "Order soup, answering the follow-up questions", profile: "homepod",
               lines: ["Order soup with Soup Chef", "the second one", "yes", "yes"], expected: [.success]),
        Script(title: "Summarize a list by voice", profile: "homepod",
               lines: ["Summarize my shopping list with Demo"], expected: [.success]),
        // iOS 17's flexible matching (behavior.md §5, scenarios 2 and 5): HomePod matches a wording nobody
        // wrote down by meaning, and refuses one too far from every phrase. Spoken, "pull the key points"
        // is sometimes heard as other words ("all that keep points ..."), which may match; the demo's
        // closing lines then say what was heard.
        Script(title: "HomePod matches a wording nobody wrote down by its meaning", profile: "homepod",
               lines: ["Give me a summary of my shopping list with Demo"], expected: [.success]),
        Script(title: "HomePod refuses a wording too far from every phrase", profile: "homepod",
               lines: ["Pull the key points from my shopping list with Demo"], expected: [.noMatch]),
        Script(title: "A sold-out soup: the app's own error, after the questions and the confirmation", profile: "homepod",
               lines: ["Order chicken noodle soup with Soup Chef", "yes", "yes"], expected: [.error]),
        Script(title: "Delivery asks for the address; pickup never does", profile: "homepod",
               lines: ["Order soup for delivery with Soup Chef", "clam chowder", "yes", "home", "yes"], expected: [.success]),
        Script(title: "The same phrase on the Watch speaks the short line and shows a snippet", profile: "watch",
               lines: ["Summarize my shopping list with Demo"], expected: [.success]),
        // Not a phrase of the app: typed, it is a no-match (the Watch has no flexible matching); spoken,
        // the Watch's grammar holds only the exact phrases, so the recogniser should refuse it
        // (not-understood). When it hears a phrase of the app instead, the demo's closing lines say so.
        Script(title: "The Watch needs the exact phrase: a paraphrase is refused", profile: "watch",
               lines: ["Give me a summary of my shopping list with Demo"], expected: [.noMatch, .notUnderstood]),
        Script(title: "The Watch asks which list and takes an ordinal", profile: "watch",
               lines: ["Summarize my list with Demo", "the last one"], expected: [.success]),
    ]

    /// The person's voice in the audio demo: espeak-ng's `en-us` with the `f3` variant (a higher,
    /// female voice) at 165 words a minute. Every profile speaks with plain `en-us`, so the person and
    /// the device are told apart by ear, and recognition is not tried only on the voice the device speaks with.
    public static let personVoice = Synthesizer.Voice(name: "en-us+f3", rate: 165, pitch: 50)

    /// How the person's lines reach the device.
    public enum Mode: Sendable {
        /// Typed, as `earshot converse` takes them: fast, no speech.
        case text
        /// Spoken in ``Demo/personVoice`` and recognised; replies are spoken into WAV files in `replyDirectory`.
        case speech(replyDirectory: String)
    }

    /// One script as it was played.
    public struct Played: Sendable {
        public var script: Script
        /// The device's display name ("HomePod").
        public var deviceName: String
        public var turns: [Turn]

        /// How the conversation ended: the last turn's outcome.
        public var outcome: Outcome? { turns.last?.outcome }
        /// Whether it ended as the title says.
        public var endedAsExpected: Bool { outcome.map(script.expected.contains) ?? false }
    }

    /// What happens as the demo plays, for streaming output.
    public enum Event: Sendable {
        /// A script starts.
        case script(Script, deviceName: String)
        /// A turn: the line as written (for the audio demo, what was spoken) and what came of it.
        case turn(line: String, Turn, deviceName: String)
    }

    /// Plays `scripts` over the bundled apps and profiles, reporting each script and turn to `observe`.
    ///
    /// Throws `LoadError` (the bundled files), `SpeechError` (no speech model, a voice espeak-ng lacks)
    /// or `AudioError` (a reply that cannot be written).
    public static func play(_ mode: Mode, scripts: [Script] = scripts,
                            observe: (Event) -> Void = { _ in }) async throws -> [Played] {
        let workspace = Workspace(apps: try Bundled.exampleApps(), profiles: try Bundled.profiles())
        var loop: SpeechLoop?
        if case .speech = mode {
            do {
                loop = try SpeechLoop(source: .synthetic)
            } catch {
                throw SpeechError(error.message, fix: [error.fix, "Or play the typed demo: earshot demo --text."]
                    .compactMap { $0 }.joined(separator: " "))
            }
        }
        var played: [Played] = []
        for (scriptIndex, script) in scripts.enumerated() {
            var session = try workspace.matchingSession(profile: script.profile)
            let deviceName = session.profile.name
            observe(.script(script, deviceName: deviceName))
            var turns: [Turn] = []
            for (lineIndex, line) in script.lines.enumerated() {
                let turn: Turn
                switch (mode, loop) {
                case (.speech(let directory), let loop?):
                    let speech = try loop.synthesizer.speak(line, voice: personVoice)
                    let name = "\(scriptIndex + 1)-\(script.profile)-turn-\(lineIndex + 1).wav"
                    turn = try await loop.turn(speech, session: &session,
                                               replyPath: (directory as NSString).appendingPathComponent(name))
                default:
                    turn = await session.respond(to: line)
                }
                observe(.turn(line: line, turn, deviceName: deviceName))
                turns.append(turn)
            }
            played.append(Played(script: script, deviceName: deviceName, turns: turns))
        }
        return played
    }

    /// One event as output lines: a heading per script; per turn, what the person said (when spoken)
    /// and the turn as `writer` renders it. Empty for a script heading in JSON.
    public static func render(_ event: Event, writer: TranscriptWriter) -> String {
        switch (event, writer.style) {
        case (.script(let script, let deviceName), .transcript):
            return "\n== \(deviceName): \(script.title)"
        case (.script, .json):
            return ""
        case (.turn(let line, let turn, let deviceName), .transcript):
            let rendered = writer.render(turn, deviceName: deviceName)
            return turn.heard.source == .audio ? "  you say > \(line)\n" + rendered : rendered
        case (.turn(_, let turn, let deviceName), .json):
            return writer.render(turn, deviceName: deviceName)
        }
    }

    /// The closing lines of a transcript: scripts that did not end as their titles say, and where the replies are.
    public static func summary(_ played: [Played], mode: Mode) -> String {
        var lines = [""]
        let off = played.filter { !$0.endedAsExpected }
        if off.isEmpty {
            lines.append("All \(played.count) conversations ended as their titles say.")
        } else {
            lines.append("\(off.count) of \(played.count) conversations did not end as their titles say:")
            for p in off {
                let expected = p.script.expected.map(\.rawValue).sorted().joined(separator: " or ")
                let heard = p.turns.filter { $0.heard.source == .audio }.map { "\"\($0.heard.text)\"" }.joined(separator: ", ")
                lines.append("  \(p.deviceName), \"\(p.script.title)\": ended in \(p.outcome?.rawValue ?? "nothing"), not \(expected)"
                             + (heard.isEmpty ? "" : "; heard \(heard)"))
            }
        }
        if case .speech(let directory) = mode {
            let count = played.reduce(0) { $0 + $1.turns.filter { $0.reply.audio != nil }.count }
            lines.append("The \(count) replies, spoken in each device's voice, are WAV files in \(directory)")
        }
        return lines.joined(separator: "\n")
    }

    /// The folder the audio demo writes its replies to.
    ///
    /// Without `requested`, a new folder under the system's temporary folder (`earshot-demo-XXXXXX`), so
    /// nothing of the user's is touched. A requested folder is created when missing; one that exists must
    /// be empty unless `force` (then replies replace files of the same names, and nothing else is removed).
    public static func replyDirectory(_ requested: String?, force: Bool) throws(LoadError) -> String {
        let files = FileManager.default
        guard let requested else {
            let template = (NSTemporaryDirectory() as NSString).appendingPathComponent("earshot-demo-XXXXXX")
            var bytes = Array(template.utf8CString)
            guard bytes.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
                throw LoadError(SourceLocation(file: NSTemporaryDirectory()), "cannot create a folder for the replies (\(String(cString: strerror(errno)))).",
                                fix: "Choose one with --reply-dir DIR.")
            }
            return String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: requested, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw LoadError(SourceLocation(file: requested), "is a file, not a folder.",
                                fix: "Give --reply-dir a new or empty folder.")
            }
            let contents = (try? files.contentsOfDirectory(atPath: requested)) ?? []
            if !contents.isEmpty, !force {
                throw LoadError(SourceLocation(file: requested), "is not empty (\(contents.count) \(contents.count == 1 ? "entry" : "entries")).",
                                fix: "Choose a new or empty folder, or add --force to write the replies into it (replacing files of the same names).")
            }
            return requested
        }
        do {
            try files.createDirectory(atPath: requested, withIntermediateDirectories: true)
        } catch {
            throw LoadError(SourceLocation(file: requested), "cannot be created (\(error.localizedDescription)).",
                            fix: "Choose a folder you can write to.")
        }
        return requested
    }
}

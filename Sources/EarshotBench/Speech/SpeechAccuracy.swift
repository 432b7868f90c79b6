import Earshot
import EarshotAudio
import EarshotDialogue
import EarshotMatching
import EarshotSpeech
import Foundation

/// How often spoken fixtures do what their typed text does: invocations reach the same intent and
/// parameters, follow-up answers the same conversation state, out-of-domain requests no intent.
public struct SpeechAccuracy: Sendable {
    /// One kind of fixture on one profile.
    public struct Tally: Sendable {
        public var kind: AudioFixtures.Kind
        public var profile: String
        public var hits = 0
        public var total = 0
        /// What went wrong, one line each: voice, what was said, what was heard.
        public var misses: [String] = []
        /// Seconds of audio recognised, and seconds spent recognising it (grammar and phone loop).
        public var audioSeconds = 0.0
        public var decodeSeconds = 0.0
        /// The recognizer's score gap and word coverage for each utterance (for calibrating rejection).
        public var diagnostics: [(gap: Double, coverage: Double, hit: Bool)] = []

        var lastGap = 0.0, lastCoverage = 0.0

        public var rate: Double { total == 0 ? 0 : Double(hits) / Double(total) }
        /// Real-time factor of recognition.
        public var realTimeFactor: Double { audioSeconds == 0 ? 0 : decodeSeconds / audioSeconds }
    }

    public var tallies: [Tally]

    /// The tally of `kind` on `profile`.
    public func tally(_ kind: AudioFixtures.Kind, on profile: String) -> Tally? {
        tallies.first { $0.kind == kind && $0.profile == profile }
    }

    /// Plays the fixtures of `kinds` through the speech loop of a session of `workspace` on each profile,
    /// in every voice (or, with `oneVoiceEach`, one voice per fixture in turn).
    public static func measure(_ fixtures: AudioFixtures, workspace: Workspace, profiles: [String] = ["homepod", "watch"],
                               kinds: [AudioFixtures.Kind] = AudioFixtures.Kind.allCases, voices: [String]? = nil,
                               oneVoiceEach: Bool = false, loop: SpeechLoop) async throws -> SpeechAccuracy {
        let allVoices = voices ?? fixtures.voices
        var tallies: [Tally] = []
        for kind in kinds {
            for profile in profiles {
                var tally = Tally(kind: kind, profile: profile)
                let fresh = try workspace.session(profile: profile)
                for (index, entry) in fixtures.entries(kind).enumerated() {
                    // Every voice, or (for a quicker sample) one each, taking turns.
                    let voices = oneVoiceEach ? [allVoices[index % allVoices.count]] : allVoices
                    for voice in voices {
                        let audio = try AudioFile.read(fixtures.path(entry, voice: voice))
                        switch kind {
                        case .phrase:
                            // Only where the typed text reaches an intent on this device.
                            let expected = Self.intents(fresh.resolver.resolve(entry.text).matches)
                            guard !expected.isEmpty else { continue }
                            let heard = try await loop.recognize(audio, session: fresh)
                            tally.add(audio, loop)
                            let got = Self.intents(fresh.resolver.resolve(heard.text).matches)
                            tally.count(got == expected, "\(voice): \"\(entry.text)\" heard \"\(heard.bestGuess)\" (confidence \(heard.confidence))")
                        case .answer:
                            var session = fresh
                            var last: Turn?
                            for line in entry.leadIn { last = await session.respond(to: line) }
                            guard last?.outcome == .inProgress else { continue }
                            var typed = session
                            let expected = Self.state(await typed.respond(to: entry.text))
                            var spoken = session
                            let turn = try await loop.turn(audio, session: &spoken)
                            tally.add(audio, loop)
                            tally.count(Self.state(turn) == expected,
                                        "\(voice): \"\(entry.text)\" after \"\(entry.leadIn.joined(separator: " | "))\" heard \"\(turn.heard.text)\"")
                        case .ood:
                            var session = fresh
                            let turn = try await loop.turn(audio, session: &session)
                            tally.add(audio, loop)
                            tally.count(turn.match == nil && turn.intent == nil,
                                        "\(voice): \"\(entry.text)\" heard \"\(turn.heard.text)\" → \(turn.match?.intent ?? "")")
                        }
                    }
                }
                tallies.append(tally)
            }
        }
        return SpeechAccuracy(tallies: tallies)
    }

    /// The intents and parameter values of matches, comparable across typed and spoken text.
    static func intents(_ matches: [Candidate]) -> Set<String> {
        Set(matches.map { match in
            "\(match.expansion.app)/\(match.expansion.intent)?" + match.expansion.values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        })
    }

    /// What a person notices of a turn: the outcome, what is asked next, the values, the reply.
    static func state(_ turn: Turn) -> String {
        let values = turn.parameters.map { "\($0.id)=\($0.value?.id ?? "-")" }.joined(separator: ",")
        return "\(turn.outcome.rawValue) | \(turn.asking ?? "-") | \(values) | \(turn.reply.text)"
    }

    /// A markdown table: one row per kind and profile.
    public var markdown: String {
        var lines = ["| fixtures | profile | reached what the typed text reaches | rate | recognition RTF |", "|---|---|---:|---:|---:|"]
        for tally in tallies {
            let what = switch tally.kind {
            case .phrase: "invocation phrases"
            case .answer: "follow-up answers"
            case .ood: "out-of-domain (no intent)"
            }
            lines.append("| \(what) | \(tally.profile) | \(tally.hits) of \(tally.total) | \(String(format: "%.1f%%", tally.rate * 100)) | \(String(format: "%.3f", tally.realTimeFactor)) |")
        }
        return lines.joined(separator: "\n")
    }
}

extension SpeechAccuracy.Tally {
    mutating func add(_ audio: AudioBuffer, _ loop: SpeechLoop) {
        lastGap = loop.recognizer.lastDiagnostics.gap
        lastCoverage = loop.recognizer.lastDiagnostics.coverage
        audioSeconds += audio.duration
        decodeSeconds += loop.recognizer.lastTimings.grammar + loop.recognizer.lastTimings.phoneLoop
    }

    mutating func count(_ hit: Bool, _ miss: @autoclosure () -> String) {
        total += 1
        diagnostics.append((lastGap, lastCoverage, hit))
        if hit { hits += 1 } else { misses.append(miss()) }
    }
}

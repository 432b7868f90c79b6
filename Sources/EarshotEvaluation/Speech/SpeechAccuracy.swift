import Earshot
import EarshotAudio
import EarshotDialogue
import EarshotMatching
import EarshotSpeech
import Foundation

/// How often spoken fixtures do what their typed text does: invocations reach the same intent and
/// parameters, follow-up answers the same conversation state, out-of-domain requests no intent.
public struct SpeechAccuracy: Sendable {
    /// What is measured.
    public enum Measure: String, Sendable, CaseIterable {
        /// Invocation phrases reach the intent and parameters their typed text reaches.
        case phrase
        /// Follow-up answers, after their lead-in, leave the conversation where the typed answer does.
        case answer
        /// Out-of-domain requests, said to a device waiting for a request, reach no intent.
        case ood
        /// Out-of-domain requests said instead of a follow-up answer (after the answers' lead-ins, in
        /// turn) leave the conversation where the typed request does: no value taken.
        case oodAnswer = "ood-answer"

        /// The fixtures it plays.
        public var fixtures: AudioFixtures.Kind {
            switch self {
            case .phrase: .phrase
            case .answer: .answer
            case .ood, .oodAnswer: .ood
            }
        }
    }

    /// One measure on one profile.
    public struct Tally: Sendable {
        public var kind: Measure
        public var profile: String
        public var hits = 0
        public var total = 0
        /// What went wrong, one line each: voice, what was said, what was heard.
        public var misses: [String] = []
        /// Seconds of audio recognised, and seconds spent recognising it (grammar and phone loop).
        public var audioSeconds = 0.0
        public var decodeSeconds = 0.0
        /// The recognizer's score gap and word coverage for each utterance (for calibrating rejection).
        public var diagnostics: [(gap: Double, coverage: Double, voiced: Double, phones: Int, heard: String, hit: Bool)] = []

        var lastGap = 0.0, lastCoverage = 0.0, lastVoiced = 0.0, lastPhones = 0

        public var rate: Double { total == 0 ? 0 : Double(hits) / Double(total) }
        /// Real-time factor of recognition.
        public var realTimeFactor: Double { audioSeconds == 0 ? 0 : decodeSeconds / audioSeconds }
    }

    public var tallies: [Tally]

    /// The tally of `kind` on `profile`.
    public func tally(_ kind: Measure, on profile: String) -> Tally? {
        tallies.first { $0.kind == kind && $0.profile == profile }
    }

    /// Plays the fixtures of `kinds` through the speech loop of a session of `workspace` on each profile,
    /// in every voice (or, with `oneVoiceEach`, one voice per fixture in turn).
    public static func measure(_ fixtures: AudioFixtures, workspace: Workspace, profiles: [String] = ["homepod", "watch"],
                               kinds: [Measure] = Measure.allCases, voices: [String]? = nil,
                               oneVoiceEach: Bool = false, loop: SpeechLoop) async throws -> SpeechAccuracy {
        let allVoices = voices ?? fixtures.voices
        var tallies: [Tally] = []
        for kind in kinds {
            for profile in profiles {
                var tally = Tally(kind: kind, profile: profile)
                let fresh = try workspace.matchingSession(profile: profile)
                // The session after each lead-in, typed once: a session is a value, so every answer said after the
                // same lead-in starts from a copy of it (replaying the lead-in for each answer gave the same state).
                var afterLeadIn: [[String]: (session: Session, last: Turn?)] = [:]
                func session(after leadIn: [String]) async -> (session: Session, last: Turn?) {
                    if let known = afterLeadIn[leadIn] { return known }
                    var session = fresh
                    var last: Turn?
                    for line in leadIn { last = await session.respond(to: line) }
                    afterLeadIn[leadIn] = (session, last)
                    return (session, last)
                }
                // The states where this device waits for an answer, for out-of-domain answers.
                var leadIns: [[String]] = []
                if kind == .oodAnswer {
                    for entry in fixtures.entries(.answer) where !leadIns.contains(entry.leadIn) {
                        if await session(after: entry.leadIn).last?.outcome == .inProgress { leadIns.append(entry.leadIn) }
                    }
                }
                for (index, entry) in fixtures.entries(kind.fixtures).enumerated() {
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
                            tally.count(got == expected, heard: heard.bestGuess, "\(voice): \"\(entry.text)\" heard \"\(heard.bestGuess)\" (confidence \(heard.confidence))")
                        case .answer, .oodAnswer:
                            let leadIn = kind == .answer ? entry.leadIn : leadIns.isEmpty ? [] : leadIns[index % leadIns.count]
                            let (session, last) = await session(after: leadIn)
                            guard last?.outcome == .inProgress else { continue }
                            var spoken = session
                            let turn = try await loop.turn(audio, session: &spoken)
                            tally.add(audio, loop)
                            let hit: Bool
                            if kind == .answer {
                                var typed = session
                                hit = Self.state(turn) == Self.state(await typed.respond(to: entry.text))
                            } else {
                                // Not understood (asked again, or ended after a second miss): no value taken,
                                // nothing started or performed.
                                hit = Self.values(turn) == Self.values(last!) && turn.match == nil
                                    && (turn.outcome == .inProgress || turn.outcome == .notUnderstood)
                            }
                            tally.count(hit, heard: turn.heard.text, "\(voice): \"\(entry.text)\" after \"\(leadIn.joined(separator: " | "))\" heard \"\(turn.heard.text)\" → \(turn.outcome.rawValue)")
                        case .ood:
                            var session = fresh
                            let turn = try await loop.turn(audio, session: &session)
                            tally.add(audio, loop)
                            tally.count(turn.match == nil && turn.intent == nil, heard: turn.heard.text,
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
        "\(turn.outcome.rawValue) | \(turn.asking ?? "-") | \(values(turn)) | \(turn.reply.text)"
    }

    /// The parameter values a turn holds.
    static func values(_ turn: Turn) -> String {
        turn.parameters.map { "\($0.id)=\($0.value?.id ?? "-")" }.joined(separator: ",")
    }

    /// Every utterance's score gap, coverage, voiced seconds, phones, transcript and result, as TSV with a
    /// header line (for calibrating rejection).
    public var diagnosticsTSV: String {
        let rows = tallies.flatMap { tally in
            tally.diagnostics.map { "\(tally.kind.rawValue)\t\(tally.profile)\t\($0.gap)\t\($0.coverage)\t\($0.voiced)\t\($0.phones)\t\($0.heard)\t\($0.hit)" }
        }
        return (["measure\tprofile\tgap\tcoverage\tvoiced\tphones\theard\thit"] + rows).joined(separator: "\n") + "\n"
    }

    /// A markdown table: one row per kind and profile.
    public var markdown: String {
        var lines = ["| fixtures | profile | reached what the typed text reaches | rate | recognition RTF |", "|---|---|---:|---:|---:|"]
        for tally in tallies {
            let what = switch tally.kind {
            case .phrase: "invocation phrases"
            case .answer: "follow-up answers"
            case .ood: "out-of-domain (no intent)"
            case .oodAnswer: "out-of-domain instead of an answer"
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
        lastVoiced = loop.recognizer.lastDiagnostics.voiced
        lastPhones = loop.recognizer.lastDiagnostics.phones
        audioSeconds += audio.duration
        decodeSeconds += loop.recognizer.lastTimings.grammar + loop.recognizer.lastTimings.phoneLoop
    }

    mutating func count(_ hit: Bool, heard: String, _ miss: @autoclosure () -> String) {
        total += 1
        diagnostics.append((lastGap, lastCoverage, lastVoiced, lastPhones, heard, hit))
        if hit { hits += 1 } else { misses.append(miss()) }
    }
}

import EarshotModel
import Earshot
import EarshotAudio
import EarshotDialogue
import EarshotSpeech
import Foundation

/// `earshot bench --only people`: the people development set (people-dev/) spoken by Piper and by
/// espeak-ng voices the devices do not speak with, clean and in noise, through the speech loop.
/// Answer accuracy (values in sentences, yes/no as people say it), open-ended value accuracy,
/// out-of-domain rejection and request accuracy, by part, voice and noise.
public enum PeopleBenchmark {
    /// Noise mixed into the speech.
    public enum Noise: Sendable, Hashable, CustomStringConvertible {
        case clean
        /// Pink noise, `snr` dB under the speech.
        case pink(Double)
        /// Babble (five voices talking at once, espeak-ng), `snr` dB under the speech.
        case babble(Double)
        /// No noise, the speech `decibels` quieter than it was made: a person further from the microphone.
        case quiet(Double)

        public var description: String {
            switch self {
            case .clean: "clean"
            case .pink(let snr): "pink \(Int(snr)) dB"
            case .babble(let snr): "babble \(Int(snr)) dB"
            case .quiet(let decibels): "clean, \(Int(decibels)) dB quieter"
            }
        }

        /// "clean", "pink20", "babble10", "quiet30".
        public init?(argument: String) {
            if argument == "clean" { self = .clean; return }
            if argument.hasPrefix("pink"), let snr = Double(argument.dropFirst(4)) { self = .pink(snr); return }
            if argument.hasPrefix("babble"), let snr = Double(argument.dropFirst(6)) { self = .babble(snr); return }
            if argument.hasPrefix("quiet"), let decibels = Double(argument.dropFirst(5)) { self = .quiet(decibels); return }
            return nil
        }
    }

    /// The espeak-ng voices of the set: none is a device's voice (every profile speaks plain en-us).
    public static let espeakVoices = ["en-gb-x-rp", "en-us+f2", "en-us+m5"]

    /// One line of the results.
    public struct Tally: Sendable {
        public var part: String
        public var voice: String
        public var noise: String
        public var counts: [PeopleSet.Kind: (hits: Int, total: Int)] = [:]
        public var audioSeconds = 0.0
        /// The clock's seconds of recognition (the context built from the session and every pass, on however
        /// many threads they ran), for the wall-clock real-time factor.
        public var decodeSeconds = 0.0
        /// Processor seconds of the turns (recognition and the dialogue): the machine's load does not count.
        public var cpuSeconds = 0.0
        /// Processor seconds of recognition along its longest thread (``Recognizer/lastCriticalSeconds``):
        /// the clock's time of recognition on a machine with a processor free for each of its threads.
        public var criticalSeconds = 0.0
        /// Processor seconds of recognition by stage (``Recognizer/Stage``); the rest of ``cpuSeconds`` is
        /// the recognition context built from the session, the dialogue, and the bench's own bookkeeping.
        public var stageSeconds: [Recognizer.Stage: Double] = [:]
        public var misses: [String] = []

        mutating func count(_ kind: PeopleSet.Kind, _ hit: Bool, _ miss: @autoclosure () -> String) {
            var c = counts[kind] ?? (0, 0)
            c.total += 1
            if hit { c.hits += 1 } else { misses.append(miss()) }
            counts[kind] = c
        }

        /// Answers in sentences: values named in sentences and yes/no as people say them.
        public var answers: (hits: Int, total: Int) {
            let a = counts[.answer] ?? (0, 0), y = counts[.yesno] ?? (0, 0)
            return (a.hits + y.hits, a.total + y.total)
        }

        public var realTimeFactor: Double { audioSeconds == 0 ? 0 : decodeSeconds / audioSeconds }
        public var cpuRealTimeFactor: Double { audioSeconds == 0 ? 0 : cpuSeconds / audioSeconds }
        public var criticalRealTimeFactor: Double { audioSeconds == 0 ? 0 : criticalSeconds / audioSeconds }
    }

    public struct Result: Sendable {
        public var tallies: [Tally]
        /// Rows whose `expected`, typed, takes nothing itself (a broken label or a parser gap): not counted.
        public var unusable: [String]

        public var markdown: String {
            func cell(_ c: (hits: Int, total: Int)?) -> String {
                guard let c, c.total > 0 else { return "–" }
                return "\(c.hits)/\(c.total) \(String(format: "%.1f%%", 100 * Double(c.hits) / Double(c.total)))"
            }
            var lines = ["| part | voice | noise | answers in sentences | open-ended values | out-of-domain refused | requests (HomePod) | RTF (wall) | RTF (CPU) | RTF (longest thread) |",
                         "|---|---|---|---:|---:|---:|---:|---:|---:|---:|"]
            for t in tallies {
                lines.append("| \(t.part) | \(t.voice) | \(t.noise) | \(cell(t.answers)) | \(cell(t.counts[.value])) | \(cell(t.counts[.ood])) | \(cell(t.counts[.request])) | \(t.voice == "typed" ? "–" : String(format: "%.3f", t.realTimeFactor)) | \(t.voice == "typed" ? "–" : String(format: "%.3f", t.cpuRealTimeFactor)) | \(t.voice == "typed" ? "–" : String(format: "%.3f", t.criticalRealTimeFactor)) |")
            }
            return lines.joined(separator: "\n")
        }

        /// Where the processor time of the spoken rows goes: seconds per second of audio, by stage.
        public var stagesMarkdown: String {
            let stages = Recognizer.Stage.allCases
            var lines = ["| part | voice | noise | " + stages.map(\.rawValue).joined(separator: " | ") + " | context and dialogue | whole turn |",
                         "|---|---|---|" + String(repeating: "---:|", count: stages.count + 2)]
            for t in tallies where t.voice != "typed" && t.audioSeconds > 0 {
                let recognition = t.stageSeconds.values.reduce(0, +)
                let cells = stages.map { String(format: "%.3f", (t.stageSeconds[$0] ?? 0) / t.audioSeconds) }
                    + [String(format: "%.3f", (t.cpuSeconds - recognition) / t.audioSeconds), String(format: "%.3f", t.cpuRealTimeFactor)]
                lines.append("| \(t.part) | \(t.voice) | \(t.noise) | " + cells.joined(separator: " | ") + " |")
            }
            return lines.joined(separator: "\n")
        }
    }

    /// The moment every row is read at: the examples' clock (Wednesday 25 November 2026, 9:30 in the
    /// morning, local time), as their conversation tests set it.
    public static let clock: Date = {
        let parts = DateComponents(calendar: Calendar.current, timeZone: .current, year: 2026, month: 11, day: 25, hour: 9, minute: 30)
        return parts.date ?? Date()
    }()

    /// Measures `parts` (file names in `folder`) in `voices` under `noises`; espeak-ng voices take turns
    /// row by row (one voice a row) unless `everyVoice`.
    public static func measure(folder: String = PeopleSet.defaultFolder(), parts: [String] = ["devset.tsv", "heldout.tsv"],
                               voices: [String] = [Piper.voiceName, "espeak"], noises: [Noise] = [.clean, .pink(20), .pink(10), .pink(5), .babble(10)],
                               kinds: Set<PeopleSet.Kind> = Set(PeopleSet.Kind.allCases),
                               loop: SpeechLoop, progress: (@Sendable (String) -> Void)? = nil,
                               diagnostics: ((String) -> Void)? = nil) async throws -> Result {
        diagnostics?("part\tvoice\tnoise\trow\tkind\thit\tpass\tconfidence\tgap\tcoverage\tsaid\theard\tbest guess\tword gaps\tcompetitor\tadvantage\tagrees\tspread\ttaken\tvoiced\tphones\tframe\tfallback\tfallback gap")
        let workspace = Workspace(apps: try PeopleSet.apps(folder: folder), profiles: try Bundled.profiles())
        var sessions: [String: Session] = [:]
        // One clock for the whole run, and the same for every run: a row's typed target and its spoken turn
        // read relative times ("in two hours", "five thirty this evening") against one moment, and the figures
        // do not depend on the hour or the weekday the bench runs at.
        let now = Self.clock
        func fresh(_ device: String) throws -> Session {
            if let s = sessions[device] { return s }
            var s = try workspace.matchingSession(profile: device)
            s.settings.now = now
            sessions[device] = s
            return s
        }
        let cache = PeopleAudio()
        var babble: AudioBuffer?
        var tallies: [Tally] = []
        var unusable: [String] = []
        for part in parts {
            let set = try PeopleSet(folder: folder, file: part)
            let partName = part.hasPrefix("held") ? "held-out" : "dev"
            // What each row must reach, typed; and how the dialogue alone does on the natural text typed.
            var targets: [Int: Target] = [:]
            var typed = Tally(part: partName, voice: "typed", noise: "–")
            for (index, row) in set.rows.enumerated() where kinds.contains(row.kind) {
                guard let target = await target(row, session: try fresh(row.device)) else {
                    unusable.append("\(row.location): \"\(row.expected)\" typed takes nothing after \(row.leadIn.joined(separator: " | "))")
                    continue
                }
                targets[index] = target
                var session = target.before
                let turn = await session.respond(to: row.text)
                typed.count(row.kind, target.reached(by: turn), "\(row.location) \(row.kind.rawValue): \"\(row.text)\" typed → \(Self.state(turn))")
            }
            tallies.append(typed)
            for voice in voices {
                // The audio of each row in its voice, made once and cached.
                var rowVoices: [Int: String] = [:]
                for index in targets.keys {
                    rowVoices[index] = voice == "espeak" ? espeakVoices[index % espeakVoices.count] : voice
                }
                try await cache.prepare(set.rows.indices.compactMap { i in rowVoices[i].map { (set.rows[i].text, $0) } })
                for noise in noises {
                    var tally = Tally(part: partName, voice: voice == "espeak" ? "espeak-ng (\(espeakVoices.joined(separator: ", ")))" : voice,
                                      noise: noise.description)
                    progress?("\(partName) \(voice) \(noise)")
                    for index in set.rows.indices {
                        guard let target = targets[index], let rowVoice = rowVoices[index] else { continue }
                        let row = set.rows[index]
                        var audio = try await cache.audio(row.text, voice: rowVoice)
                        let seed = UInt64(truncatingIfNeeded: PeopleAudio.hash("\(row.location)|\(noise)"))
                        switch noise {
                        case .clean: break
                        case .pink(let snr): audio = audio.addingNoise(snr: snr, seed: seed)
                        case .babble(let snr):
                            if babble == nil { babble = try Self.babble() }
                            audio = audio.mixing(babble!, snr: snr, offset: Int(seed % UInt64(babble!.samples.count)))
                        case .quiet(let decibels): audio = audio.scaled(byDecibels: -decibels)
                        }
                        var session = target.before
                        let cpuStart = Self.cpuSeconds()
                        let clock = ContinuousClock()
                        let wallStart = clock.now
                        let recognition = try await loop.recognize(audio, session: session)
                        let wallSeconds = (clock.now - wallStart).seconds
                        let recognitionDiagnostics = loop.recognizer.lastDiagnostics
                        let competitor = loop.recognizer.lastCompetitor
                        let turn = await loop.respond(to: recognition, session: &session)
                        tally.cpuSeconds += Self.cpuSeconds() - cpuStart
                        for (stage, seconds) in loop.recognizer.lastStageSeconds { tally.stageSeconds[stage, default: 0] += seconds }
                        tally.criticalSeconds += loop.recognizer.lastCriticalSeconds
                        if let diagnostics {
                            let fallback: String = loop.recognizer.lastFallback.map { "\($0.text)\t" + String(format: "%.1f", $0.gap) } ?? "\t"
                            let gaps = recognition.words.map { "\($0.word):\($0.gap.map { String(Int($0)) } ?? "?"):\(Int((($0.end - $0.start) * 100).rounded()))" }.joined(separator: " ")
                            diagnostics([partName, rowVoice, noise.description, row.location, row.kind.rawValue, target.reached(by: turn) ? "1" : "0",
                                         recognition.pass.rawValue, String(recognition.confidence), String(format: "%.1f", recognitionDiagnostics.gap),
                                         String(format: "%.2f", recognitionDiagnostics.coverage), row.text, recognition.text, recognition.bestGuess, gaps,
                                         competitor?.text ?? "", competitor.map { String(format: "%.1f", $0.advantage) } ?? "", competitor.map { $0.agrees ? "1" : "0" } ?? "",
                                         String(format: "%.1f", loop.recognizer.lastSpread), competitor?.taken ?? "",
                                         String(format: "%.2f", recognitionDiagnostics.voiced), String(recognitionDiagnostics.phones), loop.recognizer.lastHeardFrame ? "1" : "0"]
                                .joined(separator: "\t") + "\t" + fallback)
                        }
                        tally.audioSeconds += audio.duration
                        tally.decodeSeconds += wallSeconds
                        tally.count(row.kind, target.reached(by: turn),
                                    "\(row.location) \(rowVoice) \(row.kind.rawValue): \"\(row.text)\" heard \"\(turn.heard.text)\" → \(Self.state(turn))")
                    }
                    tallies.append(tally)
                }
            }
        }
        return Result(tallies: tallies, unusable: unusable)
    }

    /// The process's processor time so far, in seconds.
    public static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// Where a row must leave the conversation.
    struct Target {
        /// The session at the question (or fresh, for requests).
        var before: Session
        var kind: PeopleSet.Kind
        /// For answers: the state its `expected` typed leaves; for requests: the intent and values.
        var expected: String
        var valuesBefore: String

        func reached(by turn: Turn) -> Bool {
            switch kind {
            case .ood:
                return PeopleBenchmark.values(turn) == valuesBefore && turn.match == nil
                    && (turn.outcome == .inProgress || turn.outcome == .notUnderstood)
            case .request:
                return PeopleBenchmark.request(turn) == expected
            case .answer, .yesno, .value:
                return PeopleBenchmark.state(turn).lowercased() == expected
            }
        }
    }

    /// The target of `row`, or nil when its `expected` typed does nothing a refusal would not.
    static func target(_ row: PeopleSet.Row, session fresh: Session) async -> Target? {
        var session = fresh
        var last: Turn?
        for line in row.leadIn { last = await session.respond(to: line) }
        if row.kind == .request {
            var typed = session
            let turn = await typed.respond(to: row.expected)
            guard turn.match != nil else { return nil }
            return Target(before: session, kind: row.kind, expected: request(turn), valuesBefore: "")
        }
        guard let last, last.outcome == .inProgress else { return nil }
        if row.kind == .ood { return Target(before: session, kind: .ood, expected: "", valuesBefore: values(last)) }
        var typed = session
        let turn = await typed.respond(to: row.expected)
        var refused = session
        let refusal = await refused.respond(to: "zzyzx qwerty")
        guard state(turn) != state(refusal) else { return nil }
        return Target(before: session, kind: row.kind, expected: state(turn).lowercased(), valuesBefore: values(last))
    }

    /// What a person notices of a turn: the outcome, what is asked next, the values, the reply.
    static func state(_ turn: Turn) -> String {
        "\(turn.outcome.rawValue) | \(turn.asking ?? "-") | \(values(turn)) | \(turn.reply.text)"
    }

    static func values(_ turn: Turn) -> String {
        turn.parameters.map { "\($0.id)=\($0.value?.id ?? "-")" }.joined(separator: ",")
    }

    static func request(_ turn: Turn) -> String {
        "\(turn.match?.app ?? "-")/\(turn.match?.intent ?? "-") \(values(turn))"
    }

    /// Five espeak-ng voices reading different sentences at once: a café's babble, 12 s, made once.
    static func babble() throws -> AudioBuffer {
        let talkers: [(String, String)] = [
            ("en-us+m1", "So I told him the train was late again and we missed the first half of the film, which was a shame because everyone said it was the best part."),
            ("en-gb+f4", "Could you pass the sugar? Thanks. I think the new bakery on the corner does a much better croissant than this place, honestly."),
            ("en-us+m7", "The meeting moved to Thursday afternoon, so the report has to be finished by Wednesday night at the latest, or we will be in trouble."),
            ("en-us+f4", "We are thinking about painting the kitchen yellow, or maybe a pale green, something bright for the winter mornings when it is dark."),
            ("en-gb+m3", "Last weekend we drove up to the lake and the weather was perfect, not a single cloud, and the water was still warm enough to swim."),
        ]
        let synthesizer = Synthesizer()
        let length = AudioBuffer.recognitionRate * 12
        var mix = [Double](repeating: 0, count: length)
        for (index, (voice, text)) in talkers.enumerated() {
            let speech = try synthesizer.speak(text + " " + text, voice: .init(name: voice, rate: 165 + 5 * index, pitch: 40 + 5 * index))
            let level = max(speech.speechLevel, 1)
            let offset = index * AudioBuffer.recognitionRate / 3
            for i in 0..<length where !speech.samples.isEmpty {
                mix[i] += Double(speech.samples[(i + offset) % speech.samples.count]) / level * 3000
            }
        }
        return AudioBuffer(samples: mix.map { Int16(max(-32768, min(32767, $0.rounded()))) })
    }
}

/// The set's audio, made once per voice and text and kept under `~/.cache/earshot/people-audio` (16 kHz
/// WAV): Piper is slow to start, and the bench plays every row under several noises.
public struct PeopleAudio: Sendable {
    public let folder: String

    public init(folder: String? = nil) {
        self.folder = folder ?? EarshotCache.folder("people-audio")
    }

    /// FNV-1a of `text`.
    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// Piper's pace and espeak-ng's rate for a text: varied by the text (0.92–1.1 × Piper's phoneme length,
    /// 150–190 words a minute), as people's pace varies.
    static func pace(_ text: String) -> Int { Int(hash(text) % 3) }

    func path(_ text: String, voice: String) -> String {
        (folder as NSString).appendingPathComponent("\(voice)/\(String(Self.hash("\(voice)|\(Self.pace(text))|\(text)"), radix: 16)).wav")
    }

    /// Makes the audio of every (text, voice) not yet cached; Piper's in one process.
    public func prepare(_ items: [(text: String, voice: String)]) async throws {
        var missing: [(text: String, voice: String)] = []
        var seen: Set<String> = []
        for item in items where !FileManager.default.fileExists(atPath: path(item.text, voice: item.voice)) {
            if seen.insert(path(item.text, voice: item.voice)).inserted { missing.append(item) }
        }
        let piper = missing.filter { Piper.isVoice($0.voice) }
        if !piper.isEmpty {
            let scales = [1.0, 0.92, 1.1]
            let audio = try await Piper.speak(piper.map { ($0.text, scales[Self.pace($0.text)] * Piper.lengthScale($0.voice)) })
            for (item, buffer) in zip(piper, audio) { try write(buffer, item) }
        }
        let synthesizer = Synthesizer()
        for item in missing where !Piper.isVoice(item.voice) {
            let rate = [170, 150, 190][Self.pace(item.text)]
            try write(try synthesizer.speak(item.text, voice: .init(name: item.voice, rate: rate)), item)
        }
    }

    private func write(_ buffer: AudioBuffer, _ item: (text: String, voice: String)) throws {
        let target = path(item.text, voice: item.voice)
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try AudioFile.write(buffer, to: target)
    }

    /// The cached audio of `text` in `voice` (made now if missing).
    public func audio(_ text: String, voice: String) async throws -> AudioBuffer {
        let target = path(text, voice: voice)
        if !FileManager.default.fileExists(atPath: target) { try await prepare([(text, voice)]) }
        return try AudioFile.read(target)
    }
}

import Earshot
import EarshotAudio
import EarshotDialogue
import EarshotEvaluation
import EarshotLive
import EarshotSpeech
import Foundation

/// The live device over the audio fixtures: how reliably the wake phrase is heard, how often it is
/// heard where nobody said it, and how soon a reply is ready after the person stops speaking.
public struct LiveBenchmark: Sendable {
    /// Requests with a wake phrase before them, and how many woke the device at the wake phrase.
    public var wakeTotal = 0
    public var wakeDetected = 0
    public var wakeMisses: [String] = []
    /// Speech without a wake phrase (every other fixture, back to back) and the wakes heard in it.
    public var nonWakeSeconds = 0.0
    public var falseWakes: [String] = []
    /// Live sessions (wake phrase + request, on the profile): their first turn as typed text gives it.
    public var sessions = 0
    public var sessionsRight = 0
    public var sessionMisses: [String] = []
    /// End of the person's speech → reply ready, per turn whose intent runs no handler (a handler's time
    /// is the app's), seconds.
    public var latencies: [Double] = []
    /// Turns slower than 300 ms: what was said and heard, and the latency.
    public var slow: [String] = []
    public var profile = "homepod"
    public var threshold = WakeListener.defaultThreshold

    public var wakeRate: Double { wakeTotal > 0 ? Double(wakeDetected) / Double(wakeTotal) : 0 }
    public var falseWakesPerHour: Double { nonWakeSeconds > 0 ? Double(falseWakes.count) / (nonWakeSeconds / 3600) : 0 }

    /// Quiet room noise (about −60 dBFS), repeatable.
    static func pause(_ seconds: Double) -> [Int16] {
        AudioBuffer.faintNoise(count: Int(seconds * Double(AudioBuffer.recognitionRate)), amplitude: 32, seed: 99)
    }

    /// Measures over `fixtures`: every phrase in every voice after a wake phrase (alternately "hey siri"
    /// and "siri", same voice) for detection; every fixture without one for false wakes; and a live
    /// session on `profile` for one voice of each phrase, in turn, for the first turn and its latency.
    public static func measure(_ fixtures: AudioFixtures, workspace: Workspace, profile: String = "homepod",
                               threshold: Double = WakeListener.defaultThreshold) async throws -> LiveBenchmark {
        var result = LiveBenchmark()
        result.profile = profile
        result.threshold = threshold
        let wakes = fixtures.entries(.wake)
        guard !wakes.isEmpty else { throw SpeechBenchError("audio-fixtures/fixtures.tsv lists no wake phrase") }
        let loop = try SpeechLoop()
        let spotter = WakeListener(phrases: wakes.map(\.text), recognizer: loop.recognizer, threshold: threshold)
        let block = 800
        let rate = Double(AudioBuffer.recognitionRate)

        // Detection: the wake phrase must be heard where it ends (within 0.3 s), before the request.
        let phrases = fixtures.entries(.phrase)
        for (index, entry) in phrases.enumerated() {
            for voice in fixtures.voices {
                let wake = wakes[(index + fixtures.voices.firstIndex(of: voice)!) % wakes.count]
                let wakeAudio = try AudioFile.read(fixtures.path(wake, voice: voice)).samples
                let request = try AudioFile.read(fixtures.path(entry, voice: voice)).samples
                let lead = pause(0.5)
                let stream = lead + wakeAudio + pause(0.15) + request + pause(0.5)
                let wakeEnd = lead.count + wakeAudio.count
                spotter.reset()
                var heard: WakeDetection?
                for start in stride(from: 0, to: stream.count, by: block) where heard == nil {
                    heard = try spotter.process(Array(stream[start..<min(stream.count, start + block)]))
                }
                result.wakeTotal += 1
                if let heard, abs(Double(heard.endSample - wakeEnd) / rate) <= 0.3 {
                    result.wakeDetected += 1
                } else {
                    let at = heard.map { String(format: "heard \"%@\" ending %.2f s from the wake phrase's end", $0.phrase, Double($0.endSample - wakeEnd) / rate) } ?? "not heard"
                    result.wakeMisses.append("\(voice): \"\(wake.text), \(entry.text)\" — \(at)")
                }
            }
        }

        // False wakes: every other fixture, in every voice, one after another with short pauses.
        spotter.reset()
        for kind in [AudioFixtures.Kind.phrase, .answer, .ood] {
            for entry in fixtures.entries(kind) {
                for voice in fixtures.voices {
                    let stream = try AudioFile.read(fixtures.path(entry, voice: voice)).samples + pause(0.3)
                    result.nonWakeSeconds += Double(stream.count) / rate
                    for start in stride(from: 0, to: stream.count, by: block) {
                        if let heard = try spotter.process(Array(stream[start..<min(stream.count, start + block)])) {
                            result.falseWakes.append("\(voice): \"\(entry.text)\" woke as \"\(heard.phrase)\"")
                        }
                    }
                }
            }
        }

        // Live sessions: wake phrase + request through the whole loop, as a recording.
        let fresh = try workspace.matchingSession(profile: profile)
        for (index, entry) in phrases.enumerated() {
            var typed = fresh
            let expected = await typed.respond(to: entry.text)
            guard expected.match != nil else { continue }
            let voice = fixtures.voices[index % fixtures.voices.count]
            let wake = wakes[index % wakes.count]
            let samples = pause(0.5) + (try AudioFile.read(fixtures.path(wake, voice: voice)).samples) + pause(0.15)
                + (try AudioFile.read(fixtures.path(entry, voice: voice)).samples) + pause(1.5)
            let live = LiveSession(session: fresh, loop: loop, wakeThreshold: threshold)
            var firstTurn: (Turn, Double)?
            nonisolated(unsafe) let watched = live
            let limit = Double(samples.count) / rate
            try await live.run(input: FileInput(AudioBuffer(samples: samples, sampleRate: AudioBuffer.recognitionRate)),
                               output: DiscardOutput(), shouldStop: { watched.inputSeconds >= limit }) { event in
                if case .turn(let turn, let latency) = event, firstTurn == nil { firstTurn = (turn, latency) }
            }
            result.sessions += 1
            guard let (turn, latency) = firstTurn else {
                result.sessionMisses.append("\(voice): \"\(wake.text), \(entry.text)\" — no turn")
                continue
            }
            if turn.reply.text == expected.reply.text && turn.outcome == expected.outcome {
                result.sessionsRight += 1
            } else {
                result.sessionMisses.append("\(voice): \"\(wake.text), \(entry.text)\" heard \"\(turn.heard.text)\" → \(turn.outcome.rawValue)")
            }
            let app = turn.match.flatMap { match in fresh.catalog.apps.first(where: { $0.manifest.name == match.app }) }
            let intent = app?.manifest.intents.first(where: { $0.id == turn.match?.intent })
            let runsHandler = turn.outcome != .inProgress && intent?.handler != nil
            if !runsHandler {
                result.latencies.append(latency)
                if latency > 0.3 {
                    result.slow.append(String(format: "%@: \"%@\" heard \"%@\" (%@): %.0f ms", voice, entry.text, turn.heard.text,
                                              turn.outcome.rawValue, latency * 1000))
                }
            }
        }
        return result
    }

    /// The Markdown report for BENCHMARKS.md.
    public func report(misses: Bool) -> String {
        let sorted = latencies.sorted()
        func quantile(_ q: Double) -> String {
            sorted.isEmpty ? "–" : String(format: "%.0f ms", 1000 * sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))])
        }
        var lines = [
            "## Live sessions (\(profile), wake confidence ≥ \(threshold))", "",
            "| measure | value | target |", "|---|---:|---:|",
            String(format: "| wake phrase heard before a request | %d of %d (%.1f%%) | ≥ 95%% |", wakeDetected, wakeTotal, 100 * wakeRate),
            String(format: "| false wakes in %.1f min of speech without one | %d (%.2f per hour) | ≤ 1 per hour |", nonWakeSeconds / 60, falseWakes.count, falseWakesPerHour),
            "| live sessions whose first turn is the typed text's | \(sessionsRight) of \(sessions) | |",
            "| end of speech → reply ready, median / 95th percentile / worst (\(latencies.count) turns) | \(quantile(0.5)) / \(quantile(0.95)) / \(sorted.last.map { String(format: "%.0f ms", 1000 * $0) } ?? "–") | ≤ 300 ms |",
        ]
        if misses {
            for (title, list) in [("Wake phrases not heard", wakeMisses), ("False wakes", falseWakes), ("Live sessions missed", sessionMisses), ("Replies slower than 300 ms", slow)] where !list.isEmpty {
                lines += ["", "\(title):"] + list.map { "- \($0)" }
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// Replies played nowhere (the bench only needs the turns).
final class DiscardOutput: LiveOutput {
    func play(_ audio: AudioBuffer) throws {}
    func drain() throws {}
    func finish() throws {}
}

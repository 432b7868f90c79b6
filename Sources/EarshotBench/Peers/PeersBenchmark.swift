import Earshot
import EarshotAudio
import EarshotEvaluation
import EarshotMatching
import EarshotSpeech
import Foundation

/// Earshot and its peers on the same work in the same run: exact matching against hassil, grammar
/// recognition against pocketsphinx_continuous, synthesis against the `espeak-ng` command line.
public struct PeersBenchmark: Sendable {
    /// Exact matching at one size: Earshot's resolver and hassil on the same 256 utterances.
    public struct MatchRow: Sendable {
        public var expansions: Int
        public var earshotMicroseconds: Double
        public var hassil: Swift.Result<(microseconds: Double, matched: Int, utterances: Int), SpeechBenchError>
    }

    public var matching: [MatchRow]
    /// Grammar recognition on the same files and grammar (with pocketsphinx_continuous's figure).
    public var speech: SpeechSpeed
    /// Synthesis of the same sentences: Earshot's seconds per sentence, and the command line's (or why not).
    public var sentences: Int
    public var synthesisSeconds: Double
    public var commandLine: Swift.Result<Double, SpeechBenchError>

    /// Runs every peer. `iterations` utterances are resolved by Earshot per size; hassil passes over the
    /// 256 utterances `rounds(size)` times.
    public static func measure(_ fixtures: AudioFixtures, workspace: Workspace, iterations: Int = 200_000,
                               sizes: [Int] = [10, 1_000, 100_000], model: Recognizer.Model) async throws -> PeersBenchmark {
        var matching: [MatchRow] = []
        for size in sizes { matching.append(try matchRow(size: size, iterations: iterations)) }
        let speech = try await SpeechSpeed.measure(fixtures, workspace: workspace, model: model)
        // Sentences: the first 20 invocation texts of the fixtures, spoken in espeak-ng's en-us at 175 wpm.
        let texts = Array(fixtures.entries(.phrase).map(\.text).prefix(20))
        let synthesizer = Synthesizer()
        let voice = Synthesizer.Voice()
        _ = try synthesizer.speak("Warm up.", voice: voice)  // espeak-ng's one-time initialisation
        let clock = ContinuousClock()
        let earshot = try clock.measure {
            for text in texts {
                let audio = try synthesizer.speak(text, voice: voice)
                precondition(!audio.samples.isEmpty)
            }
        }
        let commandLine = Swift.Result { () throws(SpeechBenchError) in try espeakCommandLine(texts, voice: voice) }
        return PeersBenchmark(matching: matching, speech: speech, sentences: texts.count,
                              synthesisSeconds: earshot.seconds / Double(texts.count), commandLine: commandLine)
    }

    static func matchRow(size: Int, iterations: Int) throws -> MatchRow {
        let profile = try Bundled.profiles().profile("homepod")
        let apps = ExactMatchBenchmark.apps(totalExpansions: size)
        let catalog = PhraseCatalog(apps: apps, profile: profile)
        let resolver = Resolver(catalog: catalog)
        // The utterances of ExactMatchBenchmark: spread over every app, upper case, with a full stop.
        var utterances: [String] = [], expected: [String] = []
        for i in 0..<256 {
            let app = catalog.apps[i % catalog.apps.count]
            utterances.append(app.expansions[(i * 7919) % app.expansions.count].text.uppercased() + ".")
            expected.append("Fetch\(i % catalog.apps.count)")
        }
        var hits = 0
        let clock = ContinuousClock()
        let elapsed = clock.measure { for i in 0..<iterations where resolver.resolve(utterances[i & 255]).isMatch { hits += 1 } }
        precondition(hits == iterations, "every benchmark utterance must match")
        // The same apps as hassil intents: one intent per app, its phrase as a template over a slot list of
        // the entity's titles.
        var intents: [String: Any] = [:], lists: [String: Any] = [:]
        for index in apps.indices {
            let count = index == apps.count - 1 ? size - index * 1_000 : 1_000
            intents["Fetch\(index)"] = ["data": [["sentences": ["Fetch {thing\(index)} with Bench App \(ExactMatchBenchmark.words(index))"]]]]
            lists["thing\(index)"] = ["values": (0..<count).map { "item \(ExactMatchBenchmark.words($0))" }]
        }
        let hassil = Swift.Result { () throws(SpeechBenchError) -> (microseconds: Double, matched: Int, utterances: Int) in
            let result = try HassilPeer.run(intents: ["language": "en", "intents": intents, "lists": lists],
                                            utterances: utterances, expected: expected, rounds: size >= 100_000 ? 1 : 20)
            return (result.microseconds, result.matched, result.utterances)
        }
        return MatchRow(expansions: catalog.expansionCount, earshotMicroseconds: elapsed.seconds * 1e6 / Double(iterations), hassil: hassil)
    }

    /// `espeak-ng -w` per sentence: wall time of each process (start-up, voice load, synthesis, WAV written).
    static func espeakCommandLine(_ texts: [String], voice: Synthesizer.Voice) throws(SpeechBenchError) -> Double {
        let executable = "/usr/bin/espeak-ng"
        guard FileManager.default.isExecutableFile(atPath: executable) else { throw SpeechBenchError("\(executable) is missing (Debian package espeak-ng; `make setup`)") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-peers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var total = 0.0
            for (index, text) in texts.enumerated() {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: executable)
                process.arguments = ["-v", voice.name, "-s", "\(voice.rate)", "-p", "\(voice.pitch)", "-w", folder.appendingPathComponent("\(index).wav").path, text]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = FileHandle.nullDevice
                let start = ContinuousClock.now
                try process.run()
                process.waitUntilExit()
                total += (ContinuousClock.now - start).seconds
                guard process.terminationStatus == 0 else { throw SpeechBenchError("espeak-ng exited with \(process.terminationStatus)") }
            }
            return total / Double(texts.count)
        } catch let error as SpeechBenchError {
            throw error
        } catch {
            throw SpeechBenchError("\(error)")
        }
    }

    public var markdown: String {
        func f(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
        var lines = ["| workload | peer | Earshot | peer's figure | peer ÷ Earshot |", "|---|---|---:|---:|---:|"]
        for row in matching {
            switch row.hassil {
            case .success(let peer):
                lines.append("| exact matching, \(row.expansions) expansions (µs/utterance) | hassil 3.12.1 (matched \(peer.matched)/\(peer.utterances)) | \(f(row.earshotMicroseconds)) µs | \(f(peer.microseconds)) µs | \(f(peer.microseconds / row.earshotMicroseconds, 1))× |")
            case .failure(let error):
                lines.append("| exact matching, \(row.expansions) expansions (µs/utterance) | hassil: not run: \(error.message) | \(f(row.earshotMicroseconds)) µs | | |")
            }
        }
        switch speech.continuous {
        case .success(let peer):
            lines.append("| grammar recognition, \(speech.replyLatencies.count) invocations (\(f(speech.audioSeconds, 1)) s of audio), decode time | pocketsphinx_continuous (its log's decode time) | \(f(speech.grammarDecodeSeconds * 1000, 0)) ms | \(f(peer.decode * 1000, 0)) ms | \(f(peer.decode / speech.grammarDecodeSeconds))× |")
            lines.append("| the same, pocketsphinx_continuous's process wall time (model load in each) | pocketsphinx_continuous | \(f(speech.grammarDecodeSeconds * 1000, 0)) ms | \(f(peer.wall * 1000, 0)) ms | \(f(peer.wall / speech.grammarDecodeSeconds, 1))× |")
        case .failure(let error):
            lines.append("| grammar recognition | pocketsphinx_continuous: not run: \(error.message) | \(f(speech.grammarDecodeSeconds * 1000, 0)) ms | | |")
        }
        switch commandLine {
        case .success(let peer):
            lines.append("| synthesis, \(sentences) sentences (ms/sentence) | `espeak-ng -w` (a process per sentence) | \(f(synthesisSeconds * 1000, 1)) ms | \(f(peer * 1000, 1)) ms | \(f(peer / synthesisSeconds, 1))× |")
        case .failure(let error):
            lines.append("| synthesis | espeak-ng: not run: \(error.message) | \(f(synthesisSeconds * 1000, 1)) ms | | |")
        }
        return lines.joined(separator: "\n")
    }
}

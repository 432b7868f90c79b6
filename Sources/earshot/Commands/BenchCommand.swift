import ArgumentParser
import Earshot
import EarshotBench
import EarshotLive
import EarshotEmbedding
import EarshotSemantic
import EarshotSpeech
import EarshotSuite
import Foundation

struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measures speed and accuracy: matching, speech, the sentence model, live sessions, test suites, the reviewer and the server.")

    enum Part: String, ExpressibleByArgument, CaseIterable { case exact, speech, speed, embedding, flexible, live, test, check, serve, fuzz, all }

    @Option(help: "What to measure: exact, speech (recognition accuracy over the fixtures), speed, embedding, flexible, live (wake phrase and reply latency of `listen`), test (`earshot test` over the examples' suites), check (`earshot check` on a 50-problem manifest, and --acoustic), serve (`earshot serve` under 50 text conversations and 4 audio streams), or all.")
    var only: Part = .all

    @Option(help: "Runs per fuzz target, for --only fuzz.")
    var runs = 100_000

    @Option(help: "Seconds per fuzz target at most, for --only fuzz.")
    var seconds: Double?

    @Option(help: "The fuzz targets (manifest, convo, audio, http; repeatable; default all), for --only fuzz.")
    var target: [String] = []

    @Option(help: "The seed of the fuzz runs.")
    var seed: UInt64 = 20

    @Option(help: "Utterances resolved per exact-match measurement.")
    var iterations = 200_000

    @Option(help: "The audio fixtures folder (default: audio-fixtures of this checkout).")
    var fixtures: String?

    @Option(help: "Only these speech measures: phrase, answer, ood or ood-answer (repeatable).")
    var kind: [String] = []

    @Option(help: "The confidence a wake phrase needs, for --only live.")
    var wakeThreshold = WakeListener.defaultThreshold

    @Flag(help: "List every fixture that missed.")
    var misses = false

    @Option(help: "The acoustic model that hears the fixtures (accuracy and speed) and the spoken development set: synthetic (adapted to espeak-ng, as `earshot test --audio` uses) or person (Debian's en-us, as for microphones and recordings).")
    var speaker: SpeechSource = .synthetic

    @Flag(help: ArgumentHelp("Recognise without rejection: accept whatever sentence the grammar search ends on.", visibility: .hidden))
    var noRejection = false

    @Option(help: ArgumentHelp("The recognizer's noise floor (amplitude of 32768), for calibrating it.", visibility: .hidden))
    var noiseFloor: Int?

    @Option(help: ArgumentHelp("Write each utterance's score gap, coverage and result to this TSV (for calibrating rejection).",
                               visibility: .hidden))
    var diagnostics: String?

    func validate() throws {
        for name in kind where SpeechAccuracy.Measure(rawValue: name) == nil {
            throw ValidationError("unknown --kind \(name): use phrase, answer, ood or ood-answer.")
        }
    }

    func run() async throws {
        if only == .fuzz {
            let examples = ((self.fixtures ?? AudioFixtures.defaultFolder()) as NSString).deletingLastPathComponent + "/examples"
            let targets = target.isEmpty ? FuzzBenchmark.Target.allCases : try target.map { name in
                guard let target = FuzzBenchmark.Target(rawValue: name) else { throw ValidationError("unknown --target \(name): use manifest, convo, audio or http.") }
                return target
            }
            say("## Fuzzing (seed \(seed), at most \(runs) runs\(seconds.map { " or \($0) s" } ?? "") per target)\n\n" + FuzzBenchmark.header)
            var malformed: [String] = []
            for target in targets {
                let report = try await FuzzBenchmark.run(target, runs: runs, seconds: seconds ?? .infinity, seed: seed, examples: examples) {
                    FileHandle.standardError.write(Data(($0 + "\n").utf8))
                }
                say(report.row)
                malformed += report.malformed.map { "\(target.rawValue): \($0)" }
            }
            if !malformed.isEmpty {
                say("\nNot one clear line:\n" + malformed.map { "- \($0)" }.joined(separator: "\n"))
                throw ExitCode(1)
            }
            return
        }
        if only == .exact || only == .all {
            say("## Exact-match resolution\n\n" + ExactMatchBenchmark.run(iterations: iterations).markdown + "\n")
        }
        if only == .embedding || only == .all {
            say("## Sentence encoder\n\n" + (try EmbeddingBenchmark.run()).markdown + "\n")
        }
        if only == .flexible || only == .all {
            // The calibrated settings, and with --only flexible the grid they were chosen from.
            let grid = only == .all ? [] : FlexibleMatchingAccuracy.calibrationGrid
            say("## Flexible matching over flexible-dev/devset.tsv (HomePod)\n")
            for result in try FlexibleMatchingAccuracy.measure(encoder: try SentenceEncoder(), settings: [.calibrated] + grid) {
                say(String(format: "floor %.1f weight %.1f values %.2f phrase mean %.2f threshold %.2f margin %.2f: precision %.3f recall %.3f (matched %d, correct %d, values right %d, asked %d)",
                           result.settings.actionFloor, result.settings.sentenceWeight, result.settings.valuePenalty, result.settings.phraseMean,
                           result.settings.threshold, result.settings.margin,
                           result.precision, result.recall, result.matched, result.correct, result.correctValues, result.asked))
                if misses { say(result.confusions.map { "  - \($0)" }.joined(separator: "\n")) }
            }
            // The held-out set was written after the calibration and is never tuned on: how it generalises.
            say("\n### Held-out set (flexible-dev/heldout.tsv, calibrated settings)\n")
            for result in try FlexibleMatchingAccuracy.measure(file: "heldout.tsv", encoder: try SentenceEncoder(), settings: [.calibrated]) {
                say(String(format: "precision %.3f recall %.3f (matched %d, correct %d, values right %d, asked %d, rows %d, to match %d)",
                           result.precision, result.recall, result.matched, result.correct, result.correctValues, result.asked,
                           result.rows, result.positives))
                if misses { say(result.confusions.map { "  - \($0)" }.joined(separator: "\n")) }
            }
            say("\n### Speed\n\n" + (try FlexibleMatchingSpeed.measure(encoder: try SentenceEncoder())).markdown + "\n")
            let spoken = try await FlexibleMatchingAccuracy.spoken(loop: try SpeechLoop(source: speaker))
            say("### Spoken (en-us, through the speech loop)\n\n" + spoken.markdown + "\n")
            if misses { say(spoken.misses.map { "- \($0)" }.joined(separator: "\n") + "\n") }
        }
        if only == .test || only == .all {
            let examples = ((self.fixtures ?? AudioFixtures.defaultFolder()) as NSString).deletingLastPathComponent + "/examples"
            say("## Conversation tests (`earshot test`) over \(examples)\n\n" + (try await SuiteBenchmark.measure(folder: examples)).markdown + "\n")
        }
        if only == .check || only == .all {
            let examples = ((self.fixtures ?? AudioFixtures.defaultFolder()) as NSString).deletingLastPathComponent + "/examples"
            say("## Guideline review (`earshot check`)\n\n" + (try await CheckBenchmark.measure(examples: examples)).markdown + "\n")
        }
        if only == .serve || only == .all {
            let examples = ((self.fixtures ?? AudioFixtures.defaultFolder()) as NSString).deletingLastPathComponent + "/examples"
            say("## Household server (`earshot serve`) under load\n\n" + (try await ServeBenchmark.measure(examples: examples)).markdown + "\n")
        }
        guard only != .exact, only != .embedding, only != .flexible, only != .test, only != .check, only != .serve else { return }
        let fixtures = try AudioFixtures(folder: self.fixtures ?? AudioFixtures.defaultFolder())
        let workspace = Workspace(apps: try fixtures.exampleApps(), profiles: try Bundled.profiles())
        if only == .speech || only == .all {
            let loop = try SpeechLoop(source: speaker)
            loop.recognizer.rejects = !noRejection
            if let noiseFloor { loop.recognizer.noiseFloor = noiseFloor }
            let accuracy = try await SpeechAccuracy.measure(fixtures, workspace: workspace,
                                                              kinds: kind.isEmpty ? SpeechAccuracy.Measure.allCases : kind.compactMap(SpeechAccuracy.Measure.init),
                                                              loop: loop)
            if let diagnostics {
                try accuracy.diagnosticsTSV.write(toFile: diagnostics, atomically: true, encoding: .utf8)
            }
            say("## Speech recognition over the fixtures (voices: \(fixtures.voices.joined(separator: ", ")))\n\n" + accuracy.markdown + "\n")
            if misses {
                for tally in accuracy.tallies {
                    let gaps = tally.diagnostics.map(\.gap).sorted()
                    let q = { (p: Double) in gaps.isEmpty ? 0 : gaps[min(gaps.count - 1, Int(Double(gaps.count) * p))] }
                    say("\(tally.kind.rawValue) on \(tally.profile): gap quantiles 5/50/95/max \(q(0.05)) \(q(0.5)) \(q(0.95)) \(gaps.last ?? 0); coverage min \(tally.diagnostics.map(\.coverage).min() ?? 0)")
                    guard !tally.misses.isEmpty else { continue }
                    say("Missed, \(tally.kind.rawValue) on \(tally.profile):\n" + tally.misses.map { "- \($0)" }.joined(separator: "\n") + "\n")
                }
            }
        }
        if only == .speed || only == .all {
            say("## Speech speed\n\n" + (try await SpeechSpeed.measure(fixtures, workspace: workspace, model: try .for(speaker))).markdown)
        }
        if only == .live || only == .all {
            say("\n" + (try await LiveBenchmark.measure(fixtures, workspace: workspace, threshold: wakeThreshold)).report(misses: misses) + "\n")
        }
    }
}

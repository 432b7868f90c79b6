import Earshot
import EarshotSuite
import Foundation

/// `earshot test` at speed: text-mode turns a second over the example apps' suites, and the real-time
/// factor of `--audio` runs with one worker against two.
public struct SuiteBenchmark: Sendable {
    /// One timed run.
    public struct Run: Sendable {
        public var label: String
        public var jobs: Int
        public var cases: Int
        public var passed: Int
        public var turns: Int
        public var seconds: Double
        public var audioSeconds: Double

        public var turnsPerSecond: Double { seconds > 0 ? Double(turns) / seconds : 0 }
        public var realTimeFactor: Double { audioSeconds > 0 ? seconds / audioSeconds : 0 }
    }

    public var text: [Run] = []
    public var audio: [Run] = []
    public var cores = ProcessInfo.processInfo.activeProcessorCount

    /// Measures over the suites under `folder` (the examples). Text runs repeat the cases until at least
    /// `seconds` have passed; audio runs go once over the cases tagged `audio`, and `fullAudio` also runs
    /// every case with `--audio` (minutes).
    public static func measure(folder: String, seconds: Double = 2, fullAudio: Bool = true) async throws -> SuiteBenchmark {
        var bench = SuiteBenchmark()
        let suite = try TestSuite.load(paths: [folder])
        let all = try suite.cases()
        // Conversations that start no handler process: what Earshot itself costs a turn.
        let handlerIntents = Set(suite.files.flatMap { file in
            file.workspace.apps.flatMap { app in app.intents.filter { $0.handler != nil }.map { "\(app.name)|\($0.id)" } }
        })
        let first = try await TestRunner(suite: suite, options: .init(jobs: bench.cores)).run(all)
        let engine = first.cases.filter { result in
            !result.turns.contains { turn in turn.turn.app.map { handlerIntents.contains("\($0)|\(turn.turn.intent ?? "")") } ?? false }
        }.map(\.testCase)
        bench.text.append(try await repeated("every case (handler processes included)", all, suite: suite, jobs: bench.cores, seconds: seconds))
        let exactOnly = engine.filter { testCase in
            (try? suite.files[testCase.fileIndex].workspace.profiles.profile(testCase.profile).matching) == .exact
        }
        for jobs in [1, 2] {
            bench.text.append(try await repeated("cases that start no handler process", engine, suite: suite, jobs: jobs, seconds: seconds))
        }
        for jobs in [1, 2] {
            bench.text.append(try await repeated("… of them, on devices that match exactly only (no sentence model)", exactOnly,
                                                 suite: suite, jobs: jobs, seconds: seconds))
        }
        let tagged = try suite.cases(tags: ["audio"])
        for jobs in [1, 2] {
            let result = try await TestRunner(suite: suite, options: .init(mode: .audio, jobs: jobs)).run(tagged)
            bench.audio.append(Run(result, label: "cases tagged audio", jobs: jobs))
        }
        if fullAudio {
            let result = try await TestRunner(suite: suite, options: .init(mode: .audio, jobs: 2)).run(all)
            bench.audio.append(Run(result, label: "every case", jobs: 2))
        }
        return bench
    }

    static func repeated(_ label: String, _ cases: [TestCase], suite: TestSuite, jobs: Int, seconds: Double) async throws -> Run {
        let runner = TestRunner(suite: suite, options: .init(jobs: jobs))
        // The devices are compiled once (as one `earshot test` does); the runs time the conversations.
        let devices = try runner.devices(for: cases)
        var total = Run(label: label, jobs: jobs, cases: 0, passed: 0, turns: 0, seconds: 0, audioSeconds: 0)
        while total.seconds < seconds {
            // Each pass starts as a new `earshot test` would: no sentence encoded yet.
            Workspace.forgetEncodedSentences()
            let result = try await runner.run(cases, devices: devices)
            total.cases += result.cases.count
            total.passed += result.cases.count - result.failedCases.count
            total.turns += result.turnCount
            total.seconds += result.seconds
        }
        return total
    }

    public var markdown: String {
        var lines = ["### Text mode (\(cores) cores)", "",
                     "| Cases | Jobs | Conversations run | Passed | Turns | Seconds | Turns per second |",
                     "|---|---|---|---|---|---|---|"]
        for run in text {
            lines.append("| \(run.label) | \(run.jobs) | \(run.cases) | \(run.passed) | \(run.turns) | "
                         + String(format: "%.2f | %.0f |", run.seconds, run.turnsPerSecond))
        }
        lines += ["", "### Audio mode (`--audio`: espeak-ng speaks each line, pocketsphinx recognises it)", "",
                  "| Cases | Jobs | Conversations | Passed | Turns | Seconds | Speech recognised (s) | Real-time factor |",
                  "|---|---|---|---|---|---|---|---|"]
        for run in audio {
            lines.append("| \(run.label) | \(run.jobs) | \(run.cases) | \(run.passed) | \(run.turns) | "
                         + String(format: "%.1f | %.1f | %.3f |", run.seconds, run.audioSeconds, run.realTimeFactor))
        }
        let one = audio.first { $0.jobs == 1 }, two = audio.first { $0.jobs == 2 && $0.label == one?.label }
        if let one, let two, two.seconds > 0 {
            lines += ["", String(format: "Two jobs against one on the tagged cases: %.2f× the speed.", one.seconds / two.seconds)]
        }
        return lines.joined(separator: "\n")
    }
}

extension SuiteBenchmark.Run {
    init(_ result: SuiteResult, label: String, jobs: Int) {
        self.init(label: label, jobs: jobs, cases: result.cases.count, passed: result.cases.count - result.failedCases.count,
                  turns: result.turnCount, seconds: result.seconds, audioSeconds: result.audioSeconds)
    }
}

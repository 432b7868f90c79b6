import ArgumentParser
import Earshot
import EarshotModel
import EarshotSuite
import Foundation
import Synchronization

struct TestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Runs conversation test files (*.convo.yaml): typed, or spoken and recognised with --audio.",
        discussion: "Exit status: 0 every expectation held, 1 a test failed, 2 a test file, app or option cannot be used.")

    @Argument(help: "Test files, or folders searched for *.convo.yaml (default: the current folder); a .swift file holds SiriEvaluations scenarios.")
    var paths: [String] = []

    @Option(help: "The app SiriEvaluations Swift files run on: its Swift sources, a manifest, or a folder holding app.yaml (repeatable).")
    var app: [String] = []

    @Option(help: "A device SiriEvaluations Swift files run on (repeatable; default homepod).")
    var profile: [String] = []

    @Option(help: "Write each *.convo.yaml suite into this folder as SiriEvaluations Swift scenarios, with a sidecar *.convo.yaml, instead of running it.")
    var exportSwift: String?

    @Flag(help: "Speak every 'say:' line (espeak-ng) and recognise it (pocketsphinx) before answering.")
    var audio = false

    @Option(help: "The voice that speaks the 'say:' lines with --audio: an espeak-ng voice (default: each profile's), or piper (a natural neural voice that `make setup` installs, heard with the person model).")
    var voice: String?

    @Option(help: "Mix pink noise into every recognised utterance, this many dB below the speech (e.g. 10).")
    var noise: Double?

    @Option(help: "Conversations run at once, each worker with its own recognizer.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Run the K-th of N slices of the cases (K/N), for a CI matrix.")
    var shard: String?

    @Option(help: "Only conversations whose name matches this regular expression (case ignored).")
    var filter: String?

    @Option(help: "Only conversations with this tag (repeatable).")
    var tag: [String] = []

    @Option(help: "Write JUnit XML here: one test case per conversation and device.")
    var junit: String?

    @Option(help: "Write a self-contained HTML report here: failures first, transcripts, reply audio.")
    var report: String?

    @Flag(help: "Replace a --junit or --report file that is not an earlier Earshot report, or files --export-swift writes.")
    var force = false

    @Flag(help: "One JSON object per conversation and device, one per line, then the totals.")
    var json = false

    @Flag(help: "Print what the suites covered of each app (phrases, values, dialogue lines, negative phrases, devices), least covered first.")
    var coverage = false

    @Option(help: "Write the coverage figures here as JSON (merge shards' files with --merge-coverage).")
    var coverageJson: String?

    @Option(help: "Exit 1 when fewer than this percentage of the apps' trigger phrases were said (e.g. 90).")
    var minCoverage: Double?

    @Option(parsing: .upToNextOption, help: "Merge these --coverage-json files (one per shard) into one report instead of running tests.")
    var mergeCoverage: [String] = []

    @Option(help: "A folder of profile files, added after the ones that ship.")
    var profilesDir: String?

    @OptionGroup var device: DeviceOptions

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be 1 or more.") }
        if let shard, Shard(shard) == nil { throw ValidationError("--shard must be K/N with 1 ≤ K ≤ N, e.g. 2/4.") }
        if let noise, !noise.isFinite { throw ValidationError("--noise must be a number of decibels, e.g. 10.") }
        if let junit, let report, URL(fileURLWithPath: junit).standardizedFileURL == URL(fileURLWithPath: report).standardizedFileURL {
            throw ValidationError("--junit and --report name the same file; give each its own.")
        }
        if let minCoverage, !(0...100).contains(minCoverage) { throw ValidationError("--min-coverage must be a percentage from 0 to 100, e.g. 90.") }
    }

    /// Whether the run works out coverage.
    private var wantsCoverage: Bool { coverage || coverageJson != nil || minCoverage != nil }

    /// Prints, writes and checks coverage as the options ask; whether it is below --min-coverage.
    private func showCoverage(_ figures: Coverage, toStandardError: Bool) throws -> Bool {
        if coverage || !mergeCoverage.isEmpty {
            if toStandardError { FileHandle.standardError.write(Data((figures.consoleSummary() + "\n").utf8)) } else { say(figures.consoleSummary()) }
        }
        if let coverageJson { try ReportFile.write(figures.json(), to: coverageJson, option: "--coverage-json", force: force) }
        if let minCoverage, figures.phrasePercent < minCoverage {
            FileHandle.standardError.write(Data("earshot: phrases covered \(String(format: "%.1f", figures.phrasePercent))% is below --min-coverage \(String(format: "%g", minCoverage))%\n".utf8))
            return true
        }
        return false
    }

    func run() async throws {
        if let coverageJson { try ReportFile.check(coverageJson, option: "--coverage-json", force: force) }
        if !mergeCoverage.isEmpty {
            var shards: [Coverage] = []
            for path in mergeCoverage { shards.append(try Coverage.load(path)) }
            if try showCoverage(Coverage.merged(shards), toStandardError: false) { throw ExitCode(1) }
            return
        }
        // Where the reports go is checked first: a long run is not lost to a typo in a path.
        if let junit { try ReportFile.check(junit, option: "--junit", force: force) }
        if let report { try ReportFile.check(report, option: "--report", force: force) }
        let suite = try TestSuite.load(paths: paths.isEmpty ? ["."] : paths, profilesDirectory: profilesDir, apps: app, profiles: profile)
        if let exportSwift {
            for output in try SwiftScenarioWriter.export(suite, into: exportSwift, force: force) {
                say("wrote \(output.swiftPath) and \(output.sidecarPath) (\(output.notExpressed.count) thing\(output.notExpressed.count == 1 ? "" : "s") not expressed, listed at its top)")
            }
            return
        }
        let selected = try suite.cases(filter: filter, tags: tag)
        if selected.isEmpty, filter != nil || !tag.isEmpty {
            throw LoadError(SourceLocation(file: filter.map { "--filter \($0)" } ?? "--tag \(tag.joined(separator: ","))"),
                            "no conversation is selected.", fix: "Check the name or tag against the test files.")
        }
        // An empty shard is fine: a CI matrix may have more slices than cases.
        let cases = shard.flatMap(Shard.init).map { TestSuite.slice(selected, $0) } ?? selected
        let options = TestRunner.Options(mode: audio ? .audio : .text, voice: voice, noise: noise, jobs: jobs,
                                         keepAudio: report != nil, settings: device.settings, handlers: device.handlers)
        let progress = ProgressLine()
        let result = try await TestRunner(suite: suite, options: options).run(cases) { progress.show($0) }
        progress.clear()
        if json {
            say(JSONReport.render(result))
        } else {
            say(ConsoleReport.render(result))
        }
        if let junit { try ReportFile.write(JUnitReport.render(result), to: junit, option: "--junit", force: force) }
        let figures = Coverage(suite: suite, result: result)
        if let report { try ReportFile.write(HTMLReport.render(result, coverage: figures), to: report, option: "--report", force: force) }
        let belowCoverage = try wantsCoverage ? showCoverage(figures, toStandardError: json) : false
        if !result.passed || belowCoverage { throw ExitCode(1) }
    }
}

/// The progress line on standard error: rewritten in place on a terminal; elsewhere (a CI log) a new
/// line at most every 10 seconds.
final class ProgressLine: Sendable {
    private let terminal = isatty(STDERR_FILENO) == 1
    private let lastShown = Mutex(ContinuousClock.now)

    func show(_ progress: TestRunner.Progress) {
        let line = ConsoleReport.progressLine(progress)
        if terminal {
            FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
        } else if lastShown.withLock({ shown in
            let due = ContinuousClock.now - shown >= .seconds(10)
            if due { shown = ContinuousClock.now }
            return due
        }) {
            FileHandle.standardError.write(Data("\(line)\n".utf8))
        }
    }

    func clear() {
        if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}

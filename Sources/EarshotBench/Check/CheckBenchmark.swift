import Earshot
import EarshotAudio
import EarshotEvaluation
import EarshotModel
import EarshotReview
import Foundation

/// `earshot check` at speed: a manifest with fifty problems reviewed by a fresh `earshot` process (every
/// rule but `--acoustic`, the speech and sentence models loaded), in process once warm, and the examples
/// spoken with `--acoustic`.
public struct CheckBenchmark: Sendable {
    public struct Row: Sendable {
        public var label: String
        public var value: String
    }

    public var rows: [Row] = []

    /// Runs each measure; `binary` is the `earshot` to start (this process's own by default).
    public static func measure(binary: String = Bundle.main.executablePath ?? CommandLine.arguments[0], examples: String, runs: Int = 5) async throws -> CheckBenchmark {
        var bench = CheckBenchmark()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-check-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("app.yaml").path
        try FiftyProblems.manifest.write(toFile: file, atomically: true, encoding: .utf8)

        // A new process each time: start-up, both models and the review, as a user runs it.
        var times: [Double] = []
        var problems = 0
        for _ in 0..<runs {
            let start = ContinuousClock.now
            let output = try run(binary, ["check", "--json", file])
            times.append((ContinuousClock.now - start).seconds)
            problems = ((try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])?["diagnostics"] as? [Any])?.count ?? -1
        }
        times.sort()
        bench.rows.append(Row(label: "`earshot check` on the 50-problem manifest, new process (median of \(runs); every rule but --acoustic)",
                              value: String(format: "%.0f ms (fastest %.0f, slowest %.0f); %d problems reported", times[times.count / 2] * 1000,
                                            times.first! * 1000, times.last! * 1000, problems)))

        // In process, models loaded: what the rules themselves cost.
        let profiles = try Bundled.profiles()
        for (label, options) in [("manifest rules only", Reviewer.Options(pronunciations: false, semantic: false)),
                                 ("with pronunciations and semantic overlap", Reviewer.Options())] {
            let reviewer = Reviewer(profiles: profiles, options: options)
            _ = await reviewer.review(yaml: FiftyProblems.manifest, path: file)
            let start = ContinuousClock.now
            let repeats = 20
            for _ in 0..<repeats { _ = await reviewer.review(yaml: FiftyProblems.manifest, path: file) }
            let each = (ContinuousClock.now - start).seconds / Double(repeats)
            bench.rows.append(Row(label: "in process, warm, \(label)", value: String(format: "%.1f ms per review", each * 1000)))
        }

        // --acoustic over the examples: every phrase spoken in three voices.
        let reviewer = Reviewer(profiles: profiles, options: Reviewer.Options(pronunciations: false, semantic: false, acoustic: true))
        for name in ["soupchef", "demo", "postcard", "traillog"] {
            let start = ContinuousClock.now
            let review = await reviewer.review((examples as NSString).appendingPathComponent(name))
            let seconds = (ContinuousClock.now - start).seconds
            let phrases = (try? AppManifest(contentsOf: (examples as NSString).appendingPathComponent(name)))
                .map { $0.phrases(in: $0.locale).count } ?? 0
            let confused = review.diagnostics.filter { $0.rule == "phrase.acoustic-confusion" }.count
            bench.rows.append(Row(label: "--acoustic, \(name) (\(phrases) phrases × 3 voices)",
                                  value: String(format: "%.1f s; %d phrases confused", seconds, confused)))
        }
        return bench
    }

    static func run(_ binary: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    public var markdown: String {
        (["| Measure | Result |", "|---|---|"] + rows.map { "| \($0.label) | \($0.value) |" }).joined(separator: "\n")
    }
}

import Earshot
import EarshotAudio
import EarshotModel
import EarshotServer
import EarshotSuite
import Foundation

/// A seeded mutation fuzzer for the readers of what users and clients send: app manifests,
/// conversation test files, audio files, the server's JSON request bodies and the Swift importer.
///
/// libFuzzer (`-sanitize=fuzzer`) would need a second build of every dependency with the sanitizer
/// on; this driver runs inside the normal build, in this process. Each run takes an input from the
/// corpus (the examples' own files, then inputs that were accepted), applies one to four mutations
/// (bit flips, interesting bytes, deletions, duplicated chunks that grow lists, splices from another
/// input, tokens of the format: YAML anchors and aliases, brackets, long runs, nested regular
/// expressions; JSON extremes; Swift attributes and literals), and hands it to the reader. A crash
/// ends the process, and the input being read is in `current.*` of the printed work folder first
/// (``CrashDump``, written from the crash's signal handler: no file is written per run). Every run
/// must end within its bound (1 s of processor time; 2 s for a request to the server), judged on the
/// run and a re-run of its input; an error must be one line. A run over its bound, like an error that
/// is not one line, fails `earshot bench --only fuzz`, its input kept for `--replay`.
///
/// Manifests and test files are read from memory as `earshot check` and `earshot test` read them
/// after opening the file; audio is read from a file (the reader takes a path); request bodies go
/// through the server's own routes and middleware in this process, and every 64th over a loopback
/// socket to the running server (``FuzzServer``); the importer reads a copy of the PlantPal example
/// with one Swift file replaced by the input, then loads the manifest it made.
public enum FuzzBenchmark {
    /// What is fuzzed.
    public enum Target: String, CaseIterable, Sendable {
        case manifest, convo, audio, http, `import`

        /// The longest a run may take.
        public var bound: Duration { self == .http ? .seconds(2) : .seconds(1) }

        var fileExtension: String {
            switch self {
            case .manifest, .convo: "yaml"
            case .audio: "wav"
            case .http: "json"
            case .import: "swift"
            }
        }
    }

    /// One target's runs.
    public struct Report: Sendable {
        public var target: Target
        public var runs = 0
        /// Inputs read without an error.
        public var accepted = 0
        /// Inputs refused with one clear line.
        public var refused = 0
        /// Errors that were not one line (or, for the server, answers that were not JSON with a status).
        public var malformed: [String] = []
        public var malformedCount = 0
        /// Runs over their bound: twice, the run and its re-run (``SlowRun``), each input kept in a file.
        public var slow: [SlowRun] = []
        public var overBound: Int { slow.count }
        /// Runs whose processor time passed the bound once but whose re-run of the same input did not
        /// (the machine's noise: not counted as over the bound).
        public var clearedOnRerun = 0
        /// The slowest run by processor time, and by the clock.
        public var slowestCPU: Duration = .zero
        public var slowestWall: Duration = .zero
        public var slowestInput = 0
        public var seconds = 0.0

        public var row: String {
            String(format: "| %@ | %d | %d | %d | %d | %.1f ms | %.1f ms | %d | %d | %.0f |", target.rawValue, runs, accepted, refused, malformedCount,
                   FuzzBenchmark.milliseconds(slowestCPU), FuzzBenchmark.milliseconds(slowestWall), overBound, clearedOnRerun,
                   Double(runs) / max(seconds, 1e-9))
        }
    }

    /// A run over its bound: which input, how long, and where the input is kept to read it again.
    public struct SlowRun: Sendable, CustomStringConvertible {
        public var target: Target
        public var seed: UInt64
        /// The run's number from 0: `--seed S --runs N+1` makes the same runs again.
        public var run: Int
        /// The Swift file the input stands for (import), or the route it is sent to (http).
        public var slot: Int
        /// Processor time of the run and of its re-run, and the run's clock time.
        public var cpu: Duration
        public var rerunCPU: Duration
        public var wall: Duration
        public var bound: Duration
        /// Where the input is kept.
        public var file: String

        /// The command that reads the input again as this run did.
        public var replay: String {
            "earshot bench --only fuzz --target \(target.rawValue) --replay \(file)" + (target == .import || target == .http ? " --slot \(slot)" : "")
        }

        public var description: String {
            String(format: "%@ run %d (seed %llu): %.1f ms of processor time, %.1f ms again on a re-run (%.1f ms by the clock), over its bound of %.0f ms; input %@; read it again with: %@",
                   target.rawValue, run, seed, FuzzBenchmark.milliseconds(cpu), FuzzBenchmark.milliseconds(rerunCPU), FuzzBenchmark.milliseconds(wall),
                   FuzzBenchmark.milliseconds(bound), file, replay)
        }
    }

    public static let header = "| target | runs | accepted | refused (one line) | malformed | slowest run (CPU) | slowest run (wall) | over bound | cleared on re-run | runs/s |\n|---|---|---|---|---|---|---|---|---|---|"

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    }

    /// The processor time this process has used (every thread, user and system).
    static func processorTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// Runs `target` `runs` times (or until `seconds` pass) from `seed`, over the examples in `examples`;
    /// `progress` is called about every `every` seconds with the report so far.
    ///
    /// A run is over its bound when the processor time it took (the whole process's, every thread:
    /// the server's too) passes `bound` (default: the target's), and a re-run of the same input right
    /// after passes it again: time spent waiting for a processor on a loaded machine is not the
    /// reader's, and one slow moment is not a slow input. Each such input is kept in `keep` (default:
    /// the temporary folder) as `earshot-fuzz-TARGET-seedS-runN.EXT`, logged with the command that
    /// reads it again, and counted in ``Report/slow``.
    public static func run(_ target: Target, runs: Int, seconds: Double = .infinity, seed: UInt64 = 20, bound: Duration? = nil,
                           keep: String? = nil, examples: String, log: (String) -> Void = { _ in },
                           every: Double = .infinity, progress: (Report) -> Void = { _ in }) async throws -> Report {
        let bound = bound ?? target.bound
        let harness = try await Harness(target, examples: examples)
        defer { harness.stop() }
        let keep = keep ?? FileManager.default.temporaryDirectory.path
        log("fuzz \(target.rawValue): a crash leaves its input in \(harness.current)")
        var corpus = try seeds(target, examples: examples, work: harness.work)
        var random = SplitMix64(seed: seed &+ UInt64(Target.allCases.firstIndex(of: target) ?? 0) &* 1_000_003)
        var report = Report(target: target)
        let dump = try CrashDump(path: harness.current, hang: max(bound, target.bound) * 30, label: target.rawValue)
        defer { dump.stop() }
        let clock = ContinuousClock()
        let start = clock.now
        var nextProgress = every
        let limit: Duration? = seconds.isFinite ? .milliseconds(Int64(seconds * 1_000)) : nil
        let dictionary: [[UInt8]] = switch target {
        case .http: jsonTokens
        case .audio: []
        case .import: swiftTokens
        case .manifest, .convo: yamlTokens
        }
        while report.runs < runs {
            // The clock is read every 16 runs: a run takes microseconds in a release build.
            if report.runs % 16 == 0 {
                let elapsed = start.duration(to: clock.now)
                if let limit, elapsed >= limit { break }
                let elapsedSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                if elapsedSeconds >= nextProgress {
                    report.seconds = elapsedSeconds
                    progress(report)
                    nextProgress += every
                }
            }
            let base = corpus[Int(random.next() % UInt64(corpus.count))]
            var input = base.bytes
            for _ in 0..<(1 + Int(random.next() % 4)) {
                input = mutate(input, other: corpus[Int(random.next() % UInt64(corpus.count))].bytes, tokens: dictionary, random: &random)
            }
            let route = Int(random.next() % UInt64(FuzzServer.routes.count))
            let slot = target == .http ? route : base.slot
            dump.record(input)
            let (outcome, cpu, wall) = await harness.timedRead(input, slot: slot, run: report.runs)
            dump.finished()
            if cpu > report.slowestCPU { report.slowestCPU = cpu; report.slowestInput = input.count }
            report.slowestWall = max(report.slowestWall, wall)
            if cpu > bound {
                dump.record(input)
                let again = await harness.timedRead(input, slot: slot, run: report.runs)
                dump.finished()
                if again.cpu > bound {
                    let file = (keep as NSString).appendingPathComponent("earshot-fuzz-\(target.rawValue)-seed\(seed)-run\(report.runs).\(target.fileExtension)")
                    _ = FileManager.default.createFile(atPath: file, contents: Data(input))
                    let slow = SlowRun(target: target, seed: seed, run: report.runs, slot: slot, cpu: cpu, rerunCPU: again.cpu, wall: wall, bound: bound, file: file)
                    report.slow.append(slow)
                    log("fuzz \(slow)")
                } else {
                    report.clearedOnRerun += 1
                }
            }
            report.runs += 1
            switch outcome {
            case .accepted:
                report.accepted += 1
                if corpus.count < 400, input != base.bytes { corpus.append(Seed(bytes: input, slot: base.slot)) }
            case .refused: report.refused += 1
            case .malformed(let text):
                report.malformedCount += 1
                if report.malformed.count < 10 { report.malformed.append(String(text.prefix(300))) }
            }
        }
        let elapsed = start.duration(to: clock.now)
        report.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return report
    }

    /// One input read again as a fuzz run reads it (`earshot bench --only fuzz --replay FILE`).
    public struct Replay: Sendable {
        /// "accepted", "refused: LINE" or "malformed: TEXT".
        public var outcome: String
        public var isMalformed: Bool
        /// Processor time of the read and of its re-run, and the read's clock time.
        public var cpu: Duration
        public var rerunCPU: Duration
        public var wall: Duration
        public var bound: Duration
        /// Judged as a fuzz run is: both reads over the bound.
        public var overBound: Bool { cpu > bound && rerunCPU > bound }
    }

    /// Reads the input in `file` as target `target`'s runs read theirs (`slot`: the importer's Swift
    /// file, or the server's route), twice, timing each.
    public static func replay(_ target: Target, file: String, slot: Int = 0, bound: Duration? = nil, examples: String) async throws -> Replay {
        guard let data = FileManager.default.contents(atPath: file) else { throw CocoaError(.fileReadNoSuchFile) }
        let harness = try await Harness(target, examples: examples)
        defer { harness.stop() }
        let input = [UInt8](data)
        // Run number 1: in-process for a request (a multiple of 64 goes over the socket).
        let (outcome, cpu, wall) = await harness.timedRead(input, slot: slot, run: 1)
        let again = await harness.timedRead(input, slot: slot, run: 1)
        let text: String
        switch outcome {
        case .accepted: text = "accepted"
        case .refused(let line): text = "refused: " + line
        case .malformed(let line): text = "malformed: " + line
        }
        var isMalformed = false
        if case .malformed = outcome { isMalformed = true }
        return Replay(outcome: text, isMalformed: isMalformed, cpu: cpu, rerunCPU: again.cpu, wall: wall, bound: bound ?? target.bound)
    }

    /// A target's reader, set up once (a work folder; the server, the importer's copy of the app).
    final class Harness {
        let target: Target
        let examples: String
        let work: URL
        /// Where a crash leaves the input (audio is read from there too).
        let current: String
        /// Where an input is written when the reader takes a file (YAML that is not UTF-8 text).
        let reading: String
        let server: FuzzServer?
        let importer: FuzzImporter?

        init(_ target: Target, examples: String) async throws {
            self.target = target
            self.examples = examples
            work = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-fuzz-\(target.rawValue)-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            current = work.appendingPathComponent("current." + target.fileExtension).path
            reading = target == .audio ? current : work.appendingPathComponent("read." + target.fileExtension).path
            server = target == .http ? try await FuzzServer(examples: examples) : nil
            importer = target == .import ? try FuzzImporter(examples: examples, work: work) : nil
        }

        func stop() {
            server?.stop()
            try? FileManager.default.removeItem(at: work)
        }

        /// Reads `input`, timing it by the process's processor time and by the clock.
        func timedRead(_ input: [UInt8], slot: Int, run: Int) async -> (outcome: Outcome, cpu: Duration, wall: Duration) {
            let clock = ContinuousClock()
            let began = clock.now
            let cpuBegan = FuzzBenchmark.processorTime()
            let outcome = await read(input, slot: slot, run: run)
            let cpu = FuzzBenchmark.processorTime() - cpuBegan
            return (outcome, cpu, began.duration(to: clock.now))
        }

        func read(_ input: [UInt8], slot: Int, run: Int) async -> Outcome {
            switch target {
            case .manifest: return manifest(input, file: reading)
            case .convo: return convo(input, examples: examples, file: reading)
            case .audio:
                _ = FileManager.default.createFile(atPath: current, contents: Data(input))
                return audio(current)
            case .http:
                let route = slot % FuzzServer.routes.count
                return run % 64 == 0 ? await server!.send(input, route: route) : await server!.respond(input, route: route)
            case .import: return importer!.read(input, file: slot)
            }
        }
    }

    /// A corpus input, and for the importer which of the app's Swift files it stands for.
    struct Seed {
        var bytes: [UInt8]
        var slot = 0
    }

    enum Outcome { case accepted, refused(String), malformed(String) }

    static func oneLine(_ text: String) -> Outcome {
        !text.contains("\n") && text.count <= 1_000 ? .refused(text) : .malformed(text)
    }

    /// UTF-8 text is read from memory, as the loader reads a file's text once it has it; anything else
    /// (not UTF-8, over the size limit) is written to `file` and read from there, so that the loader's
    /// own checks of the file's bytes answer it.
    static func manifest(_ input: [UInt8], file: String) -> Outcome {
        do {
            if input.count <= YAMLLimits.fileBytes, let text = String(validating: input, as: UTF8.self) {
                _ = try AppManifest(yaml: text, path: "app.yaml")
            } else {
                _ = FileManager.default.createFile(atPath: file, contents: Data(input))
                _ = try AppManifest(contentsOf: file)
            }
            return .accepted
        } catch {
            return oneLine(error.description)
        }
    }

    static func convo(_ input: [UInt8], examples: String, file: String) -> Outcome {
        do {
            if input.count <= YAMLLimits.fileBytes, let text = String(validating: input, as: UTF8.self) {
                _ = try ConversationTestFile(yaml: text, path: examples + "/soupchef/tests/t.convo.yaml")
            } else {
                _ = FileManager.default.createFile(atPath: file, contents: Data(input))
                _ = try ConversationTestFile(contentsOf: file)
            }
            return .accepted
        } catch {
            return oneLine(error.description)
        }
    }

    static func audio(_ path: String) -> Outcome {
        do {
            _ = try AudioFile.read(path, limits: AudioLimits(maxSeconds: 10, maxBytes: 4 << 20))
            return .accepted
        } catch {
            return oneLine(error.description)
        }
    }

    // MARK: Seeds and mutations

    static func seeds(_ target: Target, examples: String, work: URL) throws -> [Seed] {
        let folders = try FileManager.default.contentsOfDirectory(atPath: examples).sorted().map { examples + "/" + $0 }
        var out: [[UInt8]] = []
        switch target {
        case .manifest:
            for folder in folders { if let data = FileManager.default.contents(atPath: folder + "/app.yaml") { out.append([UInt8](data)) } }
        case .convo:
            for folder in folders {
                for name in (try? FileManager.default.contentsOfDirectory(atPath: folder + "/tests"))?.sorted() ?? [] where name.hasSuffix(".convo.yaml") {
                    if let data = FileManager.default.contents(atPath: folder + "/tests/" + name) { out.append([UInt8](data)) }
                }
            }
        case .audio:
            // Short tones in each format the reader takes.
            for (index, name) in ["a.wav", "a.flac", "a.ogg", "b.wav"].enumerated() {
                let path = work.appendingPathComponent(name).path
                let rate = index == 3 ? 44_100 : 16_000
                try AudioFile.write(AudioBuffer.tone(frequency: 300 + 100 * Double(index), seconds: 0.25, sampleRate: rate), to: path)
                if let data = FileManager.default.contents(atPath: path) { out.append([UInt8](data)) }
            }
        case .http:
            out = FuzzServer.routes.map { Array($0.body.replacingOccurrences(of: "EXAMPLES", with: examples).utf8) }
        case .import:
            // Each of PlantPal's Swift files, fuzzed in its own place among the others.
            let files = FuzzImporter.swiftFiles(examples + "/" + FuzzImporter.example)
            guard !files.isEmpty else { throw CocoaError(.fileNoSuchFile) }
            return try files.enumerated().map { index, path in
                guard let data = FileManager.default.contents(atPath: examples + "/" + FuzzImporter.example + "/" + path) else { throw CocoaError(.fileNoSuchFile) }
                return Seed(bytes: [UInt8](data), slot: index)
            }
        }
        guard !out.isEmpty else { throw CocoaError(.fileNoSuchFile) }
        return out.map { Seed(bytes: $0) }
    }

    static let yamlTokens: [[UInt8]] = [
        "&a ", "*a", "<<: *a\n", "[", "]", "{", "}", ": ", "\n- ", "\n  ", "? ", "!!binary ", "|\n", ">-\n", "---\n", "...\n", "%YAML 1.1\n",
        "{applicationName}", "{soup}", "/(a+)+b/", "/(?:.*)*x/", "*?", "\u{FEFF}", "\t", "\"\\u0000\"", "'", "#", "null", "~", "0x7FFFFFFFFFFFFFFF",
        String(repeating: "A", count: 3_000), String(repeating: "[", count: 40), String(repeating: "- ", count: 40),
        String(repeating: " ", count: 300),
    ].map { Array($0.utf8) }

    static let swiftTokens: [[UInt8]] = [
        "@Parameter(title: ", "@Parameter(title: \"Plant\", requestValueDialog: \"Which?\")", "static var title: LocalizedStringResource = ",
        "AppShortcut(intent: ", "phrases: [", "\\(.applicationName)", "\\(\\.$plant)", "\"\\(.applicationName) \\(\\.$room)\"", "#\"", "\"#", "\"\"\"\n",
        "struct X: AppIntent {", "enum R: String, AppEnum {", "case a = \"", "#if os(iOS)\n", "#else\n", "#endif\n", "extension ", "typealias ",
        "static var caseDisplayRepresentations: [Self: DisplayRepresentation] = [", "negativePhrases: [", "}", "{", ")", "(", "]", "[", ",",
        "\\u{0}", "\u{FEFF}", "/*", "*/", "//", String(repeating: "(", count: 300), String(repeating: "{", count: 300), String(repeating: "\\(", count: 50),
        String(repeating: "A", count: 3_000),
    ].map { Array($0.utf8) }

    static let jsonTokens: [[UInt8]] = [
        "null", "[]", "{}", "\"\"", "1e999", "-0", "true", "\"\\u0000\"", "\"\\ud800\"", ",", ":", "[[[[[[[[[[[[[[[[[[[[", "{\"id\":",
        "\"homepod\"", "\"watch\"", "\"../../etc/passwd\"", "\"/etc/shadow\"", "\"Soup Chef\"", "\"text\"", "\"values\"",
        String(repeating: "A", count: 5_000), String(repeating: "[", count: 600),
    ].map { Array($0.utf8) }

    static func mutate(_ input: [UInt8], other: [UInt8], tokens: [[UInt8]], random: inout SplitMix64) -> [UInt8] {
        var bytes = input
        func position(_ extra: Int = 0) -> Int { Int(random.next() % UInt64(bytes.count + extra + 1)) }
        let interesting: [UInt8] = [0, 0xFF, 0x0A, 0x3A, 0x2D, 0x5B, 0x7B, 0x2A, 0x26, 0x22, 0x27, 0x23, 0x20, 0x09, 0x7F, 0xC3, 0x80, 0x01]
        switch random.next() % 9 {
        case 0 where !bytes.isEmpty:
            let at = position(-1)
            bytes[at] ^= UInt8(1) << (random.next() % 8)
        case 1 where !bytes.isEmpty:
            bytes[position(-1)] = interesting[Int(random.next() % UInt64(interesting.count))]
        case 2 where !bytes.isEmpty:
            let at = position(-1)
            bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(random.next() % 16)))
        case 3:
            bytes.insert(contentsOf: (0..<(1 + random.next() % 8)).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: position())
        case 4 where !bytes.isEmpty:
            // A chunk repeated: lists and mappings grow.
            let at = position(-1)
            let chunk = Array(bytes[at..<min(bytes.count, at + 1 + Int(random.next() % 256))])
            let times = 1 + Int(random.next() % 64)
            // Appended in a loop: a flattened array of arrays was a fifth of a run's time (profiled, debug).
            var repeated: [UInt8] = []
            repeated.reserveCapacity(chunk.count * times)
            for _ in 0..<times { repeated.append(contentsOf: chunk) }
            bytes.insert(contentsOf: repeated, at: position())
        case 5 where !other.isEmpty:
            let from = Int(random.next() % UInt64(other.count))
            bytes.insert(contentsOf: other[from..<min(other.count, from + 1 + Int(random.next() % 512))], at: position())
        case 6 where !tokens.isEmpty:
            bytes.insert(contentsOf: tokens[Int(random.next() % UInt64(tokens.count))], at: position())
        case 7 where !bytes.isEmpty:
            bytes.removeSubrange(position(-1)...)
        default:
            if !bytes.isEmpty { bytes[position(-1)] = UInt8(truncatingIfNeeded: random.next()) }
        }
        return bytes.count > (3 << 19) ? Array(bytes.prefix(3 << 19)) : bytes
    }
}

/// A small, fast, seeded generator (SplitMix64): the same seed gives the same runs.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

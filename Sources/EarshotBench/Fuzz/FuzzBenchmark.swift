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
/// must end within its bound (1 s; 2 s for a request to the server); an error must be one line.
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
        public var overBound = 0
        public var slowest: Duration = .zero
        public var slowestInput = 0
        public var seconds = 0.0

        public var row: String {
            let slowestMS = Double(slowest.components.attoseconds) / 1e15 + Double(slowest.components.seconds) * 1e3
            return String(format: "| %@ | %d | %d | %d | %d | %.1f ms | %d | %.0f |", target.rawValue, runs, accepted, refused, malformedCount,
                          slowestMS, overBound, Double(runs) / max(seconds, 1e-9))
        }
    }

    public static let header = "| target | runs | accepted | refused (one line) | malformed | slowest run | over bound | runs/s |\n|---|---|---|---|---|---|---|---|"

    /// Runs `target` `runs` times (or until `seconds` pass) from `seed`, over the examples in `examples`;
    /// `progress` is called about every `every` seconds with the report so far.
    public static func run(_ target: Target, runs: Int, seconds: Double = .infinity, seed: UInt64 = 20,
                           examples: String, log: (String) -> Void = { _ in },
                           every: Double = .infinity, progress: (Report) -> Void = { _ in }) async throws -> Report {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-fuzz-\(target.rawValue)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let current = work.appendingPathComponent("current." + target.fileExtension).path
        // Where an input is written when the reader takes a file (audio; YAML that is not UTF-8 text).
        let reading = target == .audio ? current : work.appendingPathComponent("read." + target.fileExtension).path
        log("fuzz \(target.rawValue): a crash leaves its input in \(current)")
        var corpus = try seeds(target, examples: examples, work: work)
        var random = SplitMix64(seed: seed &+ UInt64(Target.allCases.firstIndex(of: target) ?? 0) &* 1_000_003)
        var report = Report(target: target)
        let server = target == .http ? try await FuzzServer(examples: examples) : nil
        defer { server?.stop() }
        let importer = target == .import ? try FuzzImporter(examples: examples, work: work) : nil
        let dump = try CrashDump(path: current, hang: target.bound * 30, label: target.rawValue)
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
            if target == .audio { _ = FileManager.default.createFile(atPath: current, contents: Data(input)) }
            dump.record(input)
            let began = clock.now
            let outcome: Outcome
            switch target {
            case .manifest: outcome = manifest(input, file: reading)
            case .convo: outcome = convo(input, examples: examples, file: reading)
            case .audio: outcome = audio(current)
            case .http:
                outcome = report.runs % 64 == 0 ? await server!.send(input, route: route) : await server!.respond(input, route: route)
            case .import: outcome = importer!.read(input, file: base.slot)
            }
            let took = began.duration(to: clock.now)
            dump.finished()
            report.runs += 1
            if took > report.slowest { report.slowest = took; report.slowestInput = input.count }
            if took > target.bound {
                report.overBound += 1
                let slow = work.deletingLastPathComponent().appendingPathComponent("earshot-fuzz-slow-\(target.rawValue)-\(report.overBound).\(target.fileExtension)")
                _ = FileManager.default.createFile(atPath: slow.path, contents: Data(input))
                log("fuzz \(target.rawValue): a run took \(took), over its bound; its input is in \(slow.path)")
            }
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

    /// A corpus input, and for the importer which of the app's Swift files it stands for.
    struct Seed {
        var bytes: [UInt8]
        var slot = 0
    }

    enum Outcome { case accepted, refused, malformed(String) }

    static func oneLine(_ text: String) -> Outcome {
        !text.contains("\n") && text.count <= 1_000 ? .refused : .malformed(text)
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

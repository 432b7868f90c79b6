import EarshotTesting
import Foundation
import Testing

/// The `earshot` binary on broken input: exit status 2 and one line on standard error.
///
/// The binary is the one built next to this test bundle (`swift build --build-tests` builds it; the
/// Makefile's `test` target does that before `swift test`).
@Suite("CLI exit status")
struct CLIExitTests {
    /// The package root: three folders up from this file (Tests/EarshotCLITests/CLIExitTests.swift).
    /// Where `earshot` may be, best first: the build folder this test bundle runs from (and its
    /// parents, so `<scratch>/debug/earshot` is found from `<scratch>/<triple>/debug/...`), then
    /// `.build/debug/earshot` and any `.build*/debug/earshot` in the package root.
    static func candidates() -> [URL] {
        var out: [URL] = []
        var starts = [Bundle.main.bundleURL, Bundle.main.executableURL?.deletingLastPathComponent()].compactMap { $0 }
        if let argument = CommandLine.arguments.first, argument.contains("/") {
            starts.append(URL(fileURLWithPath: argument).deletingLastPathComponent())
        }
        let rootPath = packageRoot.standardizedFileURL.path
        for start in starts {
            var folder = start.standardizedFileURL
            // Walk up, but not past the package root.
            while folder.path.count > 1 {
                out.append(folder.appendingPathComponent("earshot"))
                out.append(folder.appendingPathComponent("debug/earshot"))
                if folder.path == rootPath || !folder.path.hasPrefix(rootPath) { break }
                folder = folder.deletingLastPathComponent()
            }
        }
        out.append(packageRoot.appendingPathComponent(".build/debug/earshot"))
        let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.path)) ?? []
        for name in names.sorted() where name.hasPrefix(".build") {
            out.append(packageRoot.appendingPathComponent(name).appendingPathComponent("debug/earshot"))
        }
        return out
    }

    /// The `earshot` binary; records a failure naming every place looked in when there is none.
    static func binary(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        let candidates = candidates()
        for url in candidates {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: url.path) {
                return url
            }
        }
        let looked = candidates.map(\.path).joined(separator: ", ")
        Issue.record("the earshot binary is not built: run 'swift build --product earshot' (or 'make test'). Looked in: \(looked)",
                     sourceLocation: sourceLocation)
        throw CancellationError()
    }

    struct Run {
        /// The exit status, or the signal number when `signaled`.
        var status: Int32
        var signaled: Bool
        var stdout: String
        var stderr: String
    }

    /// Runs `earshot` with `arguments` in `directory` and waits for it (at most 60 s).
    static func run(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) async throws -> Run {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes to the end on threads of their own (not the few concurrency threads, which
        // a blocking read would hold for the child's whole run) so a chatty child cannot block.
        async let outData = Self.readToEnd(out.fileHandleForReading)
        async let errData = Self.readToEnd(err.fileHandleForReading)
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                Issue.record("earshot \(arguments.joined(separator: " ")) did not finish within 60 s")
                break
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        process.waitUntilExit()
        return Run(status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
                   stdout: String(decoding: await outData, as: UTF8.self),
                   stderr: String(decoding: await errData, as: UTF8.self))
    }

    /// Everything `handle` gives until its end, read on a thread of its own.
    static func readToEnd(_ handle: FileHandle) async -> Data {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: handle.readDataToEndOfFile()) }
        }
    }

    static let broken = """
    app: Soup Chef
    intents:
      - id: OrderSoup
        title: Order soup
        parameters:
          - id: note
            type: string
            promt: Which note?
    shortcuts:
      - intent: OrderSoup
        phrases: ["Order soup with {applicationName}"]
    """

    /// Checks stderr is exactly one line: "earshot: <file>:8:9: error: unknown key 'promt' ... Fix: ...",
    /// 'promt' being on line 8 at column 9 of `broken`.
    static func expectOneLine(_ run: Run, file: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 2 && !run.signaled, "exit status \(run.status) (signal: \(run.signaled)); stderr: \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr.hasSuffix("\n"), "stderr: \(run.stderr)", sourceLocation: sourceLocation)
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 1, "stderr is \(lines.count) lines: \(run.stderr)", sourceLocation: sourceLocation)
        let first = String(lines.first ?? "")
        #expect(first.hasPrefix("earshot: \(file):8:9: error: unknown key 'promt'"), "stderr: \(first)", sourceLocation: sourceLocation)
        #expect(first.contains("Fix: Did you mean 'prompt'?"), "stderr: \(first)", sourceLocation: sourceLocation)
    }

    @Test("earshot check on a broken manifest: status 2, one line on stderr, nothing on stdout")
    func checkBroken() async throws {
        let dir = try temporaryFolder("earshot-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("app.yaml")
        try Self.broken.write(to: file, atomically: true, encoding: .utf8)
        let result = try await Self.run(["check", file.path], in: dir)
        Self.expectOneLine(result, file: file.path)
        #expect(result.stdout.isEmpty, "stdout: \(result.stdout)")

        // A folder holding it names the app.yaml inside.
        let folder = try await Self.run(["check", dir.path], in: dir)
        Self.expectOneLine(folder, file: file.path)
    }

    @Test("earshot bench --part naming a file that is not there: status 2, one line naming it and the files there are")
    func benchMissingPart() async throws {
        // Run in the checkout, whose flexible-dev/ and people-dev/ the bench reads (it writes nothing there).
        for only in ["flexible", "people"] {
            let result = try await Self.run(["bench", "--only", only, "--typed", "--part", "no-such-part.tsv"], in: packageRoot)
            #expect(result.status == 2, "\(only): status \(result.status); stderr: \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("no part no-such-part.tsv")
                    && result.stderr.contains("devset.tsv"), "\(only): stderr: \(result.stderr)")
        }
    }

    @Test("earshot preview with a broken --app: status 2, one line on stderr")
    func previewBroken() async throws {
        let dir = try temporaryFolder("earshot-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("app.yaml")
        try Self.broken.write(to: file, atomically: true, encoding: .utf8)
        let result = try await Self.run(["preview", "--app", file.path, "Order soup with Soup Chef"], in: dir)
        Self.expectOneLine(result, file: file.path)
    }

    @Test("without the sentence model: a flexible device says so in one line, status 2; the Watch matches exactly as before")
    func missingSentenceModel() async throws {
        let dir = try temporaryFolder("earshot-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("no-model").path
        let demo = packageRoot.appendingPathComponent("examples/demo").path
        let homepod = try await Self.run(["preview", "--app", demo, "Give me a summary of my shopping list with Demo"], in: dir,
                                         environment: ["EARSHOT_MODEL_DIR": missing])
        #expect(homepod.status == 2)
        #expect(homepod.stdout.isEmpty)
        #expect(homepod.stderr.split(separator: "\n").count == 1, "stderr: \(homepod.stderr)")
        #expect(homepod.stderr.hasPrefix("earshot: sentence model in \(missing): "), "stderr: \(homepod.stderr)")
        #expect(homepod.stderr.contains("make setup"))
        let watch = try await Self.run(["preview", "--profile", "watch", "--app", demo, "Summarize my shopping list with Demo"], in: dir,
                                       environment: ["EARSHOT_MODEL_DIR": missing])
        #expect(watch.status == 0, "stderr: \(watch.stderr)")
        #expect(watch.stdout.contains("SummarizeList"))
    }

    @Test("without the synthetic-speech model: `run --speaker synthetic` says so in one line, status 2; a person's recording is still heard")
    func missingSyntheticSpeechModel() async throws {
        let dir = try temporaryFolder("earshot-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("no-speech-model").path
        let soupchef = packageRoot.appendingPathComponent("examples/soupchef").path
        let wav = dir.appendingPathComponent("order.wav").path
        let said = try await Self.run(["say", "Order soup with Soup Chef", "-o", wav], in: dir)
        #expect(said.status == 0, "stderr: \(said.stderr)")
        let synthetic = try await Self.run(["run", "--app", soupchef, "--speaker", "synthetic", wav], in: dir,
                                           environment: ["EARSHOT_SPEECH_MODEL_DIR": missing])
        #expect(synthetic.status == 2 && !synthetic.signaled, "status \(synthetic.status); stderr: \(synthetic.stderr)")
        #expect(synthetic.stderr.split(separator: "\n").count == 1, "stderr: \(synthetic.stderr)")
        #expect(synthetic.stderr.contains(missing) && synthetic.stderr.contains("make setup"), "stderr: \(synthetic.stderr)")
        let person = try await Self.run(["run", "--app", soupchef, wav], in: dir, environment: ["EARSHOT_SPEECH_MODEL_DIR": missing])
        #expect(person.status == 0, "stderr: \(person.stderr)")
        #expect(person.stdout.contains("OrderSoup"), "stdout: \(person.stdout)")
    }

    @Test("earshot listen on a capture device that does not exist: status 2, one line naming it")
    func listenMissingDevice() async throws {
        let dir = try temporaryFolder("earshot-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let soupchef = packageRoot.appendingPathComponent("examples/soupchef").path
        let result = try await Self.run(["listen", "--app", soupchef, "--capture", "earshot_no_such_card"], in: dir)
        #expect(result.status == 2 && !result.signaled, "status \(result.status); stderr: \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.hasPrefix("earshot: capture device \"earshot_no_such_card\": "), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("--capture"))
    }

    @Test("earshot listen --output never replaces a file without --force")
    func listenKeepsOutput() async throws {
        let dir = try temporaryFolder("earshot-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let existing = dir.appendingPathComponent("replies.wav")
        try Data("mine".utf8).write(to: existing)
        let soupchef = packageRoot.appendingPathComponent("examples/soupchef").path
        let result = try await Self.run(["listen", "--app", soupchef, "--input", existing.path, "--output", existing.path], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("earshot: \(existing.path): error: already exists."), "stderr: \(result.stderr)")
        #expect(try Data(contentsOf: existing) == Data("mine".utf8))
    }

    @Test("earshot check on a missing file: status 2, one line naming the path")
    func checkMissing() async throws {
        let dir = try temporaryFolder("earshot-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("nope.yaml").path
        let result = try await Self.run(["check", missing], in: dir)
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(result.stderr)")
        #expect(result.stderr.hasPrefix("earshot: \(missing): error: "), "stderr: \(result.stderr)")
    }

    @Test("earshot check on a good manifest: status 0")
    func checkGood() async throws {
        let dir = try temporaryFolder("earshot-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("app.yaml")
        try Self.broken.replacingOccurrences(of: "promt:", with: "prompt:").write(to: file, atomically: true, encoding: .utf8)
        let result = try await Self.run(["check", file.path], in: dir)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("passes."), "stdout: \(result.stdout)")
    }

    // MARK: - Hostile handlers through the binary

    static let handlerApp = """
    app: Stock Check
    intents:
      - id: CheckStock
        title: Check stock
        category: information
        handler: [sh, handler.sh]
    shortcuts:
      - intent: CheckStock
        phrases: ["Check stock in {applicationName}"]
    """

    /// A handler that exits without reading its input: the binary must report an error turn, not die
    /// of SIGPIPE (status 141) while writing the request. Run 20 times: the write races the exit.
    @Test("a handler that exits without reading its input does not kill earshot")
    func handlerIgnoringInput() async throws {
        let dir = try temporaryFolder("earshot-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.handlerApp.write(to: dir.appendingPathComponent("app.yaml"), atomically: true, encoding: .utf8)
        try "echo 'no input for me' >&2\nexit 1\n".write(to: dir.appendingPathComponent("handler.sh"), atomically: true, encoding: .utf8)
        var statuses: [String] = []
        for _ in 0..<20 {
            let result = try await Self.run(["preview", "--json", "--app", dir.path, "Check stock in Stock Check"], in: dir)
            statuses.append(result.signaled ? "signal \(result.status)" : "\(result.status)")
            if result.status == 0 && !result.signaled {
                #expect(result.stdout.contains("Sorry, something went wrong."), "stdout: \(result.stdout)")
                #expect(result.stdout.contains("exited with status 1: no input for me"), "stdout: \(result.stdout)")
            }
        }
        #expect(statuses.allSatisfy { $0 == "0" }, "exit statuses of 20 runs: \(statuses) (signal 13 = SIGPIPE)")
    }

    @Test("a handler that sleeps past --handler-timeout: earshot answers without waiting for the sleep")
    func handlerSleeping() async throws {
        let dir = try temporaryFolder("earshot-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.handlerApp.write(to: dir.appendingPathComponent("app.yaml"), atomically: true, encoding: .utf8)
        try "cat > /dev/null\nsleep 600 &\nwait\n".write(to: dir.appendingPathComponent("handler.sh"), atomically: true, encoding: .utf8)
        let start = Date()
        let result = try await Self.run(["preview", "--json", "--handler-timeout", "0.5", "--app", dir.path,
                                         "Check stock in Stock Check"], in: dir)
        #expect(Date().timeIntervalSince(start) < 30, "the sleep lasts 600 s, the limit is 0.5 s")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("Sorry, something went wrong."), "stdout: \(result.stdout)")
        #expect(result.stdout.contains("did not answer within 0.5 s"), "stdout: \(result.stdout)")
    }
}

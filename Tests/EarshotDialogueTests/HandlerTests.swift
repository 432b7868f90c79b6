import Earshot
@testable import EarshotDialogue
import EarshotModel
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hostile handlers never hang or crash the emulator: each one through `HandlerRunner` directly, and
/// through a whole `Session` conversation on a manifest whose intent has `handler: [sh, handler.sh]`.
@Suite("Handlers")
struct HandlerTests {
    /// A temporary folder holding `app.yaml` and `handler.sh`; removed by `cleanUp()`.
    struct Fixture {
        let directory: String

        init(script: String) throws {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-handler-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            directory = url.path
            try HandlerTests.manifest.write(toFile: path("app.yaml"), atomically: true, encoding: .utf8)
            try script.write(toFile: path("handler.sh"), atomically: true, encoding: .utf8)
        }

        func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }

        func read(_ name: String) -> String? { try? String(contentsOfFile: path(name), encoding: .utf8) }

        func cleanUp() { try? FileManager.default.removeItem(atPath: directory) }

        /// The folder with symbolic links resolved, to compare with what `pwd` prints.
        var resolvedDirectory: String { URL(fileURLWithPath: directory).resolvingSymlinksInPath().path }
    }

    static let manifest = """
    app: Stock Check
    enums:
      Size:
        title: Size
        cases:
          - { id: cup, title: Cup }
          - { id: bowl, title: Bowl }
    intents:
      - id: CheckStock
        title: Check stock
        category: information
        parameters:
          - { id: size, title: Size, type: Size }
          - { id: note, title: Note, type: string, optional: true }
        handler: [sh, handler.sh]
        dialog:
          success: There are {count} {size} soups left.
          errors:
            soldOut: Sorry, the {size} soup is sold out.
        result:
          values: { count: 0 }
    shortcuts:
      - intent: CheckStock
        phrases:
          - Check {size} stock in {applicationName}
    """

    static let utterance = "Check bowl stock in Stock Check"
    static let sorry = "Sorry, something went wrong."

    /// The request the session would send for "Check bowl stock".
    static func request() throws -> HandlerRunner.Request {
        let homepod = try Bundled.profiles().profile("homepod")
        return HandlerRunner.Request(
            intent: "CheckStock", phase: .perform,
            parameters: ["size": ParameterValue(id: "bowl", title: "Bowl"), "note": nil],
            profile: .init(id: homepod.id, name: homepod.name, screen: homepod.screen, dialog: homepod.dialog),
            locale: "en-US")
    }

    /// The time limit of handlers that should answer: long, so that a test process busy with other
    /// suites (speech decoding, sox) cannot make a quick handler miss it.
    static let generous: Duration = .seconds(180)

    /// What "did not wait" means: far below ``generous`` and the 600 s sleep of ``sleeps``, with room for
    /// a test process that is busy elsewhere for seconds.
    /// (Swift Testing runs suites side by side on the cooperative pool: in the whole run, suites that
    /// encode or decode for many seconds at a time held both of its threads for over 20 s at the start,
    /// and these tests, quick alone, measured 33–37 s. A runner that waited for the limit would take 180 s
    /// or 600 s.)
    static let noWait: Duration = .seconds(90)

    /// Runs `handler.sh` of `fixture` through `HandlerRunner` and times it.
    static func runDirect(_ fixture: Fixture, command: [String] = ["sh", "handler.sh"],
                          timeout: Duration = generous) async throws -> (PerformResult, Duration) {
        let runner = HandlerRunner(timeout: timeout)
        let request = try request()
        let start = ContinuousClock.now
        let result = await runner.run(command, in: fixture.directory, request: request)
        return (result, ContinuousClock.now - start)
    }

    /// Says the utterance to a HomePod with the fixture's app installed; returns the turn and how long it took.
    static func runSession(_ fixture: Fixture, timeout: Duration = generous,
                           manifestText: String? = nil) async throws -> (Turn, Duration) {
        if let manifestText { try manifestText.write(toFile: fixture.path("app.yaml"), atomically: true, encoding: .utf8) }
        let app = try AppManifest(contentsOf: fixture.directory)
        let homepod = try Bundled.profiles().profile("homepod")
        var session = Session(apps: [app], profile: homepod, handlers: HandlerRunner(timeout: timeout))
        let start = ContinuousClock.now
        let turn = await session.respond(to: utterance)
        let elapsed = ContinuousClock.now - start
        #expect(turn.intent == "CheckStock", "the utterance did not reach the intent: \(turn.reply.text)")
        #expect(!session.isInConversation, "the conversation should be over")
        return (turn, elapsed)
    }

    /// The reason of a failed perform, recording an issue when it is not a failure.
    static func reason(_ result: PerformResult, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        guard case .failure(let reason) = result else {
            Issue.record("expected a failure, got \(result)", sourceLocation: sourceLocation)
            return ""
        }
        return reason
    }

    /// Expects the polite failure turn, with `parts` in its error.
    static func expectFailureTurn(_ turn: Turn, _ parts: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(turn.reply.text == sorry, sourceLocation: sourceLocation)
        #expect(turn.outcome == .error, sourceLocation: sourceLocation)
        let error = turn.error ?? ""
        #expect(!error.isEmpty, "the turn has no error reason", sourceLocation: sourceLocation)
        for part in parts {
            #expect(error.contains(part), "turn.error lacks '\(part)': \(error)", sourceLocation: sourceLocation)
        }
    }

    /// Whether process `pid` still runs (a zombie counts as ended).
    static func isRunning(_ pid: Int32) -> Bool {
        #if os(Linux)
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        // "pid (comm) S ...": the state follows the last ')'.
        guard let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != "Z" && state != "X"
        #else
        return kill(pid, 0) == 0
        #endif
    }

    /// Waits up to `limit` for `pid` to end; true when it did.
    static func ends(_ pid: Int32, within limit: Duration = .seconds(3)) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if !isRunning(pid) { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return !isRunning(pid)
    }

    /// Reads a pid the script wrote, waiting briefly for the file.
    static func pid(_ fixture: Fixture, _ name: String) async -> Int32? {
        for _ in 0..<40 {
            if let text = fixture.read(name), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) { return pid }
            try? await Task.sleep(for: .milliseconds(25))
        }
        return nil
    }

    // MARK: - Exits 1

    static let exitsOne = """
    cat > /dev/null
    echo "boom: the stock database is locked" >&2
    exit 1
    """

    @Test("a handler that exits 1: the reason gives the status and its stderr")
    func exitsOneDirect() async throws {
        let fixture = try Fixture(script: Self.exitsOne)
        defer { fixture.cleanUp() }
        let (result, elapsed) = try await Self.runDirect(fixture)
        let reason = Self.reason(result)
        #expect(reason.contains("exited with status 1"), "\(reason)")
        #expect(reason.contains("boom: the stock database is locked"), "\(reason)")
        #expect(!reason.contains("\n"))
        #expect(elapsed < Self.noWait)
    }

    /// A handler that exits without reading its input once killed the emulator with SIGPIPE; its input
    /// is now a file. CLIExitTests checks the same through the `earshot` binary, 20 times.
    @Test("a handler that exits 1 without reading its input")
    func exitsOneWithoutReadingDirect() async throws {
        let fixture = try Fixture(script: "echo 'no input for me' >&2\nexit 1\n")
        defer { fixture.cleanUp() }
        for _ in 0..<10 {
            let (result, _) = try await Self.runDirect(fixture)
            let reason = Self.reason(result)
            #expect(reason.contains("exited with status 1"), "\(reason)")
        }
    }

    @Test("a session whose handler exits 1 ends politely with the reason")
    func exitsOneSession() async throws {
        let fixture = try Fixture(script: Self.exitsOne)
        defer { fixture.cleanUp() }
        let (turn, elapsed) = try await Self.runSession(fixture)
        Self.expectFailureTurn(turn, ["exited with status 1", "boom: the stock database is locked"])
        #expect(elapsed < Self.noWait)
    }

    // MARK: - Sleeps past the limit

    /// Starts a child `sleep`, writes both pids, and waits.
    static let sleeps = """
    echo $$ > sh.pid
    sleep 600 &
    echo $! > child.pid
    wait
    echo '{"values":{"count":1}}'
    """

    @Test("a handler that sleeps past a 0.5 s limit is stopped quickly")
    func sleepsDirect() async throws {
        let fixture = try Fixture(script: Self.sleeps)
        defer { fixture.cleanUp() }
        let (result, elapsed) = try await Self.runDirect(fixture, timeout: .milliseconds(500))
        let reason = Self.reason(result)
        #expect(reason.contains("did not answer within 0.5 s"), "\(reason)")
        #expect(elapsed < Self.noWait, "took \(elapsed)")
        #expect(elapsed >= .milliseconds(450), "took \(elapsed)")
        // Under load the shell may not have started its sleep within 0.5 s; if it did, the sleep is gone.
        if let child = await Self.pid(fixture, "child.pid") {
            #expect(await Self.ends(child), "the handler's child sleep \(child) still runs")
            if Self.isRunning(child) { kill(child, SIGKILL) }
        }
    }

    /// The limit here is 5 s so that the script surely starts its `sleep` before it, even on a busy machine
    /// (at 1–2 s a loaded CI machine sometimes had not started the shell yet).
    @Test("a handler that sleeps past the limit is stopped, with the child it started")
    func sleepsKillsChildDirect() async throws {
        let fixture = try Fixture(script: Self.sleeps)
        defer { fixture.cleanUp() }
        let (result, elapsed) = try await Self.runDirect(fixture, timeout: .seconds(5))
        #expect(Self.reason(result).contains("did not answer within 5 s"))
        #expect(elapsed < Self.noWait, "took \(elapsed)")
        #expect(Self.isRunning(getpid()), "isRunning cannot see this very process: the checks below would prove nothing")
        let shell = try #require(await Self.pid(fixture, "sh.pid"), "the script did not start")
        let child = try #require(await Self.pid(fixture, "child.pid"), "the script did not start its sleep")
        #expect(await Self.ends(shell), "the handler's shell \(shell) still runs")
        #expect(await Self.ends(child), "the handler's child sleep \(child) still runs")
        if Self.isRunning(child) { kill(child, SIGKILL) }
    }

    @Test("a session whose handler sleeps past a 0.5 s limit comes back without waiting for the sleep")
    func sleepsSession() async throws {
        let fixture = try Fixture(script: Self.sleeps)
        defer { fixture.cleanUp() }
        let (turn, elapsed) = try await Self.runSession(fixture, timeout: .milliseconds(500))
        Self.expectFailureTurn(turn, ["did not answer within 0.5 s"])
        #expect(elapsed < Self.noWait, "took \(elapsed)")
        if let child = await Self.pid(fixture, "child.pid") {
            #expect(await Self.ends(child), "the handler's child sleep \(child) still runs")
            if Self.isRunning(child) { kill(child, SIGKILL) }
        }
    }

    @Test("a session whose handler sleeps past the limit kills the sleep it started")
    func sleepsSessionKillsChild() async throws {
        let fixture = try Fixture(script: Self.sleeps)
        defer { fixture.cleanUp() }
        let (turn, elapsed) = try await Self.runSession(fixture, timeout: .seconds(5))
        Self.expectFailureTurn(turn, ["did not answer within 5 s"])
        #expect(elapsed < Self.noWait, "took \(elapsed)")
        let child = try #require(await Self.pid(fixture, "child.pid"), "the script did not start its sleep")
        #expect(await Self.ends(child), "the handler's child sleep \(child) still runs")
        if Self.isRunning(child) { kill(child, SIGKILL) }
    }

    /// 5 s, so that the shell has surely written its pid before it is stopped.
    @Test("a handler that ignores SIGTERM and loops is stopped too")
    func busyLoopDirect() async throws {
        let fixture = try Fixture(script: "trap '' TERM INT HUP\necho $$ > sh.pid\nwhile :; do :; done\n")
        defer { fixture.cleanUp() }
        let (result, elapsed) = try await Self.runDirect(fixture, timeout: .seconds(5))
        #expect(Self.reason(result).contains("did not answer"))
        #expect(elapsed < Self.noWait, "took \(elapsed)")
        let shell = try #require(await Self.pid(fixture, "sh.pid"))
        #expect(await Self.ends(shell), "the looping handler \(shell) still runs")
        if Self.isRunning(shell) { kill(shell, SIGKILL) }
    }

    // MARK: - Prints something other than JSON

    static let notJSON = """
    cat > /dev/null
    echo "Here is your soup stock: lots"
    """

    @Test("a handler that prints something other than JSON")
    func notJSONDirect() async throws {
        let fixture = try Fixture(script: Self.notJSON)
        defer { fixture.cleanUp() }
        let (result, _) = try await Self.runDirect(fixture)
        let reason = Self.reason(result)
        #expect(reason.contains("printed something other than one JSON object"), "\(reason)")
        #expect(reason.contains("Here is your soup stock"), "\(reason)")
    }

    @Test("handlers that print nothing, a list, or an object with other keys")
    func otherGarbageDirect() async throws {
        for (script, part) in [("cat > /dev/null\n", "printed nothing"),
                               ("cat > /dev/null\necho '[1, 2]'\n", "something other than"),
                               ("cat > /dev/null\necho '{\"value\": {\"count\": 1}}'\n", "unknown key 'value'"),
                               ("cat > /dev/null\necho '{\"values\": [1]}'\n", "'values' is not an object"),
                               ("cat > /dev/null\necho '{\"values\": {\"count\": {\"n\": 1}}}'\n", "value 'count'"),
                               ("cat > /dev/null\necho '{\"error\": 42}'\n", "'error' is not a string")] {
            let fixture = try Fixture(script: script)
            defer { fixture.cleanUp() }
            let (result, _) = try await Self.runDirect(fixture)
            let reason = Self.reason(result)
            #expect(reason.contains(part), "script \(script): \(reason)")
        }
    }

    @Test("a session whose handler prints something other than JSON ends politely")
    func notJSONSession() async throws {
        let fixture = try Fixture(script: Self.notJSON)
        defer { fixture.cleanUp() }
        let (turn, _) = try await Self.runSession(fixture)
        Self.expectFailureTurn(turn, ["printed something other than one JSON object"])
    }

    // MARK: - Prints 10 MB

    static let tenMegabytes = """
    cat > /dev/null
    head -c 10000000 /dev/zero | tr '\\0' x
    """

    @Test("a handler that prints 10 MB is stopped at the output limit")
    func tenMegabytesDirect() async throws {
        let fixture = try Fixture(script: Self.tenMegabytes)
        defer { fixture.cleanUp() }
        let (result, elapsed) = try await Self.runDirect(fixture)
        let reason = Self.reason(result)
        #expect(reason.contains("printed more than \(1 << 20) bytes"), "\(reason)")
        #expect(elapsed < Self.noWait, "took \(elapsed)")
    }

    @Test("a session whose handler prints 10 MB ends politely")
    func tenMegabytesSession() async throws {
        let fixture = try Fixture(script: Self.tenMegabytes)
        defer { fixture.cleanUp() }
        let (turn, elapsed) = try await Self.runSession(fixture)
        Self.expectFailureTurn(turn, ["printed more than"])
        #expect(elapsed < Self.noWait, "took \(elapsed)")
        // The reason is short: not 10 MB of x.
        #expect((turn.error ?? "").count < 500)
    }

    // MARK: - Valid values

    static let values = """
    cat > /dev/null
    echo '{"values":{"count":7,"fresh":true}}'
    """

    @Test("a handler that prints values succeeds")
    func valuesDirect() async throws {
        let fixture = try Fixture(script: Self.values)
        defer { fixture.cleanUp() }
        let (result, _) = try await Self.runDirect(fixture)
        #expect(result == .values(["count": "7", "fresh": "true"]))
    }

    @Test("a session uses the handler's values in the dialog line")
    func valuesSession() async throws {
        let fixture = try Fixture(script: Self.values)
        defer { fixture.cleanUp() }
        let (turn, _) = try await Self.runSession(fixture)
        #expect(turn.outcome == .success)
        #expect(turn.error == nil)
        #expect(turn.reply.text.contains("There are 7 Bowl soups left."), "\(turn.reply.text)")
    }

    @Test("a session falls back to result.values for what the handler leaves out")
    func valuesDefaultSession() async throws {
        let fixture = try Fixture(script: "cat > /dev/null\necho '{\"values\":{}}'\n")
        defer { fixture.cleanUp() }
        let (turn, _) = try await Self.runSession(fixture)
        #expect(turn.outcome == .success)
        #expect(turn.reply.text.contains("There are 0 Bowl soups left."), "\(turn.reply.text)")
    }

    // MARK: - App error

    static let soldOut = """
    cat > /dev/null
    echo '{"error":"soldOut"}'
    """

    @Test("a handler that returns an app error")
    func appErrorDirect() async throws {
        let fixture = try Fixture(script: Self.soldOut)
        defer { fixture.cleanUp() }
        let (result, _) = try await Self.runDirect(fixture)
        #expect(result == .appError(key: "soldOut", values: [:]))
    }

    @Test("a session speaks the app's error line")
    func appErrorSession() async throws {
        let fixture = try Fixture(script: Self.soldOut)
        defer { fixture.cleanUp() }
        let (turn, _) = try await Self.runSession(fixture)
        #expect(turn.outcome == .error)
        #expect(turn.reply.text.contains("Sorry, the Bowl soup is sold out."), "\(turn.reply.text)")
        #expect(turn.reply.text != Self.sorry)
    }

    // MARK: - A program that does not exist

    static let missingProgram = "earshot-no-such-program-\(UUID().uuidString.prefix(8))"

    @Test("a handler program that does not exist, by name and by path")
    func missingProgramDirect() async throws {
        let fixture = try Fixture(script: Self.values)
        defer { fixture.cleanUp() }
        let (byName, elapsed) = try await Self.runDirect(fixture, command: [Self.missingProgram, "x"])
        let nameReason = Self.reason(byName)
        #expect(nameReason.contains(Self.missingProgram), "\(nameReason)")
        #expect(elapsed < Self.noWait)
        let (byPath, _) = try await Self.runDirect(fixture, command: ["handlers/missing.py"])
        let pathReason = Self.reason(byPath)
        #expect(pathReason.contains("handlers/missing.py"), "\(pathReason)")
        #expect(pathReason.contains("does not exist or is not executable"), "\(pathReason)")
        // A script that is there but not executable, named by path.
        let (notExecutable, _) = try await Self.runDirect(fixture, command: ["./handler.sh"])
        #expect(Self.reason(notExecutable).contains("not executable"))
    }

    @Test("a session whose handler program does not exist ends politely")
    func missingProgramSession() async throws {
        let fixture = try Fixture(script: Self.values)
        defer { fixture.cleanUp() }
        let text = Self.manifest.replacingOccurrences(of: "handler: [sh, handler.sh]", with: "handler: [\(Self.missingProgram)]")
        let (turn, _) = try await Self.runSession(fixture, manifestText: text)
        Self.expectFailureTurn(turn, [Self.missingProgram])
    }

    // MARK: - What the handler receives

    /// Writes its input and folder to files, then answers.
    static let recorder = """
    cat > request.json
    pwd > pwd.txt
    echo '{"values":{"count":3}}'
    """

    struct ReceivedRequest: Decodable {
        struct Value: Decodable, Equatable { var id: String; var title: String }
        struct ProfileInfo: Decodable { var id: String; var name: String; var screen: String; var dialog: String }
        var intent: String
        var phase: String
        var parameters: [String: Value?]
        var profile: ProfileInfo
        var locale: String
    }

    @Test("the handler reads the request JSON on stdin and runs in the manifest's folder (direct)")
    func requestDirect() async throws {
        let fixture = try Fixture(script: Self.recorder)
        defer { fixture.cleanUp() }
        let (result, _) = try await Self.runDirect(fixture)
        #expect(result == .values(["count": "3"]))
        let data = try #require(FileManager.default.contents(atPath: fixture.path("request.json")))
        let request = try JSONDecoder().decode(ReceivedRequest.self, from: data)
        #expect(request.intent == "CheckStock")
        #expect(request.phase == "perform")
        #expect(request.parameters["size"] == .some(ReceivedRequest.Value(id: "bowl", title: "Bowl")))
        #expect(request.profile.id == "homepod")
        #expect(request.locale == "en-US")
        let pwd = try #require(fixture.read("pwd.txt")).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(URL(fileURLWithPath: pwd).resolvingSymlinksInPath().path == fixture.resolvedDirectory)
    }

    @Test("in a session the handler gets the intent, phase, parameters, profile and locale, in the manifest's folder")
    func requestSession() async throws {
        let fixture = try Fixture(script: Self.recorder)
        defer { fixture.cleanUp() }
        let (turn, _) = try await Self.runSession(fixture)
        #expect(turn.outcome == .success)
        #expect(turn.reply.text.contains("There are 3 Bowl soups left."), "\(turn.reply.text)")

        let data = try #require(FileManager.default.contents(atPath: fixture.path("request.json")), "the handler got no input")
        let raw = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(raw.keys) == ["intent", "phase", "parameters", "profile", "locale"])
        let request = try JSONDecoder().decode(ReceivedRequest.self, from: data)
        #expect(request.intent == "CheckStock")
        #expect(request.phase == "perform")
        #expect(request.parameters["size"] == .some(ReceivedRequest.Value(id: "bowl", title: "Bowl")))
        // Every parameter is there; one without a value is null.
        #expect(Set(request.parameters.keys) == ["size", "note"])
        #expect(request.parameters["note"] == .some(nil))
        #expect(request.profile.id == "homepod")
        #expect(request.profile.name == "HomePod")
        #expect(request.profile.screen == "none")
        #expect(request.locale == "en-US")
        // What the person said is not in the request.
        #expect(!String(decoding: data, as: UTF8.self).contains(Self.utterance))

        let pwd = try #require(fixture.read("pwd.txt")).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(URL(fileURLWithPath: pwd).resolvingSymlinksInPath().path == fixture.resolvedDirectory)
        #expect(fixture.resolvedDirectory != URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().path)
    }

    @Test("after a failing handler the device answers the next request normally")
    func recoversAfterFailure() async throws {
        let fixture = try Fixture(script: Self.sleeps)
        defer { fixture.cleanUp() }
        let app = try AppManifest(contentsOf: fixture.directory)
        let homepod = try Bundled.profiles().profile("homepod")
        var session = Session(apps: [app], profile: homepod, handlers: HandlerRunner(timeout: .milliseconds(300)))
        let first = await session.respond(to: Self.utterance)
        Self.expectFailureTurn(first, ["did not answer"])
        try Self.values.write(toFile: fixture.path("handler.sh"), atomically: true, encoding: .utf8)
        session.handlers = HandlerRunner(timeout: Self.generous)
        let second = await session.respond(to: Self.utterance)
        #expect(second.outcome == .success, "\(second.error ?? "")")
        #expect(second.reply.text.contains("There are 7 Bowl soups left."), "\(second.reply.text)")
        if let child = await Self.pid(fixture, "child.pid"), Self.isRunning(child) {
            Issue.record("the timed-out handler's child \(child) still runs")
            kill(child, SIGKILL)
        }
    }
}

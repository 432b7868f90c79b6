import EarshotTesting
import Foundation
import Testing

/// `earshot test` from the command line: exit status 0 / 1 / 2 and what it prints.
@Suite("earshot test")
struct TestCommandTests {
    static let suite = """
    apps: [../app]
    profiles: [homepod]
    conversations:
      - name: order from the list
        turns:
          - say: Order soup with Soup Chef
            expect: { intent: OrderSoup, asks: soup, reply: Which soup?* }
          - say: the second one
            expect:
              parameters: { soup: tomato }
              reply: Do you want a bowl?
    """

    /// A folder with the Soup Chef manifest in `app/` and `text` as `tests/t.convo.yaml`.
    static func project(_ text: String) throws -> URL {
        let dir = try temporaryFolder("earshot-cli")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("app"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("tests"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("examples/soupchef/app.yaml"),
                                         to: dir.appendingPathComponent("app/app.yaml"))
        try text.write(to: dir.appendingPathComponent("tests/t.convo.yaml"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test("passing suite: status 0 and the summary line")
    func passes() async throws {
        let dir = try Self.project(Self.suite)
        let run = try await CLIExitTests.run(["test", "tests"], in: dir)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasPrefix("1 case (conversation × device): 1 passed, 0 failed · 2 turns · text · "))
    }

    @Test("a broken expectation: status 1, the transcript with expected against actual")
    func broken() async throws {
        let dir = try Self.project(Self.suite.replacingOccurrences(of: "reply: Do you want a bowl?", with: "reply: Do you want a cup?"))
        let run = try await CLIExitTests.run(["test", "tests", "--junit", "out/junit.xml", "--report", "out/report.html"], in: dir)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasPrefix("FAIL tests/t.convo.yaml › order from the list › homepod\n  you > Order soup with Soup Chef\n"))
        #expect(run.stdout.contains("""
          you > the second one
          HomePod < Do you want a bowl?
                (in-progress, asking size)
          ✗ turn 2, reply at tests/t.convo.yaml:11:11
              expected: Do you want a cup?
              actual:   Do you want a bowl?
        """))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/junit.xml").path))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/report.html").path))
    }

    @Test("a typo'd key, a missing app, a missing recording: status 2, one line naming file and line")
    func badFiles() async throws {
        let cases: [(String, String, String)] = [
            ("expect: { intent: OrderSoup,", "expect: { intnet: OrderSoup,", "tests/t.convo.yaml:7:19: error: unknown key 'intnet'"),
            ("apps: [../app]", "apps: [../ap]", "tests/t.convo.yaml:1:8: error: no app manifest at 'tests/../ap'"),
            ("  - say: the second one", "  - audio: second.wav", "tests/t.convo.yaml:8:9: error: the recording 'tests/second.wav' cannot be used: no such file."),
        ]
        for (from, to, message) in cases {
            let dir = try Self.project(Self.suite.replacingOccurrences(of: from, with: to))
            let run = try await CLIExitTests.run(["test", "tests"], in: dir)
            #expect(run.status == 2, "\(to): \(run.stderr)")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr.hasPrefix("earshot: \(message)"), "\(run.stderr)")
            #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
        }
    }

    @Test("--junit over a file that is not an Earshot report: status 2 and the file kept")
    func keepsFiles() async throws {
        let dir = try Self.project(Self.suite)
        let mine = dir.appendingPathComponent("mine.xml")
        try "mine".write(to: mine, atomically: true, encoding: .utf8)
        let run = try await CLIExitTests.run(["test", "tests", "--junit", "mine.xml"], in: dir)
        #expect(run.status == 2)
        #expect(run.stderr.contains("mine.xml: error: already exists and is not an earlier Earshot report."))
        #expect(try String(contentsOf: mine, encoding: .utf8) == "mine")
        // A script that only mentions Earshot's reports is not one (issue 20's reproducer).
        let script = "#!/bin/sh\n# uploads results of earshot check/ and earshot test\n"
        try script.write(to: dir.appendingPathComponent("upload.sh"), atomically: true, encoding: .utf8)
        let upload = try await CLIExitTests.run(["test", "tests", "--junit", "upload.sh"], in: dir)
        #expect(upload.status == 2)
        #expect(upload.stderr.contains("upload.sh: error: already exists and is not an earlier Earshot report. Fix: Choose another --junit file, or add --force to replace it."), "\(upload.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("upload.sh"), encoding: .utf8) == script)
    }

    @Test("where the reports go is checked before anything runs; one file for both is refused")
    func reportPathsFirst() async throws {
        let dir = try Self.project(Self.suite.replacingOccurrences(of: "reply: Do you want a bowl?", with: "reply: Do you want a cup?"))
        try "mine".write(to: dir.appendingPathComponent("mine.xml"), atomically: true, encoding: .utf8)
        let run = try await CLIExitTests.run(["test", "tests", "--junit", "mine.xml"], in: dir)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty, "nothing ran: \(run.stdout)")
        let same = try await CLIExitTests.run(["test", "tests", "--junit", "out/r", "--report", "out/./r"], in: dir)
        #expect(same.status == 2)
        #expect(same.stderr.contains("--junit and --report name the same file"))
    }

    @Test("--filter with --shard: a slice with nothing in it passes; --json gives one line a case and the totals")
    func shardAndJSON() async throws {
        let dir = try Self.project(Self.suite)
        let empty = try await CLIExitTests.run(["test", "tests", "--filter", "order", "--shard", "2/2"], in: dir)
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout.hasPrefix("0 cases"))
        let json = try await CLIExitTests.run(["test", "tests", "--json"], in: dir)
        let lines = json.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["passed"] as? Bool == true)
        #expect(first["error"] is NSNull)
        #expect((first["turns"] as? [Any])?.count == 2)
        #expect(lines[1].hasPrefix("{\"summary\":"))
    }
}

import Earshot
import EarshotTesting
import Foundation
import Testing

/// `earshot demo`: the bundled conversations through the whole audio loop (spoken, recognised,
/// answered in speech), and the typed path.
///
/// The spoken demo runs through the binary, in a process of its own: its seconds of decoding then do
/// not hold one of the test process's few concurrency threads (the handler tests time their awaits).
@Suite("Demo")
struct DemoTests {
    /// Whether the file at `path` is a WAV with samples: a RIFF/WAVE header and more than the header's 44 bytes.
    static func isNonEmptyWAV(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path), data.count > 44 else { return false }
        return String(decoding: data.prefix(4), as: UTF8.self) == "RIFF"
            && String(decoding: data[8..<12], as: UTF8.self) == "WAVE"
    }

    /// One turn of `earshot demo --json`, the fields the tests read.
    struct TurnJSON: Decodable {
        struct Heard: Decodable { var text: String; var source: String; var confidence: Double? }
        struct Reply: Decodable { var text: String; var audio: String? }
        struct Match: Decodable { var intent: String }
        var heard: Heard
        var reply: Reply
        var match: Match?
        var outcome: String
    }

    static var turnCount: Int { Demo.scripts.reduce(0) { $0 + $1.lines.count } }

    @Test("--reply-dir on a folder that is not empty: status 2, one line, nothing written; with --force, the spoken demo in JSON")
    func spokenJSON() async throws {
        let dir = try temporaryFolder("earshot-demo-test")
        defer { try? FileManager.default.removeItem(at: dir) }
        let mine = dir.appendingPathComponent("notes.txt")
        try "mine".write(to: mine, atomically: true, encoding: .utf8)

        let refused = try await CLIExitTests.run(["demo", "--reply-dir", dir.path], in: dir)
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty, "stdout: \(refused.stdout.prefix(200))")
        #expect(refused.stderr.split(separator: "\n").count == 1, "stderr: \(refused.stderr)")
        #expect(refused.stderr.hasPrefix("earshot: \(dir.path): error: is not empty"), "stderr: \(refused.stderr)")
        #expect(refused.stderr.contains("--force"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["notes.txt"])

        let run = try await CLIExitTests.run(["demo", "--json", "--reply-dir", dir.path, "--force"], in: dir)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stderr.isEmpty, "stderr: \(run.stderr)")
        #expect(try String(contentsOf: mine, encoding: .utf8) == "mine")
        let turns = try run.stdout.split(separator: "\n").map { try JSONDecoder().decode(TurnJSON.self, from: Data($0.utf8)) }
        try #require(turns.count == Self.turnCount, "stdout: \(run.stdout.prefix(400))")

        // The first line, "Order soup with Soup Chef", spoken and heard.
        let first = turns[0]
        #expect(first.heard.source == "audio")
        #expect(first.heard.text == "order soup with soup chef")
        #expect((first.heard.confidence ?? 0) >= 0.4, "confidence \(first.heard.confidence ?? -1)")
        #expect(first.match?.intent == "OrderSoup")

        // Each script ends as its title says.
        var index = 0
        for script in Demo.scripts {
            let played = turns[index..<(index + script.lines.count)]
            index += script.lines.count
            let outcome = played.last?.outcome ?? "-"
            let ended = script.expected.map(\.rawValue).contains(outcome)
            let what = "\(script.title): \(outcome), heard \(played.map(\.heard.text))"
            // HomePod refusing scenario 5's wording: in the person's voice "pull the key points" is heard
            // variously ("all that keep points", "will that he points"); when the words are heard as said
            // it must be refused, and when they are not, the transcript shows what was heard instead.
            if script.lines == ["Pull the key points from my shopping list with Demo"] {
                #expect(outcome == "no-match" || played.last?.heard.text != "pull the key points from my shopping list with demo", "\(what)")
                continue
            }
            // Among them the Watch refusing the spoken paraphrase "Give me a summary of my shopping list with
            // Demo" (its grammar holds only the exact phrases; the paraphrase fits "summarize my shopping
            // list with demo" closely, and request rejection was tightened until it no longer passes).
            #expect(ended, "\(what)")
        }
        #expect(turns[3].reply.text.contains("Your soup will be ready"), "reply: \(turns[3].reply.text)")

        // Every reply is a WAV with samples, in the reply folder.
        for turn in turns {
            let path = try #require(turn.reply.audio)
            #expect(path.hasPrefix(dir.path + "/"), "reply outside the reply folder: \(path)")
            #expect(Self.isNonEmptyWAV(path), "not a WAV with samples: \(path)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == Self.turnCount + 1)
    }

    @Test("earshot demo --reply-dir: the transcript shows what was said, what was heard, and where the replies are")
    func spokenTranscript() async throws {
        let dir = try temporaryFolder("earshot-demo-test")
        defer { try? FileManager.default.removeItem(at: dir) }
        let replies = dir.appendingPathComponent("replies").path
        let result = try await CLIExitTests.run(["demo", "--reply-dir", replies], in: dir)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("  you say > Order soup with Soup Chef\n  heard   > order soup with soup chef (confidence "),
                "stdout: \(result.stdout.prefix(400))")
        #expect(result.stdout.contains("(reply audio: \(replies)/1-homepod-turn-1.wav)"))
        #expect(result.stdout.hasSuffix("The \(Self.turnCount) replies, spoken in each device's voice, are WAV files in \(replies)\n"),
                "stdout ends: \(result.stdout.suffix(300))")
        #expect(Self.isNonEmptyWAV("\(replies)/1-homepod-turn-1.wav"))
    }

    @Test("earshot demo --text: the typed lines, every conversation as its title says, no audio")
    func typed() async throws {
        let dir = try temporaryFolder("earshot-demo-test")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try await CLIExitTests.run(["demo", "--text"], in: dir)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("  you > Order soup with Soup Chef"))
        #expect(!result.stdout.contains("reply audio"))
        #expect(result.stdout.contains("All \(Demo.scripts.count) conversations ended as their titles say."))

        let played = try await Demo.play(.text)
        for p in played {
            let ended = p.endedAsExpected
            #expect(ended, "\(p.script.title): \(p.outcome?.rawValue ?? "-")")
        }
        // A newcomer sees HomePod match a wording nobody wrote down (scenario 2) and refuse one too far
        // from every phrase (scenario 5).
        let flexible = played.filter { $0.script.profile == "homepod" }.flatMap(\.turns).filter { $0.match?.mode.rawValue == "flexible" }
        #expect(flexible.map { $0.match?.intent } == ["SummarizeList"], "\(flexible.map(\.heard.text))")
        let refused = played.first { $0.script.lines == ["Pull the key points from my shopping list with Demo"] }
        #expect(refused?.deviceName == "HomePod" && refused?.outcome?.rawValue == "no-match")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test("the default reply folder is new and empty, under the system's temporary folder")
    func defaultReplyFolder() throws {
        let a = try Demo.replyDirectory(nil, force: false)
        let b = try Demo.replyDirectory(nil, force: false)
        defer { for path in [a, b] { try? FileManager.default.removeItem(atPath: path) } }
        #expect(a != b)
        #expect(URL(fileURLWithPath: a).lastPathComponent.hasPrefix("earshot-demo-"))
        #expect(a.hasPrefix(NSTemporaryDirectory()) || a.hasPrefix(FileManager.default.temporaryDirectory.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: a).isEmpty)
    }
}

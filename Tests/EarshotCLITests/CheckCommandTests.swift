import EarshotTesting
import Foundation
import Testing

/// `earshot check` through the binary: text, JSON, SARIF, --strict, silencing, and the examples.
@Suite("check: the command")
struct CheckCommandTests {
    static let examples = packageRoot.appendingPathComponent("examples")

    /// A manifest with one warning (a short title in title case) and one note-free everything else.
    static let oneWarning = """
    app: Soup Chef
    platforms: [watchOS]
    intents:
      - id: TrackOrder
        title: Track my order
        category: information
        dialog:
          success: Your soup arrives in {minutes} minutes.
        result:
          values: { minutes: 12 }
    shortcuts:
      - intent: TrackOrder
        phrases: ["Track my order with {applicationName}"]
        shortTitle: Track Order
        systemImage: box.truck

    """

    static func write(_ yaml: String, in dir: URL) throws -> String {
        let file = dir.appendingPathComponent("app.yaml")
        try yaml.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test("oversized manifests (issue 20): check, preview and test refuse 10,000 phrases and a 1 MB app name with one line naming the line and the limit, status 2")
    func oversized() async throws {
        let dir = try temporaryFolder("earshot-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let soup = try String(contentsOf: Self.examples.appendingPathComponent("soupchef/app.yaml"), encoding: .utf8)
        let phrases = soup.replacingOccurrences(of: "      - Show the menu in {applicationName}\n",
                                                with: (0..<10_000).map { "      - Show menu \($0) in {applicationName}\n" }.joined())
        let name = soup.replacingOccurrences(of: "app: Soup Chef", with: "app: " + String(repeating: "Soup", count: 250_000))
        for (yaml, message) in [(phrases, "error: more than 1000 trigger phrases; an app has at most 1000, even before expansion."),
                                (name, "app.yaml:2:6: error: 'app' is 1000000 characters long; at most 200.")] {
            let file = try Self.write(yaml, in: dir)
            let test = dir.appendingPathComponent("t.convo.yaml")
            try "apps: [app.yaml]\nconversations:\n  - name: menu\n    turns:\n      - say: Show the menu in Soup Chef\n".write(to: test, atomically: true, encoding: .utf8)
            for arguments in [["check", file], ["preview", file], ["test", test.path]] {
                let result = try await CLIExitTests.run(arguments, in: dir)
                #expect(result.status == 2, "\(arguments[0]): \(result.stderr.prefix(300))")
                #expect(result.stderr.contains(message), "\(arguments[0]): \(result.stderr.prefix(300))")
                #expect(result.stderr.count < 400, "\(arguments[0]): \(result.stderr.count) characters")
            }
        }
    }

    @Test("the shipped examples pass --strict")
    func examplesStrict() async throws {
        let dir = try temporaryFolder("earshot-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let paths = ["soupchef", "demo", "postcard", "traillog"].map { Self.examples.appendingPathComponent($0).path }
        let result = try await CLIExitTests.run(["check", "--strict"] + paths, in: dir)
        #expect(result.status == 0, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
        #expect(result.stdout.split(separator: "\n").filter { $0.hasSuffix("passes --strict.") }.count == 4, "\(result.stdout)")
        #expect(!result.stdout.contains(": warning:") && !result.stdout.contains(": error:"))
        // Two examples silence a rule (Trail Log phrase.length, Soup Chef dialog.follow-ups), with their reasons shown.
        #expect(result.stdout.components(separatedBy: "silenced warning:").count == 3)
    }

    @Test("a warning: printed with its line, caret, fix and guideline; status 0, and 1 with --strict")
    func warning() async throws {
        let dir = try temporaryFolder("earshot-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.write(Self.oneWarning, in: dir)
        let result = try await CLIExitTests.run(["check", file], in: dir)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(file):14:17: warning: the short title of the TrackOrder shortcut, 'Track Order', capitalises “Order”: titles use sentence case. [title.sentence-case]",
                "\(result.stdout)")
        #expect(lines.count >= 5)
        #expect(lines[1] == "  14 |     shortTitle: Track Order")
        #expect(lines[2] == "     |                 ^")
        #expect(lines[3] == "  fix: Write 'Track order': a capital for the first word and for names only.")
        #expect(lines[4].hasPrefix("  guideline: Human Interface Guidelines › Siri › Shortcuts and suggestions › Create shortcut titles and subtitles: “Start titles with a verb"))
        #expect(lines.last?.hasSuffix("0 errors, 1 warning, 0 notes; passes.") == true, "\(lines.last ?? "")")

        let strict = try await CLIExitTests.run(["check", "--strict", file], in: dir)
        #expect(strict.status == 1)
        #expect(strict.stdout.hasSuffix("fails --strict.\n"), "\(strict.stdout)")
    }

    @Test("a silenced rule: shown with its reason, does not fail --strict")
    func silenced() async throws {
        let dir = try temporaryFolder("earshot-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.write(Self.oneWarning + "review:\n  silence:\n    - rule: title.sentence-case\n      reason: Our design system uses title case.\n", in: dir)
        let result = try await CLIExitTests.run(["check", "--strict", file], in: dir)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains(": silenced warning: the short title"))
        #expect(result.stdout.contains("  silenced: Our design system uses title case."))
        #expect(result.stdout.contains("0 errors, 0 warnings, 0 notes (1 silenced); passes --strict."))

        // A silence without a reason does not load.
        let bare = try Self.write(Self.oneWarning + "review:\n  silence:\n    - rule: title.sentence-case\n", in: dir)
        let refused = try await CLIExitTests.run(["check", bare], in: dir)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("a silenced rule has no 'reason'"), "\(refused.stderr)")
    }

    @Test("--json: one object per manifest with each diagnostic's rule, place, fix and guideline")
    func json() async throws {
        let dir = try temporaryFolder("earshot-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.write(Self.oneWarning, in: dir)
        let result = try await CLIExitTests.run(["check", "--json", "--strict", file], in: dir)
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == false)
        #expect((object["counts"] as? [String: Int])?["warning"] == 1)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        let first = try #require(diagnostics.first)
        #expect(first["rule"] as? String == "title.sentence-case")
        #expect(first["severity"] as? String == "warning")
        #expect(first["line"] as? Int == 14 && first["column"] as? Int == 17)
        #expect((first["guideline"] as? [String: Any])?["source"] as? String == "shortcutsAndSuggestions")
    }

    @Test("--sarif: written beside the text report, valid SARIF 2.1.0; a file of the user's is kept without --force")
    func sarif() async throws {
        let dir = try temporaryFolder("earshot-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.write(Self.oneWarning, in: dir)
        let log = dir.appendingPathComponent("check.sarif")
        let result = try await CLIExitTests.run(["check", "--sarif", log.path, file], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: log)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 1 && results.first?["ruleId"] as? String == "title.sentence-case")
        let validation = try await SARIFValidation.validate(log)
        #expect(validation.status == 0, "\(validation.output)")

        // Run again: an earlier log of ours is replaced. A file of the user's is not.
        let again = try await CLIExitTests.run(["check", "--sarif", log.path, file], in: dir)
        #expect(again.status == 0, "\(again.stderr)")
        let mine = dir.appendingPathComponent("mine.sarif")
        try Data("my notes".utf8).write(to: mine)
        let refused = try await CLIExitTests.run(["check", "--sarif", mine.path, file], in: dir)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("already exists and is not an earlier Earshot report"), "\(refused.stderr)")
        #expect(try Data(contentsOf: mine) == Data("my notes".utf8))
    }

    @Test("--rules lists every rule with its severity")
    func rules() async throws {
        let dir = try temporaryFolder("earshot-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try await CLIExitTests.run(["check", "--rules"], in: dir)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count >= 40)
        #expect(lines.contains { $0.hasPrefix("phrase.hey-siri ") && $0.contains(" error ") })
        #expect(lines.contains { $0.hasPrefix("phrase.acoustic-confusion ") && $0.hasSuffix("(acoustic)") })
    }

    @Test("--acoustic with a voice espeak-ng does not have: status 2, one line naming it")
    func unknownVoice() async throws {
        let dir = try temporaryFolder("earshot-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.write(Self.oneWarning, in: dir)
        let result = try await CLIExitTests.run(["check", "--acoustic", "--voices", "en-us,xx-nope", file], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("xx-nope"), "\(result.stderr)")
    }
}

/// Runs scripts/validate_sarif.py (Python's jsonschema) against the OASIS SARIF 2.1.0 schema vendored
/// in Tests/EarshotReviewTests/Fixtures.
enum SARIFValidation {
    static func validate(_ log: URL) async throws -> (status: Int32, output: String) {
        try validateSARIF(log)
    }
}

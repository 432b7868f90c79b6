import EarshotReview
import EarshotTesting
import Foundation
import Testing

/// The SARIF log validates against the OASIS SARIF 2.1.0 schema (vendored in Fixtures), checked by
/// Python's jsonschema through scripts/validate_sarif.py; a log broken on purpose does not.
@Suite("check: SARIF 2.1.0")
struct SARIFTests {
    static func validate(_ text: String) throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-\(UUID().uuidString).sarif")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        return try validateSARIF(file)
    }

    /// Problems of every kind: errors, warnings, a silenced one, a path with a space; and a manifest that does not load.
    static func reviews() async -> [ManifestReview] {
        let broken = ReviewFixtures.clean
            .replacingOccurrences(of: "      - Order soup with", with: "      - Hey Siri order soup with")
            .replacingOccurrences(of: "    title: Order soup\n", with: "    title: Order Soup\n")
            + "review:\n  silence:\n    - { rule: title.sentence-case, reason: \"House style.\" }\n"
        let reviewer = ReviewFixtures.manifestOnly()
        return [
            await reviewer.review(yaml: broken, path: "apps/soup chef/app.yaml"),
            await reviewer.review(yaml: ReviewFixtures.clean, path: "/tmp/clean/app.yaml"),
            await reviewer.review(yaml: "app: [", path: "apps/broken/app.yaml"),
        ]
    }

    @Test("a log with errors, warnings, a silenced result and a manifest that did not load validates")
    func valid() async throws {
        let log = SARIFLog.render(await Self.reviews(), base: "/work/project")
        let result = try Self.validate(log)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output == "valid\n")

        let object = try #require(try JSONSerialization.jsonObject(with: Data(log.utf8)) as? [String: Any])
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.count == Rule.all.count)
        let results = try #require(run["results"] as? [[String: Any]])
        let heySiri = try #require(results.first { $0["ruleId"] as? String == "phrase.hey-siri" })
        #expect(heySiri["level"] as? String == "error")
        #expect(rules[heySiri["ruleIndex"] as? Int ?? -1]["id"] as? String == "phrase.hey-siri")
        let location = try #require(((heySiri["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "apps/soup%20chef/app.yaml")
        #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 56)
        let silenced = try #require(results.first { $0["ruleId"] as? String == "title.sentence-case" })
        #expect((silenced["suppressions"] as? [[String: Any]])?.first?["justification"] as? String == "House style.")
        let notifications = ((run["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [[String: Any]]) ?? []
        #expect(notifications.contains { $0["level"] as? String == "error" })
    }

    @Test("the validator is not a rubber stamp: a result with a made-up level and line 0 fails")
    func invalid() async throws {
        let log = SARIFLog.render(await Self.reviews(), base: "/work/project")
            .replacingOccurrences(of: "\"level\" : \"error\"", with: "\"level\" : \"severe\"")
            .replacingOccurrences(of: "\"startLine\" : 56", with: "\"startLine\" : 0")
        let result = try Self.validate(log)
        #expect(result.status == 1)
        #expect(result.output.contains("'severe' is not one of"), "\(result.output)")
        #expect(result.output.contains("0 is less than the minimum of 1"), "\(result.output)")
    }
}

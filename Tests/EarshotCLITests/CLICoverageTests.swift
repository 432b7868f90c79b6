import EarshotTesting
import Foundation
import Testing

/// `earshot test --coverage`, `--coverage-json`, `--min-coverage` and `--merge-coverage` as a user runs them.
@Suite("earshot test --coverage")
struct CLICoverageTests {
    /// A suite that says one of Soup Chef's seven phrases (14.3%).
    static func suite(in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("menu.convo.yaml").path
        try """
        apps: [\(packageRoot.appendingPathComponent("examples/soupchef").path)]
        profiles: [homepod]
        conversations:
          - name: menu
            turns:
              - say: Show the menu in Soup Chef
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("--min-coverage fails the run (status 1) below the phrases' threshold, passes above it")
    func minCoverage() async throws {
        let dir = try temporaryFolder("earshot-cli")
        let test = try Self.suite(in: dir)
        let below = try await CLIExitTests.run(["test", test, "--min-coverage", "50"], in: dir)
        #expect(below.status == 1, "stderr: \(below.stderr)")
        #expect(below.stderr.contains("phrases covered 14.3% is below --min-coverage 50%"))
        let above = try await CLIExitTests.run(["test", test, "--min-coverage", "10", "--coverage"], in: dir)
        #expect(above.status == 0, "stderr: \(above.stderr)")
        #expect(above.stdout.contains("phrases over all apps: 1/7 (14.3%)"))
    }

    @Test("--coverage-json never replaces a file that is not Earshot's; its own file is replaced and merges")
    func coverageJSON() async throws {
        let dir = try temporaryFolder("earshot-cli")
        let test = try Self.suite(in: dir)
        let notes = dir.appendingPathComponent("notes.json").path
        try "my notes\n".write(toFile: notes, atomically: true, encoding: .utf8)
        let refused = try await CLIExitTests.run(["test", test, "--coverage-json", notes], in: dir)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("notes.json"))
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my notes\n")

        let shard = dir.appendingPathComponent("shard.json").path
        for _ in 0..<2 {
            let written = try await CLIExitTests.run(["test", test, "--coverage-json", shard], in: dir)
            #expect(written.status == 0, "stderr: \(written.stderr)")
        }
        let merged = try await CLIExitTests.run(["test", "--merge-coverage", shard, shard, "--min-coverage", "10"], in: dir)
        #expect(merged.status == 0, "stderr: \(merged.stderr)")
        #expect(merged.stdout.contains("never said: OrderSoup “Order soup with {applicationName}”"))
        let wrong = try await CLIExitTests.run(["test", "--merge-coverage", notes], in: dir)
        #expect(wrong.status == 2)
    }
}

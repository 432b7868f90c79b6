import Earshot
import EarshotModel
import EarshotTesting
import Foundation
import Testing
@testable import EarshotSuite

/// What `earshot test --coverage` reports: what the conversations said and heard of each app, and what they never did.
@Suite("Coverage of a run")
struct CoverageTests {
    /// Runs one test file's text and works out its coverage.
    static func coverage(_ text: String) async throws -> Coverage {
        let suite = try TestSuite.load(paths: [try writeTestFile(text)])
        let result = try await TestRunner(suite: suite).run(try suite.cases())
        #expect(result.passed, "\(ConsoleReport.render(result))")
        return Coverage(suite: suite, result: result)
    }

    static func item(_ items: [Coverage.Item], _ intent: String?, _ name: String) throws -> Coverage.Item {
        try #require(items.first { $0.intent == intent && $0.name == name }, "no item \(intent ?? "") \(name)")
    }

    static let orderByName = """
    apps: [$ROOT/examples/soupchef]
    profiles: [homepod]
    conversations:
      - name: order clam chowder
        turns:
          - say: Order soup with Soup Chef
            expect: { asks: soup }
          - say: clam chowder
            expect: { asks: size }
    """

    @Test("a phrase the suite never says shows as uncovered, first among the app's least-covered figures; what it said is covered")
    func uncoveredPhrase() async throws {
        let coverage = try await Self.coverage(Self.orderByName)
        let app = try #require(coverage.apps.first { $0.app == "Soup Chef" })
        #expect(try Self.item(app.phrases, "OrderSoup", "Order soup with {applicationName}").count == 1)
        #expect(try Self.item(app.phrases, "OrderSoup", "Order soup with {applicationName}").via == ["homepod"])
        #expect(try Self.item(app.phrases, "TrackOrder", "Track my order with {applicationName}").covered == false)
        #expect(Coverage.ratio(app.phrases).covered == 1)
        #expect(Coverage.ratio(app.phrases).total == 7)
        // The value answered by name, the question asked, the default question heard; the sold-out error never.
        #expect(try Self.item(app.values, nil, "Soup.clam-chowder").via == ["answer"])
        #expect(try Self.item(app.values, nil, "Soup.tomato").covered == false)
        #expect(try Self.item(app.lines, "OrderSoup", "prompt soup").covered)
        #expect(try Self.item(app.lines, "OrderSoup", "default question size").covered)
        #expect(try Self.item(app.lines, "OrderSoup", "prompt size").covered == false)
        #expect(try Self.item(app.lines, "OrderSoup", "error soldOut").covered == false)
        #expect(try Self.item(app.negativePhrases, nil, "Send {applicationName} soup recipe to my friend").covered == false)
        #expect(try Self.item(app.devices, "OrderSoup", "homepod").covered)
        #expect(app.outcomes.isEmpty, "the conversation never ended")

        let summary = coverage.consoleSummary()
        #expect(summary.contains("never said: TrackOrder “Track my order with {applicationName}”"))
        #expect(summary.contains("phrases: 1/7 (14.3%)"))
        #expect(summary.hasSuffix("phrases over all apps: 1/7 (14.3%)"))
        // Least covered first: negative phrases (0%) come before devices.
        let lines = summary.split(separator: "\n").map(String.init)
        let negatives = try #require(lines.firstIndex { $0.contains("negative phrases: 0/1") })
        let devices = try #require(lines.firstIndex { $0.contains("devices: ") })
        #expect(negatives < devices)
    }

    @Test("a line heard by its words: the app's error when the soup is sold out, the outcome reached; a negative phrase tried")
    func linesAndOutcomes() async throws {
        let coverage = try await Self.coverage("""
        apps: [$ROOT/examples/soupchef]
        profiles: [homepod]
        conversations:
          - name: sold out
            turns:
              - say: Order Chicken Noodle Soup with Soup Chef
                expect: { asks: size }
              - say: yes
                expect: { asks: confirmation }
              - say: yes
                expect: { outcome: error }
          - name: not for us
            turns:
              - say: Send Soup Chef soup recipe to my friend
                expect: { outcome: no-match }
        """)
        let app = try #require(coverage.apps.first)
        #expect(try Self.item(app.values, nil, "Soup.chicken-noodle").via == ["phrase"])
        #expect(try Self.item(app.lines, "OrderSoup", "confirmation").covered)
        #expect(try Self.item(app.lines, "OrderSoup", "error soldOut").covered)
        #expect(try Self.item(app.lines, "OrderSoup", "error notFound").covered == false)
        #expect(try Self.item(app.lines, "OrderSoup", "success").covered == false)
        #expect(try Self.item(app.negativePhrases, nil, "Send {applicationName} soup recipe to my friend").covered)
        #expect(app.outcomes.first { $0.intent == "OrderSoup" }?.reached == ["error"])
    }

    @Test("the HTML report has a coverage table per app: each figure's share and what it never reached")
    func htmlSection() async throws {
        let suite = try TestSuite.load(paths: [try writeTestFile(Self.orderByName)])
        let result = try await TestRunner(suite: suite).run(try suite.cases())
        let page = HTMLReport.render(result, coverage: Coverage(suite: suite, result: result))
        #expect(page.contains("<h2>Coverage</h2>\n<h3>Soup Chef</h3>"))
        #expect(page.contains("<tr><th>phrases</th><td class=\"miss\">1/7 (14.3%)</td>"))
        #expect(page.contains("TrackOrder Track my order with {applicationName}"))
        #expect(!HTMLReport.render(result).contains("<h2>Coverage</h2>"))
    }

    @Test("two shards' JSON files merge into the union of what each covered")
    func mergeShards() async throws {
        let first = try await Self.coverage(Self.orderByName)
        let second = try await Self.coverage("""
        apps: [$ROOT/examples/soupchef]
        profiles: [watch]
        conversations:
          - name: menu
            turns:
              - say: Show the menu in Soup Chef
        """)
        // Through the files `--coverage-json` writes.
        let folder = try temporaryFolder()
        var shards: [Coverage] = []
        for (index, coverage) in [first, second].enumerated() {
            let path = folder.appendingPathComponent("shard\(index).json").path
            try ReportFile.write(coverage.json(), to: path, option: "--coverage-json", force: false)
            shards.append(try Coverage.load(path))
        }
        let merged = Coverage.merged(shards)
        let app = try #require(merged.apps.first)
        #expect(merged.apps.count == 1)
        #expect(try Self.item(app.phrases, "OrderSoup", "Order soup with {applicationName}").covered)
        #expect(try Self.item(app.phrases, "OpenMenu", "Show the menu in {applicationName}").covered)
        #expect(Coverage.ratio(app.phrases).covered == 2)
        #expect(Coverage.ratio(app.phrases).total == 7)
        #expect(try Self.item(app.devices, "OrderSoup", "homepod").covered)
        #expect(try Self.item(app.devices, "OpenMenu", "watch").covered)
        #expect(try Self.item(app.devices, "OpenMenu", "homepod").covered == false)
        #expect(app.outcomes.first { $0.intent == "OpenMenu" }?.reached.isEmpty == false)
        #expect(merged.phrasePercent < 30)
    }

    @Test("a file that is not a coverage file is refused in one line naming it")
    func notCoverage() throws {
        let path = try temporaryFolder().appendingPathComponent("notes.json").path
        try #"{"hello": 1}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let error = try #require(throws: LoadError.self) { try Coverage.load(path) }
        #expect(error.description.contains("notes.json"))
        #expect(error.description.contains("not an Earshot coverage file"))
    }
}

import EarshotModel
import Foundation
import Testing

/// The manifest keys `earshot check` reads: quick actions, silenced rules, parameter summary variants;
/// and the limit rules, all of which a review gets while loading refuses the first.
@Suite("Manifest: review keys")
struct ManifestReviewKeysTests {
    static let base = """
    app: Soup Chef
    enums:
      Fulfillment:
        cases:
          - { id: pickup, title: Pickup }
          - { id: delivery, title: Delivery }
    entities:
      Address:
        suggested:
          - { id: home, title: Home }
    intents:
      - id: OrderSoup
        title: Order soup
        summary:
          - text: Order soup for {fulfillment}
          - when: { fulfillment: delivery }
            text: Order soup for {fulfillment} to {address}
        parameters:
          - { id: fulfillment, type: Fulfillment, default: pickup }
          - { id: address, type: Address, when: { fulfillment: delivery } }
    shortcuts:
      - { intent: OrderSoup, phrases: ["Order soup with {applicationName}"] }
    quickActions:
      - { title: Order soup, subtitle: Your usual, icon: cart, intent: OrderSoup }
    review:
      silence:
        - { rule: phrase.length, reason: Long names. }

    """

    func error(_ yaml: String) -> LoadError? {
        do {
            _ = try AppManifest(yaml: yaml, path: "app.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test("quick actions, silences and summary variants load, each with where it was written")
    func loads() throws {
        let manifest = try AppManifest(yaml: Self.base, path: "app.yaml")
        let action = try #require(manifest.quickActions.first)
        #expect(action.title == "Order soup" && action.subtitle == "Your usual" && action.icon == "cart" && action.intent == "OrderSoup")
        #expect(action.location(of: "icon").line == 24)
        #expect(manifest.silenced.map(\.rule) == ["phrase.length"] && manifest.silenced.first?.reason == "Long names.")
        let intent = try #require(manifest.intent("OrderSoup"))
        #expect(intent.summary == "Order soup for {fulfillment}")
        #expect(intent.summary(for: ["fulfillment": "delivery"]) == "Order soup for {fulfillment} to {address}")
        #expect(intent.summary(for: ["fulfillment": "pickup"]) == "Order soup for {fulfillment}")
        #expect(intent.location(of: "title").line == 13 && intent.location(of: "title").column == 12)
    }

    @Test("mistakes in them are load errors at their line, with the fix")
    func errors() throws {
        let unknownIntent = try #require(error(Self.base.replacingOccurrences(of: "intent: OrderSoup }\nreview", with: "intent: OrderSoop }\nreview")))
        #expect(unknownIntent.location.line == 24 && unknownIntent.message.contains("'OrderSoop' is not declared"))
        #expect(unknownIntent.fix?.contains("Did you mean 'OrderSoup'?") == true)

        let noReason = try #require(error(Self.base.replacingOccurrences(of: ", reason: Long names. }", with: " }")))
        #expect(noReason.message.contains("a silenced rule has no 'reason'") && noReason.location.line == 27)

        let placeholder = try #require(error(Self.base.replacingOccurrences(of: "to {address}", with: "to {adress}")))
        #expect(placeholder.message.contains("uses '{adress}', which is not a parameter") && placeholder.fix?.contains("{address}") == true)
        #expect(placeholder.location.line == 17)

        let twoOtherwise = try #require(error(Self.base.replacingOccurrences(of: "      - when: { fulfillment: delivery }\n        text:", with: "      - text:")))
        #expect(twoOtherwise.message.contains("two summaries without 'when'"))

        let badWhen = try #require(error(Self.base.replacingOccurrences(of: "- when: { fulfillment: delivery }", with: "- when: { fulfillment: drone }")))
        #expect(badWhen.message.contains("'drone', which is not a value of Fulfillment"))
    }

    @Test("limit rules: loading refuses the first; a review gets every one")
    func limits() throws {
        let shortcuts = (0..<11).map { "  - { intent: OrderSoup, phrases: [\"Order soup \($0) with {applicationName}\"] }\n" }.joined()
            + "  - { intent: OrderSoup, phrases: [\"Order soup now\", \"Get soup\"] }\n"
        let manifestText = Self.base.replacingOccurrences(of: "  - { intent: OrderSoup, phrases: [\"Order soup with {applicationName}\"] }\n", with: shortcuts)
        let first = try #require(error(manifestText))
        #expect(first.message.contains("12 App Shortcuts; an app has at most 10"))
        let (manifest, violations) = try AppManifest.reviewing(yaml: manifestText, path: "app.yaml")
        #expect(manifest.shortcuts.count == 12)
        #expect(violations.map(\.kind) == [.shortcutCount, .applicationName, .applicationName])
        #expect(violations.dropFirst().allSatisfy { $0.error.location.line == violations[1].error.location.line })
    }

    @Test("relevance windows: times of day, one may run past midnight; a time that is none is a load error at its line")
    func relevance() throws {
        let yaml = Self.base.replacingOccurrences(of: "  - { intent: OrderSoup, phrases: [\"Order soup with {applicationName}\"] }",
                                                  with: "  - intent: OrderSoup\n    phrases: [\"Order soup with {applicationName}\"]\n    relevance:\n      - { from: \"11:00\", to: \"14:00\" }\n      - { from: \"22:30\", to: \"01:00\" }")
        let shortcut = try #require(try AppManifest(yaml: yaml, path: "app.yaml").shortcuts.first)
        #expect(shortcut.relevance == [TimeWindow(from: 660, to: 840), TimeWindow(from: 1350, to: 60)])
        #expect(shortcut.relevance[0].contains(minute: 700) && !shortcut.relevance[0].contains(minute: 840))
        #expect(shortcut.relevance[1].contains(minute: 1400) && shortcut.relevance[1].contains(minute: 30) && !shortcut.relevance[1].contains(minute: 600))
        let broken = yaml.replacingOccurrences(of: "\"14:00\"", with: "\"2pm\"")
        let line = (broken.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("2pm") } ?? -1) + 1
        let bad = try #require(error(broken))
        #expect(bad.message.contains("'2pm' is not a time of day") && bad.location.line == line, "\(bad)")
    }
}

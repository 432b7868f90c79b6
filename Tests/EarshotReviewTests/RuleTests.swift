import EarshotModel
import EarshotReview
import Foundation
import Testing

/// Every rule that reads the manifest alone: the clean manifest passes it; one change makes it fire,
/// pointing at the line that holds the problem; where a near miss is easy to write, it does not fire.
@Suite("check: each rule")
struct RuleTests {
    struct Case: Sendable, CustomStringConvertible {
        var rule: String
        /// The manifest that breaks the rule.
        var yaml: String
        /// Text on the line the finding points at.
        var line: String
        /// A manifest close to breaking it that does not.
        var nearMiss: String?

        var description: String { rule }
    }

    static func replace(_ old: String, _ new: String) -> String { ReviewFixtures.clean(replacing: old, with: new) }

    /// Extra shortcuts for TrackOrder, `count` of them, with phrases of their own.
    static func extraShortcuts(_ count: Int) -> String {
        let words = ["parcel", "delivery", "courier", "rider", "van", "bike", "driver", "package", "box", "bag", "crate"]
        return (0..<count).map { "  - { intent: TrackOrder, phrases: [\"Find my \(words[$0]) with {applicationName}\"], shortTitle: Find \(words[$0]), systemImage: box.truck }\n" }.joined()
    }

    /// An intent whose one phrase expands to `a` × `b` trigger phrases.
    static func product(_ a: Int, _ b: Int) -> String {
        let first = (0..<a).map { "      - { id: a\($0), title: A\($0) }" }.joined(separator: "\n")
        let second = (0..<b).map { "      - { id: b\($0), title: B\($0) }" }.joined(separator: "\n")
        return ReviewFixtures.clean
            .replacingOccurrences(of: "enums:\n", with: "enums:\n  First:\n    title: First\n    cases:\n\(first)\n  Second:\n    title: Second\n    cases:\n\(second)\n")
            .replacingOccurrences(of: "intents:\n", with: """
            intents:
              - id: Build
                title: Build a pair
                category: create
                summary: Build {first} {second}
                parameters:
                  - { id: first, title: First, type: First, optional: true }
                  - { id: second, title: Second, type: Second, optional: true }

            """)
            .replacingOccurrences(of: "shortcuts:\n", with: "shortcuts:\n  - { intent: Build, phrases: [\"Build {first} {second} with {applicationName}\", \"Build a pair with {applicationName}\"], shortTitle: Build a pair, systemImage: hammer }\n")
    }

    static let silence = "review:\n  silence:\n"

    static let cases: [Case] = [
        Case(rule: "limits.shortcuts", yaml: replace("negativePhrases:", extraShortcuts(9) + "negativePhrases:"),
             line: "Find box", nearMiss: replace("negativePhrases:", extraShortcuts(8) + "negativePhrases:")),
        Case(rule: "limits.expansions", yaml: product(40, 30), line: "Build {first} {second}", nearMiss: product(25, 30)),
        Case(rule: "limits.expansions-near", yaml: product(28, 30), line: "Build {first} {second}", nearMiss: product(25, 30)),
        Case(rule: "phrase.app-name", yaml: replace("      - Order {soup} with", "      - Order soup now\n      - Order {soup} with"),
             line: "Order soup now", nearMiss: replace("      - Order {soup} with", "      - Order soup now with {applicationName}\n      - Order {soup} with")),
        Case(rule: "phrase.open-parameter",
             yaml: replace("    summary: Track my order\n", "    summary: Track my order {note}\n    parameters:\n      - { id: note, title: Note, type: string, optional: true }\n")
                .replacingOccurrences(of: "      - Track my order with", with: "      - Track {note} with {applicationName}\n      - Track my order with"),
             line: "Track {note} with"),
        Case(rule: "phrase.one-parameter", yaml: product(2, 2), line: "Build {first} {second}",
             nearMiss: product(2, 2).replacingOccurrences(of: "Build {first} {second} with", with: "Build {first} with")),
        Case(rule: "phrase.hey-siri", yaml: replace("      - Order soup with", "      - Hey Siri order soup with"), line: "Hey Siri order soup"),
        Case(rule: "phrase.core-command", yaml: replace("      - Order soup with", "      - Set a timer with"), line: "Set a timer",
             nearMiss: replace("      - Order soup with", "      - Set a soup timer with")),
        Case(rule: "phrase.core-command", yaml: replace("      - Order soup with", "      - Call nine one one with"), line: "Call nine one one",
             nearMiss: replace("      - Order soup with", "      - Call the chef with")),
        Case(rule: "phrase.core-command", yaml: replace("      - Order soup with {applicationName}", "      - Cancel {applicationName}"), line: "Cancel {applicationName}",
             nearMiss: replace("      - Order soup with {applicationName}", "      - Cancel my soup with {applicationName}")),
        Case(rule: "phrase.length", yaml: replace("      - Order soup with", "      - Order some nice hot soup for me now with"),
             line: "Order some nice hot soup for me now", nearMiss: replace("      - Order soup with", "      - Order some hot soup with")),
        Case(rule: "phrase.literal-value", yaml: replace("      - Order soup with", "      - Order a large clam chowder with"),
             line: "Order a large clam chowder", nearMiss: replace("      - Order soup with", "      - Order a big soup with")),
        Case(rule: "phrase.same-expansion", yaml: replace("      - Track my order with {applicationName}", "      - Track my order with {applicationName}\n      - Order soup with {applicationName}"),
             line: "      - Order soup with {applicationName}"),
        Case(rule: "phrase.duplicate", yaml: replace("      - Order {soup} with", "      - Order Soup with {applicationName}\n      - Order {soup} with"),
             line: "Order Soup with"),
        Case(rule: "phrase.entity-required", yaml: replace("      - Order soup with {applicationName}\n", ""), line: "Order {soup} with"),
        Case(rule: "negative.equals-phrase", yaml: replace("  - Send {applicationName} soup recipe to my friend", "  - Track my order with {applicationName}"),
             line: "  - Track my order with"),
        Case(rule: "title.verb", yaml: replace("    title: Order soup\n", "    title: Soup order\n"), line: "title: Soup order"),
        Case(rule: "title.sentence-case", yaml: replace("    title: Order soup\n", "    title: Order Soup\n"), line: "title: Order Soup",
             nearMiss: replace("    title: Order soup\n", "    title: Order Clam Chowder\n")),
        Case(rule: "title.punctuation", yaml: replace("    shortTitle: Order soup\n", "    shortTitle: Order soup!\n"), line: "shortTitle: Order soup!"),
        Case(rule: "title.app-name", yaml: replace("    title: Order soup\n", "    title: Order soup from Soup Chef\n"), line: "Order soup from Soup Chef",
             nearMiss: replace("    title: Order soup\n", "    title: Order soup from the chef\n")),
        Case(rule: "shortcut.short-title", yaml: replace("    shortTitle: Track order\n", ""), line: "- intent: TrackOrder"),
        Case(rule: "shortcut.system-image", yaml: replace("    systemImage: box.truck\n", ""), line: "- intent: TrackOrder"),
        Case(rule: "shortcut.system-image-name", yaml: replace("systemImage: box.truck", "systemImage: Box Truck"), line: "systemImage: Box Truck"),
        Case(rule: "summary.missing", yaml: replace("""
                summary:
                  - text: Order {size} {soup} for {fulfillment}
                  - when: { fulfillment: delivery }
                    text: Order {size} {soup} for {fulfillment} to {address}

            """, ""), line: "title: Order soup"),
        Case(rule: "summary.required", yaml: replace("- text: Order {size} {soup} for {fulfillment}", "- text: Order {size} for {fulfillment}"),
             line: "- text: Order {size} for {fulfillment}"),
        Case(rule: "summary.verb", yaml: replace("summary: Track my order", "summary: See my order"), line: "summary: See my order"),
        Case(rule: "summary.punctuation", yaml: replace("- text: Order {size} {soup} for {fulfillment}", "- text: Order {size} {soup} (for {fulfillment})"),
             line: "(for {fulfillment})"),
        Case(rule: "summary.variants", yaml: replace("""
                summary:
                  - text: Order {size} {soup} for {fulfillment}
                  - when: { fulfillment: delivery }
                    text: Order {size} {soup} for {fulfillment} to {address}
            """, "    summary: Order {size} {soup} for {fulfillment}"), line: "summary: Order {size} {soup} for {fulfillment}"),
        Case(rule: "summary.variant-order", yaml: replace("text: Order {size} {soup} for {fulfillment} to {address}", "text: Order {soup} {size} for {fulfillment} to {address}"),
             line: "text: Order {soup} {size} for"),
        Case(rule: "dialog.app-name", yaml: replace("success: Your soup will be ready", "success: Soup Chef says your soup will be ready"),
             line: "Soup Chef says", nearMiss: replace("success: Your soup will be ready", "success: Your soup chef says your soup will be ready")),
        Case(rule: "dialog.screen-words", yaml: replace("success: Your soup will be ready in {minutes} minutes.", "success: Tap below to see your soup."),
             line: "Tap below", nearMiss: replace("successSupporting: Ready in {minutes} minutes.", "successSupporting: Tap to see your soup.")),
        Case(rule: "dialog.vague-prompt", yaml: replace("prompt: Which soup?", "prompt: Which one?"), line: "prompt: Which one?"),
        Case(rule: "dialog.gendered-pronoun", yaml: replace("success: Your soup will be ready", "success: The chef says he will have your soup ready"),
             line: "he will have", nearMiss: replace("success: Your soup will be ready", "success: The chef says the soup will be ready")),
        Case(rule: "dialog.advertising", yaml: replace("success: Your soup will be ready in {minutes} minutes.", "success: Ready in {minutes} minutes. Upgrade to premium for faster soup."),
             line: "Upgrade to premium"),
        Case(rule: "dialog.impersonates-siri", yaml: replace("success: Your soup will be ready", "success: Siri here, your soup will be ready"), line: "Siri here"),
        Case(rule: "dialog.device-specific", yaml: replace("success: Your soup will be ready", "success: Check your iPhone, your soup will be ready"),
             line: "Check your iPhone"),
        Case(rule: "dialog.follow-ups", yaml: replace("type: Fulfillment, default: pickup }", "type: Fulfillment }"), line: "- Order soup with"),
        Case(rule: "dialog.confirm-twice", yaml: replace("confirmation: Your {soup} comes to {total}.", "confirmation: Your {soup} comes to {total}. Is that right?"),
             line: "Is that right?"),
        Case(rule: "dialog.order-confirmation", yaml: replace("confirmation: Your {soup} comes to {total}.", "confirmation: Thanks for your order."),
             line: "confirmation: Thanks for your order."),
        Case(rule: "category.information", yaml: replace("    title: Track my order\n    category: information", "    title: Show my order\n    category: generic"),
             line: "category: generic"),
        Case(rule: "quick-action.missing", yaml: replace("quickActions:\n  - { title: Order soup, icon: takeoutbag.and.cup.and.straw, intent: OrderSoup }\n", ""),
             line: "app: Soup Chef", nearMiss: replace("quickActions:\n  - { title: Order soup, icon: takeoutbag.and.cup.and.straw, intent: OrderSoup }\n", "")
                .replacingOccurrences(of: "platforms: [iOS, watchOS]", with: "platforms: [watchOS]")),
        Case(rule: "quick-action.count", yaml: ReviewFixtures.clean + (1...4).map { "  - { title: Action \($0), icon: star }\n" }.joined(),
             line: "Action 4"),
        Case(rule: "quick-action.app-name", yaml: replace("{ title: Order soup, icon:", "{ title: Soup Chef order, icon:"), line: "Soup Chef order"),
        Case(rule: "quick-action.length", yaml: replace("{ title: Order soup, icon:", "{ title: Order a steaming hot bowl of soup, icon:"), line: "steaming hot"),
        Case(rule: "quick-action.emoji", yaml: replace("icon: takeoutbag.and.cup.and.straw, intent: OrderSoup", "icon: 🍲, intent: OrderSoup"), line: "🍲"),
        Case(rule: "quick-action.icon", yaml: replace("icon: takeoutbag.and.cup.and.straw, intent: OrderSoup", "intent: OrderSoup"), line: "{ title: Order soup",
             nearMiss: replace("icon: takeoutbag.and.cup.and.straw, intent: OrderSoup", "icon: compose, intent: OrderSoup")),
        Case(rule: "review.unknown-rule", yaml: ReviewFixtures.clean + silence + "    - { rule: phrase.lenght, reason: They are long. }\n", line: "phrase.lenght"),
        Case(rule: "review.unused-silence", yaml: ReviewFixtures.clean + silence + "    - { rule: phrase.length, reason: They are long. }\n", line: "rule: phrase.length"),
    ]

    @Test("the clean manifest passes every rule that reads the manifest alone")
    func clean() async {
        let review = await ReviewFixtures.review(ReviewFixtures.clean)
        #expect(review.loadError == nil, "\(review.loadError.map(String.init(describing:)) ?? "")")
        #expect(review.diagnostics.isEmpty, "\(review.diagnostics.map { "\($0.location) \($0.rule): \($0.message)" })")
    }

    @Test("a manifest that breaks the rule: found, on the line that holds the problem", arguments: cases)
    func triggers(_ testCase: Case) async throws {
        let review = await ReviewFixtures.review(testCase.yaml)
        #expect(review.loadError == nil, "\(review.loadError.map(String.init(describing:)) ?? "")")
        let found = review.diagnostics.filter { $0.rule == testCase.rule }
        let hit = try #require(found.first, "\(testCase.rule) not found; found: \(review.diagnostics.map { "\($0.rule) \($0.message)" })")
        #expect(hit.sourceLine?.contains(testCase.line) == true, "points at: \(hit.location) '\(hit.sourceLine ?? "")'; message: \(hit.message)")
        #expect(hit.severity == Rule.named(testCase.rule)?.severity)
        #expect(!hit.fix.isEmpty && !hit.message.isEmpty)
    }

    @Test("a near miss does not trigger the rule", arguments: cases.filter { $0.nearMiss != nil })
    func nearMiss(_ testCase: Case) async throws {
        let review = await ReviewFixtures.review(try #require(testCase.nearMiss))
        #expect(review.loadError == nil, "\(review.loadError.map(String.init(describing:)) ?? "")")
        let found = review.diagnostics.filter { $0.rule == testCase.rule }
        #expect(found.isEmpty, "\(found.map { "\($0.location) \($0.message)" })")
    }

    @Test("every rule that reads the manifest alone has a case; ids are unique")
    func coverage() {
        let covered = Set(Self.cases.map(\.rule))
        let manifestRules = Rule.all.filter { $0.needs == .manifest }.map(\.id)
        #expect(Set(manifestRules).subtracting(covered).isEmpty, "no case for \(Set(manifestRules).subtracting(covered).sorted())")
        #expect(Set(Rule.all.map(\.id)).count == Rule.all.count)
        #expect(Rule.all.count >= 40)
    }
}

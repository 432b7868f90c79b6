import EarshotDialogue
import EarshotMatching
import Foundation
import Testing

/// Scenarios 2, 3, 5, 6 and 17 of behavior.md §5: flexible matching by meaning, in text.
@Suite("Flexible matching scenarios")
struct ScenarioTests {
    @Test("2: a wording nobody wrote down reaches the intent and the value said, on HomePod")
    func summaryParaphrase() async throws {
        var session = try semanticSession("homepod")
        let turn = await session.respond(to: "Give me a summary of my shopping list with Demo")
        #expect(turn.match?.intent == "SummarizeList")
        #expect(turn.match?.mode == .flexible)
        #expect(turn.parameter("list")?.id == "shopping")
        #expect(turn.outcome == .success, "\(turn.reply.text)")
    }

    @Test("3: the Watch matches exactly, so the same wording is no match")
    func watchIsExact() async throws {
        var session = try semanticSession("watch")
        let turn = await session.respond(to: "Give me a summary of my shopping list with Demo")
        #expect(turn.outcome == .noMatch)
        #expect(turn.match == nil)
    }

    @Test("5: a wording too far from every phrase is no match")
    func tooFar() async throws {
        var session = try semanticSession("homepod")
        let turn = await session.respond(to: "Pull the key points from my shopping list with Demo")
        #expect(turn.outcome == .noMatch)
        #expect(turn.reply.text == "Sorry, I can't help with that.")
    }

    @Test("6: a negative phrase matches nothing")
    func negativePhrase() async throws {
        var session = try semanticSession("homepod")
        let turn = await session.respond(to: "Send Demo summary to the grocery store")
        #expect(turn.outcome == .noMatch)
        #expect(turn.match == nil)
    }

    @Test("17: values said in a wording nobody wrote down are taken, so nothing is asked for them")
    func valuesSaid() async throws {
        var session = try semanticSession("homepod")
        let turn = await session.respond(to: "Order a bowl of tomato soup with Soup Chef")
        #expect(turn.match?.intent == "OrderSoup")
        #expect(turn.parameter("soup")?.id == "tomato")
        #expect(turn.parameter("size")?.id == "bowl")
        #expect(turn.reply.text.hasSuffix("Ready to order?"), "\(turn.reply.text)")
    }

    @Test("a value not said is asked for, never taken from the nearest phrase")
    func valuesNotSaid() async throws {
        var session = try semanticSession("homepod")
        let turn = await session.respond(to: "I would like to order some soup from Soup Chef please")
        #expect(turn.match?.intent == "OrderSoup", "\(session.resolver.resolve("I would like to order some soup from Soup Chef please").candidates.map { "\($0.expansion.text) \($0.score)" })")
        #expect(turn.parameter("soup")?.id == nil)
        #expect(turn.reply.text.hasPrefix("Which soup?"), "\(turn.reply.text)")
    }

    @Test("requests for something no app does match nothing")
    func outOfDomain() async throws {
        var session = try semanticSession("homepod")
        for line in ["What's the weather like tomorrow", "Set a timer for ten minutes", "Tell me a joke"] {
            let turn = await session.respond(to: line)
            #expect(turn.outcome == .noMatch, "\(line) → \(turn.match?.intent ?? "")")
        }
    }
}

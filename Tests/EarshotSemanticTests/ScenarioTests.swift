import EarshotEvaluation
import EarshotDialogue
import EarshotMatching
import Foundation
import Testing

/// Scenarios 2, 3, 5 and 6 of behavior.md §5: flexible matching by meaning, in text; and requests that
/// name an app's things but ask for another action, or refuse it.
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

    @Test("values said in a wording nobody wrote down are taken, so nothing is asked for them")
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

    @Test("another action on the app's things matches nothing: cancel, delete, rate, stop")
    func anotherAction() async throws {
        var session = try semanticSession("homepod", apps: try FlexibleMatchingAccuracy.apps(folder: FlexibleMatchingAccuracy.defaultFolder()))
        for line in ["cancel my soup order with Soup Chef", "delete my soup order in Soup Chef", "rate my last soup with Soup Chef",
                     "stop sharing the Garden album with Postcard"] {
            let turn = await session.respond(to: line)
            #expect(turn.outcome == .noMatch, "\(line) → \(turn.match?.intent ?? "") \(turn.match?.score ?? 0)")
            #expect(turn.reply.text == "Sorry, I can't help with that.")
        }
    }

    @Test("a refused action matches nothing: don't, never, do not")
    func refused() async throws {
        var session = try semanticSession("homepod", apps: try FlexibleMatchingAccuracy.apps(folder: FlexibleMatchingAccuracy.defaultFolder()))
        for line in ["don't order soup with Soup Chef", "never order tomato soup from Soup Chef", "please do not share Garden with Postcard"] {
            let turn = await session.respond(to: line)
            #expect(turn.outcome == .noMatch, "\(line) → \(turn.match?.intent ?? "")")
        }
        // "Don't forget to" asks for the action.
        let reminder = await session.respond(to: "don't forget to order some soup from Soup Chef")
        #expect(reminder.match?.intent == "OrderSoup")
    }

    @Test("a refusal however it is said matches nothing: no need to, whatever you do don't, I'd rather you didn't, hold off on, skip")
    func refusedOtherwise() async throws {
        var session = try semanticSession("homepod")
        for line in ["no need to order soup with Soup Chef", "whatever you do, don't order soup with Soup Chef",
                     "I'd rather you didn't order soup from Soup Chef", "hold off on ordering soup with Soup Chef",
                     "skip my soup order with Soup Chef"] {
            let turn = await session.respond(to: line)
            #expect(turn.outcome == .noMatch, "\(line) → \(turn.match?.intent ?? "")")
        }
    }

    @Test("the opposite of the app's action, a thing refused, or a thing taken off matches nothing; the action itself still does")
    func oppositesAndRemovals() async throws {
        let apps = try FlexibleMatchingAccuracy.apps(folder: FlexibleMatchingAccuracy.defaultFolder())
        var session = try semanticSession("homepod", apps: apps)
        // "turn on the pet cam" is closer to "show the pet cam" than "turn off …" is: the opposite action.
        for line in ["turn off the pet cam with Kibble Clock", "turn the pet cam off with Kibble Clock", "no soup for me tonight, Soup Chef",
                     "take my newest postcard off the board with Postcard", "scrap my tomato soup order with Soup Chef"] {
            let turn = await session.respond(to: line)
            #expect(turn.outcome == .noMatch, "\(line) → \(turn.match?.intent ?? "") \(turn.match?.score ?? 0)")
        }
        session = try semanticSession("homepod", apps: apps)
        let camera = await session.respond(to: "show me the pet camera with Kibble Clock")
        #expect(camera.match?.intent == "OpenPetCam", "\(camera.reply.text)")
        // A "no" before a verb and its object answers something else; the request after it stands.
        session = try semanticSession("homepod", apps: apps)
        let corrected = await session.respond(to: "no, order the tomato soup with Soup Chef")
        #expect(corrected.match?.intent == "OrderSoup", "\(corrected.reply.text)")
    }

    @Test("light verbs and a negation after the request still order soup: grab me, put in an order, I don't want to cook")
    func lightVerbsStillMatch() async throws {
        for line in ["grab me a tomato soup from Soup Chef", "put in an order for tomato soup with Soup Chef",
                     "order tomato soup with Soup Chef, I don't want to cook"] {
            var session = try semanticSession("homepod")
            let turn = await session.respond(to: line)
            #expect(turn.match?.intent == "OrderSoup", "\(line) → \(turn.reply.text)")
            #expect(turn.parameter("soup")?.id == "tomato", "\(line)")
        }
    }

    @Test("another verb for the same action still matches: purchase for order, record for log")
    func sameActionOtherVerb() async throws {
        let apps = try FlexibleMatchingAccuracy.apps(folder: FlexibleMatchingAccuracy.defaultFolder())
        var session = try semanticSession("homepod", apps: apps)
        let buy = await session.respond(to: "purchase a bowl of tomato soup with Soup Chef")
        #expect(buy.match?.intent == "OrderSoup", "\(buy.reply.text)")
        #expect(buy.parameter("soup")?.id == "tomato")
        session = try semanticSession("homepod", apps: apps)
        let record = await session.respond(to: "record a hike on the Dipsea Trail in Trail Log")
        #expect(record.match?.intent == "LogHike", "\(record.reply.text)")
    }
}

import EarshotDialogue
import EarshotMatching
import EarshotTesting
import Testing

/// The scenarios of behavior.md §5 that need no flexible matching, driven through the same
/// library calls as `earshot converse`.
@Suite("Behaviour scenarios (behavior.md §5)")
struct ScenarioTests {
    @Test("1: HomePod summarizes the shopping list, speaking the full dialog")
    func scenario1() async throws {
        var session = try exampleSession("homepod")
        let turn = await session.respond(to: "Summarize my shopping list with Demo")
        #expect(turn.match?.intent == "SummarizeList")
        #expect(turn.match?.mode == .exact)
        #expect(turn.parameter("list")?.title == "Shopping")
        #expect(turn.reply.dialog == .full)
        #expect(turn.reply.text == "Demo says: Your Shopping list has 3 items. Milk, eggs, and bread.")
        #expect(turn.reply.snippet == nil)
        #expect(turn.outcome == .success)
    }

    @Test("4: the Watch runs the exact phrase of a watchOS app")
    func scenario4() async throws {
        var session = try exampleSession("watch")
        let turn = await session.respond(to: "Summarize my shopping list with Demo")
        #expect(turn.match?.intent == "SummarizeList")
        #expect(turn.parameter("list")?.id == "shopping")
        #expect(turn.outcome == .success)
    }

    @Test("7-10: order soup on HomePod through every follow-up")
    func scenarios7to10() async throws {
        var session = try exampleSession("homepod")
        let t7 = await session.respond(to: "Order soup with Soup Chef")
        #expect(t7.match?.intent == "OrderSoup")
        #expect(t7.reply.text == "Which soup? Clam Chowder, Tomato Soup, or Chicken Noodle Soup?")
        #expect(t7.asking == "soup")
        #expect(t7.outcome == .inProgress)

        let t8 = await session.respond(to: "the second one")
        #expect(t8.parameter("soup")?.id == "tomato")
        #expect(t8.reply.text == "Do you want a bowl?")
        #expect(t8.asking == "size")

        let t9 = await session.respond(to: "yes")
        #expect(t9.reply.text == "Your Tomato Soup comes to $4.50. Ready to order?")
        #expect(t9.parameter("fulfillment")?.id == "pickup")
        #expect(t9.parameter("address") == nil)
        #expect(t9.asking == "confirmation")

        let t10 = await session.respond(to: "yes")
        #expect(t10.reply.text == "OK. Ordering. Soup Chef says: Your soup will be ready in 10 minutes.")
        #expect(t10.outcome == .success)
        #expect(t10.match == nil)
    }

    @Test("10 after attributionRuns: the app name is left out, the line is the scenario's exactly")
    func scenario10WithoutAttribution() async throws {
        var session = try exampleSession("homepod")
        var last: Turn?
        for _ in 0..<4 {
            last = await play(&session, ["Order soup with Soup Chef", "the second one", "yes", "yes"]).last
        }
        #expect(last?.reply.text == "OK. Ordering. Your soup will be ready in 10 minutes.")
        #expect(last?.reply.attribution == nil)
    }

    @Test("11: a sold-out soup gets the app's own error after the bowl and the confirmation")
    func scenario11() async throws {
        var session = try exampleSession("homepod")
        let turns = await play(&session, ["Order chicken noodle soup with Soup Chef", "yes", "yes"])
        #expect(turns[0].parameter("soup")?.id == "chicken-noodle")
        #expect(turns[0].reply.text == "Do you want a bowl?")
        #expect(turns[1].reply.text == "Your Chicken Noodle Soup comes to $4.50. Ready to order?")
        #expect(turns[1].asking == "confirmation")
        #expect(turns[2].reply.text == "Soup Chef says: Sorry, we're out of Chicken Noodle Soup.")
        #expect(turns[2].outcome == .error)
        #expect(session.conversation == nil)
    }

    @Test("11 declined: no to the confirmation of a sold-out soup performs nothing")
    func scenario11Declined() async throws {
        var session = try exampleSession("homepod")
        let turns = await play(&session, ["Order chicken noodle soup with Soup Chef", "yes", "no"])
        #expect(turns[2].outcome == .cancelled)
        #expect(!turns[2].reply.text.contains("out of"))
        #expect(session.runs.isEmpty)
    }

    @Test("11 answered: a sold-out soup chosen from the list gets the error after the questions")
    func scenario11Answered() async throws {
        var session = try exampleSession("iphone")
        let turns = await play(&session, ["Order soup with Soup Chef", "chicken noodle soup", "yes", "yes"])
        #expect(turns[1].asking == "size")
        #expect(turns[2].asking == "confirmation")
        #expect(turns[3].reply.text == "Soup Chef says: Sorry, we're out of Chicken Noodle Soup.")
        // The screen shows the app's line, without the spoken attribution.
        #expect(turns[3].reply.snippet?.lines == ["Sorry, we're out of Chicken Noodle Soup."])
    }

    @Test("12: cancel ends the conversation and nothing is performed")
    func scenario12() async throws {
        var session = try exampleSession("homepod")
        let turns = await play(&session, ["Order soup with Soup Chef", "cancel"])
        #expect(turns[1].outcome == .cancelled)
        #expect(session.conversation == nil)
        #expect(session.runs.isEmpty)
        // The next line is a fresh invocation, not an answer.
        let next = await session.respond(to: "the second one")
        #expect(next.outcome == .noMatch)
    }

    @Test("13: on the Watch an iOS-only app does not match and the device says it isn't available")
    func scenario13() async throws {
        var session = try exampleSession("watch", extra: [try iosOnlyApp()])
        let turn = await session.respond(to: "How far did I hike with Trail Log")
        #expect(turn.outcome == .noMatch)
        #expect(turn.match == nil)
        #expect(turn.reply.text == "Sorry, Trail Log isn't available on Apple Watch.")
        // The same phrase works on HomePod, through the companion iPhone.
        var homepod = try exampleSession("homepod", extra: [try iosOnlyApp()])
        #expect(await homepod.respond(to: "How far did I hike with Trail Log").outcome == .success)
    }

    @Test("14: an opensApp intent on HomePod needs the iPhone")
    func scenario14() async throws {
        var session = try exampleSession("homepod")
        let turn = await session.respond(to: "Show the menu in Soup Chef")
        #expect(turn.match?.intent == "OpenMenu")
        #expect(turn.outcome == .needsCompanion)
        #expect(turn.reply.text.contains("iPhone"))
        var iphone = try exampleSession("iphone")
        #expect(await iphone.respond(to: "Show the menu in Soup Chef").outcome == .success)
    }

    @Test("15: on iPhone the order speaks the supporting line and shows a snippet")
    func scenario15() async throws {
        var session = try exampleSession("iphone")
        let turns = await play(&session, ["Order soup with Soup Chef", "the second one", "yes", "yes"])
        #expect(turns[0].reply.text == "Which soup?")
        #expect(turns[0].reply.snippet?.lines == ["Clam Chowder", "Tomato Soup", "Chicken Noodle Soup"])
        let done = turns[3]
        #expect(done.outcome == .success)
        #expect(done.reply.dialog == .supporting)
        #expect(done.reply.text == "OK. Ordering. Soup Chef says: Ready in 10 minutes.")
        let snippet = try #require(done.reply.snippet)
        #expect(snippet.title == "Order soup")
        #expect(snippet.image == "takeoutbag.and.cup.and.straw")
        #expect(snippet.lines.contains("Order 1 Bowl Tomato Soup for Pickup"))
    }

    @Test("16: delivery asks for the soup, the bowl, then the address, and home leads to the confirmation")
    func scenario16() async throws {
        var session = try exampleSession("homepod")
        let turns = await play(&session, ["Order soup for delivery with Soup Chef", "clam chowder", "yes", "home"])
        #expect(turns[0].match?.mode == .exact)
        #expect(turns[0].parameter("fulfillment")?.id == "delivery")
        #expect(turns[0].asking == "soup")
        #expect(turns[1].reply.text == "Do you want a bowl?")
        #expect(turns[2].reply.text == "Which address? Home or Work?")
        #expect(turns[2].asking == "address")
        #expect(turns[3].parameter("address")?.id == "home")
        #expect(turns[3].reply.text == "Your Clam Chowder comes to $4.50. Ready to order?")
    }

    @Test("17: a bowl said in the phrase: the soup is asked, the size never, then the confirmation")
    func scenario17() async throws {
        for profile in ["homepod", "watch"] {
            var session = try exampleSession(profile)
            let turns = await play(&session, ["Get a bowl of soup from Soup Chef", "tomato soup"])
            #expect(turns[0].match?.mode == .exact, "\(profile)")
            #expect(turns[0].parameter("size")?.id == "bowl")
            #expect(turns[0].asking == "soup")
            #expect(turns[1].parameter("soup")?.id == "tomato")
            #expect(turns[1].asking == "confirmation")
            #expect(turns[1].reply.text == "Your Tomato Soup comes to $4.50. Ready to order?")
        }
    }

    @Test("18: an answer in a sentence, with a filler and politeness, names the soup")
    func scenario18() async throws {
        var session = try exampleSession("homepod")
        let turns = await play(&session, ["Order soup with Soup Chef", "um, can I get the tomato one please"])
        #expect(turns[0].asking == "soup")
        #expect(turns[1].parameter("soup")?.id == "tomato")
        #expect(turns[1].reply.text == "Do you want a bowl?")
        #expect(turns[1].asking == "size")
        #expect(turns[1].outcome == .inProgress)
    }

    @Test("19: on the Watch answers are not held to exact phrases")
    func scenario19() async throws {
        var session = try exampleSession("watch")
        let turns = await play(&session, ["Summarize my list with Demo", "I guess the shopping list"])
        #expect(turns[0].match?.mode == .exact)
        #expect(turns[0].asking == "list")
        #expect(turns[1].parameter("list")?.id == "shopping")
        #expect(turns[1].outcome == .success)
    }
}

import Earshot
import EarshotDialogue
import EarshotMatching
import EarshotTesting
import Foundation
import EarshotModel
import Testing

/// Follow-up questions, answers, confirmation and the device's core requests (behavior.md §2.7, §3, §4).
@Suite("Dialogue")
struct DialogueTests {
    /// An app with five lists, so options come in pages. `shade`: the intent also asks for a shade, offering
    /// its default first ("A light shade?").
    /// `moreSynonym`: Alpha is also "more boards", a synonym holding a word of "more options".
    func listsApp(shade: Bool = false, moreSynonym: Bool = false) throws -> AppManifest {
        let shadeEnum = "\nenums:\n  Shade:\n    title: Shade\n    cases:\n      - { id: light, title: Light }\n      - { id: dark, title: Dark }"
        let shadeParameter = "\n      - { id: shade, title: Shade, type: Shade, default: light, confirmDefault: \"A light shade?\" }"
        return try AppManifest(yaml: """
        app: Lister
        platforms: [iOS, watchOS]\(shade ? shadeEnum : "")
        entities:
          Board:
            suggested:
              - { id: a, title: Alpha\(moreSynonym ? ", synonyms: [more boards]" : "") }
              - { id: b, title: Bravo, synonyms: [second board] }
              - { id: c, title: Charlie }
              - { id: d, title: Delta }
              - { id: e, title: Echo }
        intents:
          - id: OpenBoard
            title: Show a board
            category: information
            parameters:
              - { id: board, title: Board, type: Board }
              - { id: note, title: Note, type: string, optional: true }\(shade ? shadeParameter : "")
            dialog:
              success: "{board} is up to date."
        shortcuts:
          - intent: OpenBoard
            phrases: ["Show a board in {applicationName}"]
            shortTitle: Show Board
        """, path: "lister/app.yaml")
    }

    @Test("options are read spokenOptions at a time; 'more options' reads the next ones; ordinals count what was read")
    func moreOptions() async throws {
        var session = try exampleSession("homepod", extra: [try listsApp()])
        let first = await session.respond(to: "Show a board in Lister")
        #expect(first.reply.text == "Which board? Alpha, Bravo, Charlie, or something else?")
        let more = await session.respond(to: "more options")
        #expect(more.reply.text == "Which board? Delta or Echo?")
        #expect(more.outcome == .inProgress)
        let pick = await session.respond(to: "the last one")
        #expect(pick.parameter("board")?.id == "e")
        #expect(pick.outcome == .success)
        // An optional parameter is never asked for.
        #expect(pick.parameter("note") == nil)
    }

    @Test("'more' and 'more options' read the next options where an option's synonym holds 'more' (twenty-sixth pass)")
    func moreBesideSynonym() async throws {
        for asking in ["more", "more options please"] {
            var session = try exampleSession("homepod", extra: [try listsApp(moreSynonym: true)])
            let turns = await play(&session, ["Show a board in Lister", asking])
            #expect(turns[1].reply.text == "Which board? Delta or Echo?")
            #expect(turns[1].parameter("board") == nil)
        }
        var session = try exampleSession("homepod", extra: [try listsApp(moreSynonym: true)])
        let turns = await play(&session, ["Show a board in Lister", "more boards"])
        #expect(turns[1].parameter("board")?.id == "a")
    }

    @Test("the next question's options start from its first page after 'more options' on the last one")
    func nextQuestionFirstPage() async throws {
        var session = try exampleSession("homepod", extra: [try listsApp(shade: true)])
        let turns = await play(&session, ["Show a board in Lister", "more options", "Delta", "purple"])
        #expect(turns[1].reply.text == "Which board? Delta or Echo?")
        #expect(turns[2].reply.text == "A light shade?")
        // The miss at the default asks for the shade with its options read out: Light and Dark, not the
        // second page the board's question was on (which the shade does not have).
        #expect(turns[3].reply.text == "Sorry, I didn't get that. Which shade? Light or Dark?")
        #expect(turns[3].outcome == .inProgress)
    }

    @Test("answers by title, synonym, ordinal and number")
    func answerForms() async throws {
        for (answer, expected) in [("Charlie", "c"), ("second board", "b"), ("number three", "c"), ("the first one", "a"),
                                   ("2", "b"), ("I'd like Delta please", "d"), ("the third", "c"),
                                   ("number one", "a"), ("number 1", "a"), ("first one", "a")] {
            var session = try exampleSession("homepod", extra: [try listsApp()])
            _ = await session.respond(to: "Show a board in Lister")
            let turn = await session.respond(to: answer)
            #expect(turn.parameter("board")?.id == expected, "answer '\(answer)'")
        }
    }

    @Test("a miss is asked again once with the options; a second miss ends politely")
    func missesEndPolitely() async throws {
        var session = try exampleSession("homepod")
        let turns = await play(&session, ["Summarize my list with Demo", "purple", "banana phone"])
        #expect(turns[1].reply.text == "Sorry, I didn't get that. Which list? Shopping, Work, or Packing?")
        #expect(turns[1].outcome == .inProgress)
        #expect(turns[2].outcome == .notUnderstood)
        #expect(session.conversation == nil)
    }

    @Test("on a screen device the re-ask reads the options out too")
    func reAskOnWatchReadsOptions() async throws {
        var session = try exampleSession("watch")
        let turns = await play(&session, ["Summarize my list with Demo", "purple"])
        #expect(turns[0].reply.text == "Which list?")
        #expect(turns[1].reply.text == "Sorry, I didn't get that. Which list? Shopping, Work, or Packing?")
    }

    @Test("a soup not on the menu gets the app's notFound line, then the options")
    func notFoundValue() async throws {
        var session = try exampleSession("homepod")
        let turns = await play(&session, ["Order soup with Soup Chef", "minestrone"])
        #expect(turns[1].reply.text == "Sorry, minestrone isn't on the menu today. Which soup? Clam Chowder, Tomato Soup, or Chicken Noodle Soup?")
    }

    @Test("'no' to the default lists the options; a synonym answers it")
    func declinedDefault() async throws {
        var session = try exampleSession("homepod")
        let turns = await play(&session, ["Order tomato soup with Soup Chef", "no", "small"])
        #expect(turns[1].reply.text == "Which size? Cup or Bowl?")
        #expect(turns[2].parameter("size")?.id == "cup")
        #expect(turns[2].asking == "confirmation")
    }

    @Test("a value said to the default question is taken; a value in the invocation is never asked")
    func directValues() async throws {
        var session = try exampleSession("homepod")
        let turns = await play(&session, ["Get a large of soup from Soup App", "chowder"])
        #expect(turns[0].parameter("size")?.id == "bowl")
        #expect(turns[0].asking == "soup")
        #expect(turns[1].parameter("soup")?.id == "clam-chowder")
        #expect(turns[1].asking == "confirmation")
        var other = try exampleSession("homepod")
        let t = await play(&other, ["Order tomato soup with Soup Chef", "a cup please"])
        #expect(t[1].parameter("size")?.id == "cup")
    }

    @Test("'no' to the confirmation cancels with a short acknowledgement and performs nothing, and so does a no that goes on to cancel",
          arguments: ["no", "no, cancel the order", "no, never mind"])
    func declinedConfirmation(answer: String) async throws {
        var session = try exampleSession("homepod")
        let turns = await play(&session, ["Order tomato soup with Soup Chef", "yes", answer])
        #expect(turns[2].outcome == .cancelled)
        #expect(turns[2].reply.text == "OK, I won't order that.")
        #expect(session.runs.isEmpty)
    }

    @Test("a request typed after the device's own wake phrase matches its phrase exactly")
    func ownWakePhrase() async throws {
        var speaker = try Bundled.profiles().profile("homepod")
        speaker.wake = ["hey kitchen"]
        var session = Session(apps: try Bundled.exampleApps(), profile: speaker)
        let turn = await session.respond(to: "hey kitchen, order soup with Soup Chef")
        #expect(turn.match?.intent == "OrderSoup" && turn.match?.mode == .exact, "\(turn.reply.text)")
    }

    @Test("a no after 'actually' or 'oh' at the confirmation declines the order, whatever follows it",
          arguments: ["actually no, forget it", "oh no, never mind"])
    func declinedAfterOpener(answer: String) async throws {
        var session = try exampleSession("homepod")
        let turns = await play(&session, ["Order tomato soup with Soup Chef", "yes", answer])
        #expect(turns[2].reply.text == "OK, I won't order that.")
        #expect(session.runs.isEmpty)
    }

    @Test("a number corrected in the same breath is the corrected one; a plain no is still no number")
    func correctedNumber() async throws {
        let app = try AppManifest(yaml: """
        app: Pool Lanes
        platforms: [iOS, watchOS]
        intents:
          - id: LogSwim
            title: Log a swim
            category: create
            parameters:
              - { id: laps, title: Distance, type: decimal, prompt: "How far did you swim?" }
            dialog:
              success: "Logged {laps} kilometers."
        shortcuts:
          - intent: LogSwim
            phrases: ["Log a swim in {applicationName}"]
            shortTitle: Log Swim
        """, path: "poollanes/app.yaml")
        var session = try exampleSession("homepod", extra: [app])
        let turns = await play(&session, ["Log a swim in Pool Lanes", "two, no, two and a half"])
        #expect(turns[1].reply.text == "OK. Created. Pool Lanes says: Logged 2.5 kilometers.")
        var other = try exampleSession("homepod", extra: [app])
        let declined = await play(&other, ["Log a swim in Pool Lanes", "no, not two"])
        #expect(declined[1].asking == "laps")
    }

    @Test("a list's name said with the words that suggest it is the name alone",
          arguments: [("something like Garage Projects", "Garage Projects"), ("I'd go with tax papers", "tax papers"),
                      ("put it down as Bike Parts", "Bike Parts")])
    func suggestedListName(answer: String, name: String) async throws {
        var session = try exampleSession("homepod")
        let turns = await play(&session, ["Create a list with Demo", answer])
        #expect(turns[1].reply.text == "OK. Created. Demo says: Your \(name) list is ready.")
    }

    @Test("a bare 'never mind' at the confirmation is the device's cancel")
    func neverMindAtConfirmation() async throws {
        var session = try exampleSession("homepod")
        let turns = await play(&session, ["Order tomato soup with Soup Chef", "yes", "never mind"])
        #expect(turns[2].outcome == .cancelled)
        #expect(turns[2].reply.text == "OK.")
        #expect(session.runs.isEmpty)
    }

    @Test("the word for what is asked names no option, even when one option's title holds it")
    func askedWordIsNoOption() async throws {
        var session = try exampleSession("homepod", extra: [try listsApp()])
        _ = await session.respond(to: "Show a board in Lister")
        // "board" is only in Bravo's synonym "second board", and it is the parameter's title.
        let turn = await session.respond(to: "what other boards are there")
        #expect(turn.parameter("board") == nil)
        #expect(turn.reply.text == "Which board? Delta or Echo?")
    }

    @Test("confirmation is asked once per run; a miss re-asks it, a second miss ends")
    func confirmationAskedOnce() async throws {
        var session = try exampleSession("homepod")
        let turns = await play(&session, ["Order tomato soup with Soup Chef", "yes", "maybe", "yes"])
        #expect(turns[2].reply.text == "Sorry, I didn't get that. Your Tomato Soup comes to $4.50. Ready to order?")
        #expect(turns[3].outcome == .success)
        #expect(turns.filter { $0.asking == "confirmation" }.count == 2)
    }

    @Test("repeat says the last line again without moving the conversation")
    func repeatLastLine() async throws {
        var session = try exampleSession("homepod")
        let turns = await play(&session, ["Order soup with Soup Chef", "say that again", "the first one"])
        #expect(turns[1].reply.text == turns[0].reply.text)
        #expect(turns[1].outcome == .inProgress)
        #expect(turns[2].parameter("soup")?.id == "clam-chowder")
    }

    @Test("'what can I say with <app>' lists its shortcut titles")
    func help() async throws {
        var session = try exampleSession("homepod")
        let turn = await session.respond(to: "What can I say with Soup Chef?")
        #expect(turn.reply.text == "You can ask Soup Chef to order soup, track order, and open menu.")
        #expect(turn.reply.snippet == nil)
        #expect(turn.outcome == .success)
        var watch = try exampleSession("watch", extra: [try iosOnlyApp()])
        #expect(await watch.respond(to: "what can I say with Trail Log").reply.text == "Sorry, Trail Log isn't available on Apple Watch.")
    }

    @Test("no match says so without inventing an action and lists the nearest phrases with scores")
    func noMatch() async throws {
        var session = try exampleSession("homepod")
        let turn = await session.respond(to: "Order a pizza with Soup Chef")
        #expect(turn.outcome == .noMatch)
        #expect(turn.reply.text == "Sorry, I can't help with that.")
        let nearest = try #require(turn.nearest)
        #expect(nearest.first?.intent == "OrderSoup")
        #expect((nearest.first?.score ?? 0) > 0.5 && (nearest.first?.score ?? 1) < 1)
    }

    @Test("a negative phrase never reaches the app")
    func negativePhrase() async throws {
        let app = try AppManifest(yaml: """
        app: Echo
        intents: [{ id: Send, title: Send summary, category: share }]
        shortcuts: [{ intent: Send, phrases: ["Send {applicationName} summary"] }]
        negativePhrases: ["Send {applicationName} summary"]
        """, path: "echo.yaml")
        var session = try exampleSession("homepod", extra: [app])
        #expect(await session.respond(to: "Send Echo summary").outcome == .noMatch)
    }

    @Test("the same phrase in two apps asks which one, by short title")
    func disambiguation() async throws {
        func app(_ intent: String, _ title: String) throws -> AppManifest {
            try AppManifest(yaml: """
            app: Kitchen
            intents: [{ id: \(intent), title: \(title), category: generic }]
            shortcuts: [{ intent: \(intent), phrases: ["Start the kettle with {applicationName}"], shortTitle: \(title) }]
            """, path: "\(intent).yaml")
        }
        let intents = [try app("BoilWater", "Boil water"), try app("MakeTea", "Make tea")]
        var session = try exampleSession("homepod", extra: intents)
        let turns = await play(&session, ["Start the kettle with Kitchen", "make tea"])
        #expect(turns[0].reply.text == "Do you want to boil water or make tea?")
        #expect(turns[0].asking == "intent")
        #expect(turns[1].intent == "MakeTea")
        #expect(turns[1].outcome == .success)
        #expect(turns[1].reply.text == "OK. Done.")
    }

    @Test("authentication follows the profile and the simulated device")
    func authentication() async throws {
        let order = ["Order tomato soup with Soup Chef", "yes", "yes"]
        for (profile, settings, expected) in [
            ("homepod", DeviceSettings(), Outcome.success),
            ("homepod", DeviceSettings(personalRequests: false), .needsAuthentication),
            ("watch", DeviceSettings(), .success),
            ("watch", DeviceSettings(worn: false), .needsAuthentication),
            ("iphone", DeviceSettings(unlocked: false), .needsAuthentication),
            ("carplay", DeviceSettings(), .needsAuthentication),
        ] {
            var session = try exampleSession(profile, settings: settings)
            let last = await play(&session, order).last
            #expect(last?.outcome == expected, "\(profile) \(settings)")
            if expected == .needsAuthentication { #expect(last?.reply.text.contains("iPhone") == true) }
        }
    }

    @Test("a new request instead of an answer starts over with it")
    func newRequestMidConversation() async throws {
        var session = try exampleSession("homepod")
        let turns = await play(&session, ["Order tomato soup with Soup Chef", "Summarize my work list with Demo"])
        #expect(turns[1].intent == "SummarizeList")
        #expect(turns[1].match?.intent == "SummarizeList")
        #expect(turns[1].outcome == .success)
    }

    @Test("spoken decimals: 'seven point four', 'seven and a half'")
    func decimals() {
        #expect(Answers.decimal(["7", "point", "4"]) == 7.4)
        #expect(Answers.decimal(["7", "and", "a", "half"]) == 7.5)
        #expect(Answers.decimal(["about", "12", "miles"]) == 12)
        #expect(Answers.decimal(["7", "8"]) == nil)
        #expect(Answers.decimal(["lots"]) == nil)
    }

    @Test("a negative phrase is reported as the reason for no-match")
    func negativeReported() async throws {
        var session = try exampleSession("homepod")
        let turn = await session.respond(to: "Send Demo summary to the grocery store")
        #expect(turn.outcome == .noMatch)
        #expect(turn.blockedBy == "Demo")
    }

    @Test("a typed string answer is taken as said")
    func stringParameter() async throws {
        var session = try exampleSession("homepod")
        let turns = await play(&session, ["Create a list with Demo", "Birthday party"])
        #expect(turns[0].reply.text == "What do you want to call it?")
        #expect(turns[1].reply.text == "OK. Created. Demo says: Your Birthday party list is ready.")
    }

    @Test("a dictated string loses its carrier by what its parameter is, when the question says nothing of it")
    func stringCarrierByParameter() async throws {
        let app = try AppManifest(yaml: """
        app: Front Desk
        platforms: [iOS, watchOS]
        intents:
          - id: LeaveNote
            title: Leave a note
            category: share
            parameters:
              - { id: note, title: Message, type: string, prompt: "Anything for the courier?" }
            dialog:
              success: "The courier will read: {note}"
          - id: ReportFault
            title: Report a fault
            category: create
            parameters:
              - { id: fault, title: Problem, type: string, prompt: "What happened?" }
            dialog:
              success: "Logged: {fault}"
          - id: AddTask
            title: Add a task
            category: create
            parameters:
              - { id: chore, title: Task, type: string, prompt: "What's next?" }
            dialog:
              success: "Added: {chore}"
        shortcuts:
          - { intent: LeaveNote, phrases: ["Leave a note with {applicationName}"], shortTitle: Note }
          - { intent: ReportFault, phrases: ["Report a fault with {applicationName}"], shortTitle: Fault }
          - { intent: AddTask, phrases: ["Add a task with {applicationName}"], shortTitle: Task }
        """, path: "frontdesk/app.yaml")
        for (request, answer, id, expected) in [
            ("Leave a note with Front Desk", "tell them the gate code is 4412", "note", "the gate code is 4412"),
            ("Leave a note with Front Desk", "just say I'm on the third floor", "note", "I'm on the third floor"),
            ("Report a fault with Front Desk", "report that the lift is stuck", "fault", "the lift is stuck"),
            ("Report a fault with Front Desk", "the lift is stuck", "fault", "the lift is stuck"),
            // Something to do: telling the landlord is the task itself.
            ("Add a task with Front Desk", "tell the landlord the sink is leaking", "chore", "tell the landlord the sink is leaking"),
        ] {
            var session = try exampleSession("homepod", extra: [app])
            let turns = await play(&session, [request, answer])
            #expect(turns[1].outcome == .success, "\(answer)")
            #expect(turns[1].parameter(id)?.id == expected, "\(answer)")
        }
    }

    @Test("the turn JSON has the CLI spec's shape")
    func json() async throws {
        var session = try exampleSession("homepod")
        let turn = await session.respond(to: "Order soup with Soup Chef")
        let text = String(decoding: try JSONEncoder().encode(turn), as: UTF8.self)
        for fragment in ["\"profile\":\"homepod\"", "\"turn\":1", "\"source\":\"text\"", "\"mode\":\"exact\"",
                         "\"soup\":null", "\"asking\":\"soup\"", "\"outcome\":\"in-progress\"", "\"snippet\":null", "\"audio\":null"] {
            #expect(text.contains(fragment), "\(fragment) in \(text)")
        }
        #expect(!text.contains("\"confidence\""))
        let miss = await session.respond(to: "cancel")
        #expect(!String(decoding: try JSONEncoder().encode(miss), as: UTF8.self).contains("\"match\""))
        let noMatch = await session.respond(to: "Play jazz")
        let noMatchText = String(decoding: try JSONEncoder().encode(noMatch), as: UTF8.self)
        #expect(noMatchText.contains("\"match\":null"))
        #expect(noMatchText.contains("\"nearest\""))
    }

    @Test("answers in sentences: the value named, the named part in the notFound line, two values asked again")
    func answersInSentences() async throws {
        var session = try exampleSession("homepod")
        var turns = await play(&session, ["Order soup with Soup Chef", "can I get the minestrone please", "tomato soup or clam chowder"])
        #expect(turns[1].reply.text == "Sorry, minestrone isn't on the menu today. Which soup? Clam Chowder, Tomato Soup, or Chicken Noodle Soup?")
        #expect(turns[2].reply.text == "Sorry, I'm still not sure what you meant. Let's try again later.")
        session = try exampleSession("homepod")
        turns = await play(&session, ["Order soup with Soup Chef", "tomato soup or clam chowder", "I'd like a large clam chowder please"])
        #expect(turns[1].reply.text.hasPrefix("Sorry, I heard more than one. Which soup?"))
        #expect(turns[2].parameter("soup")?.id == "clam-chowder")
        // "large" is a size, not the parameter asked: it is not taken for it.
        #expect(turns[2].parameter("size") == nil)
        #expect(turns[2].reply.text == "Do you want a bowl?")
    }

    @Test("a language model's transcript may mishear one word of a longer title; typed text may not")
    func approximateTranscript() async throws {
        let cafe = try AppManifest(yaml: """
        app: Corner Cafe
        platforms: [iOS, watchOS]
        entities:
          Drink:
            suggested:
              - { id: mocha, title: Mocha }
              - { id: iced-mocha, title: Iced Mocha }
              - { id: latte, title: Latte }
        intents:
          - id: OrderDrink
            title: Order a drink
            category: order
            parameters:
              - { id: drink, title: Drink, type: Drink, prompt: What would you like? }
            dialog:
              success: Coming up.
        shortcuts:
          - intent: OrderDrink
            phrases: ["Order a drink with {applicationName}"]
            shortTitle: Order drink
        """, path: "cafe/app.yaml")
        var heard = try exampleSession("homepod", extra: [cafe])
        _ = await heard.respond(to: "Order a drink with Corner Cafe")
        let spoken = await heard.respond(to: Turn.Heard(text: "can i get a large ice mocha", source: .audio, confidence: 0.8, approximate: true))
        #expect(spoken.parameter("drink")?.id == "iced-mocha")
        var typed = try exampleSession("homepod", extra: [cafe])
        _ = await typed.respond(to: "Order a drink with Corner Cafe")
        #expect(await typed.respond(to: "can i get a large ice mocha").parameter("drink")?.id == "mocha")
    }

    @Test("an open-ended date is read against the device's clock")
    func dateAgainstClock() async throws {
        let zone = try #require(TimeZone(identifier: "Europe/Paris"))
        let now = try #require(SpokenDates.date(iso: "2026-03-02T18:00", timeZone: zone))
        let app = try AppManifest(yaml: """
        app: Planner
        platforms: [iOS, watchOS]
        intents:
          - id: Remind
            title: Set a reminder
            category: create
            parameters:
              - { id: when, title: When, type: date, prompt: When? }
              - { id: length, title: Length, type: duration, prompt: For how long? }
            dialog:
              success: "Reminder set for {when}, for {length}."
        shortcuts:
          - intent: Remind
            phrases: ["Set a reminder with {applicationName}"]
            shortTitle: Set reminder
        """, path: "planner/app.yaml")
        var session = try exampleSession("watch", settings: DeviceSettings(now: now, timeZone: zone), extra: [app])
        let turns = await play(&session, ["Set a reminder with Planner", "um, tomorrow at nine", "an hour and a half please"])
        #expect(turns[1].parameter("when")?.id == "2026-03-03T09:00")
        #expect(turns[2].parameter("length")?.id == "5400")
        #expect(turns[2].reply.text.hasSuffix("Reminder set for Tuesday, March 3 at 9 AM, for 1 hour and 30 minutes."))
        // A value inside a yes is taken ("should do it"); a no names none ("not now" is no time).
        var again = try exampleSession("watch", settings: DeviceSettings(now: now, timeZone: zone), extra: [app])
        let more = await play(&again, ["Set a reminder with Planner", "not now", "tomorrow at nine", "half an hour should do it"])
        #expect(more[1].parameter("when") == nil)
        #expect(more[2].parameter("when")?.id == "2026-03-03T09:00")
        #expect(more[3].parameter("length")?.id == "1800")
    }
}

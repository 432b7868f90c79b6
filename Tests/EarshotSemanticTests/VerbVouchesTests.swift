import EarshotDialogue
import EarshotEvaluation
import EarshotMatching
import EarshotModel
import EarshotSemantic
import Testing

/// Issue 19, seventeenth pass: a verb that is the intent's own (or stands for it in everyday use) says which
/// action is asked even when the rest of the request is far from the phrases' words; a "no" said after the
/// request refuses it; and three everyday wordings (serving a meal is feeding, saving a record is logging it,
/// warming a place up is heating it). WordNet (`make setup`) must be there for the verbs.
@Suite("The verb vouches; a 'no' said last refuses")
struct VerbVouchesTests: ReadsRequests {
    let verbs = ActionVerbs()

    @Test("a statement, then the intent's everyday verb, logs the hike though its words are far from the phrases")
    func verbOverridesTheActionFloor() async throws {
        let apps = try FlexibleMatchingAccuracy.apps(folder: FlexibleMatchingAccuracy.defaultFolder())
        for said in ["we finished the Dipsea an hour ago, note that in Trail Log", "I got back from Muir Woods just now, note it down in Trail Log"] {
            var session = try semanticSession("homepod", apps: apps)
            let logged = await session.respond(to: said)
            #expect(logged.match?.intent == "LogHike", "\(said): \(logged.reply.text)")
            var settings = SemanticMatcher.Settings.calibrated
            settings.verbOverridesFloor = false
            session = try semanticSession("homepod", apps: apps, settings: settings)
            let floored = await session.respond(to: said)
            #expect(floored.match == nil, "\(said), the action floor asked: \(floored.reply.text)")
        }
    }

    @Test("'no' before a thing or an act later in the sentence refuses the request")
    func laterNoRefuses() {
        #expect(VerbNet.shared.available, "WordNet is missing: run make setup")
        #expect(request("leave the library book as it is, no renewal") == .negated)
        #expect(request("I'll collect the coat myself, no delivery") == .negated)
        #expect(request("I'm taking the train instead, no car today") == .negated)
        #expect(verbs.fit(request("keep my wheel as it is, no firing"), ["log", "record", "fire"]) == .conflicts)
    }

    @Test("a 'no' that passes on a message, asks 'or no', or says 'no rush' refuses nothing")
    func laterNoThatRefusesNothing() {
        #expect(request("tell the cleaners no starch on the collars") != .negated)
        #expect(request("order the tomato soup, no rush") == .verb(["order"]))
        #expect(request("book a table for two, no later than eight") == .verb(["book"]))
        #expect(request("is my soup on its way or no") == .question)
        // A refusal said first is read as before.
        #expect(request("no soup for me tonight") == .negated)
    }

    @Test("serving a meal is feeding, saving a record is logging it, warming a place up is heating it")
    func everydayWordings() {
        let served = verbs.confirms(request("serve the cat her dinner"), ["feed", "dispense"])
        #expect(served, "serve the cat her dinner: \(request("serve the cat her dinner"))")
        let saved = verbs.confirms(request("I paid six dollars at the gate, save that"), ["log", "add"])
        #expect(saved, "save that: \(request("I paid six dollars at the gate, save that"))")
        let warmed = verbs.confirms(request("warm the living room up"), ["boost", "heat"])
        #expect(warmed, "warm the living room up: \(request("warm the living room up"))")
        // Read one way only, and only for the actions listed: serving is no order.
        #expect(verbs.fit(request("serve the cat her dinner"), ["order", "book"]) == .unrelated)
    }
}

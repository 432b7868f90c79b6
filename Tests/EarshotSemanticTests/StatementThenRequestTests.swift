import EarshotDialogue
import EarshotMatching
import EarshotModel
import EarshotSemantic
import Testing

/// People often say what happened before what they want ("I'm leaving the studio, wrap up my booking"):
/// the statement's verb tells the situation, the request's verb is the next clause's. WordNet (`make
/// setup`) must be there.
@Suite("A statement about the speaker, then the request")
struct StatementThenRequestTests: ReadsRequests {
    let verbs = ActionVerbs()

    @Test("after a statement about the speaker, the request's verb is the next clause's")
    func laterClause() {
        #expect(VerbNet.shared.available, "WordNet is missing: run make setup")
        #expect(request("I'm heading home now, wrap up my booking") == .verb(["wrap_up"]))
        #expect(request("I just fired three bowls, log them") == .verb(["log"]))
        // The action recorded, named as a noun in "-ing", is read beside the verb (twelfth pass).
        #expect(request("I've finished glazing the vase, record the firing") == .verb(["record", "fire"]))
        #expect(request("we're packing up, end the session") == .verb(["end"]))
        // A light verb in the request says nothing, as it says nothing alone.
        #expect(request("I'm exhausted, get me a coffee") == .unknown)
    }

    @Test("a statement alone is still the request, and a refusal after it still refuses")
    func statementStays() {
        #expect(request("I just glazed the vase") == .verb(["glaze"]))
        #expect(request("I already logged the firing, don't do it again") == .negated)
        #expect(request("I broke a cup, delete it") == .verb(["delete"]))
        #expect(verbs.fit(request("I broke a cup, delete it"), ["log", "record"]) == .conflicts)
        // "I'm skipping …" refuses what follows; "I'm stopping for a tea" refuses nothing.
        #expect(request("I'm skipping pottery tonight") == .refused(["skip"], of: []))
        #expect(request("I'm stopping for a tea, time it") == .verb(["time"]))
        // "to" and an article before a verb make it no request: "I paid to park", "a drink".
        #expect(request("I paid to park at the studio") == .verb(["pay"]))
        // Requests that open with their verb are read as before.
        #expect(request("I want to log a firing") == .verb(["log", "fire"]))
        #expect(request("log the firing I just did") == .verb(["log", "fire"]))
    }

    @Test("a value that did something is a statement's subject: a refusal after it refuses (eighteenth pass)")
    func valueThatDidSomething() {
        let marker = ActionVerbs.valueMarker
        // "the eye drops made my eyes itch, I'm not refilling them", with the value read as one noun.
        let refused: [Substring] = ["the", marker, "made", "my", "eyes", "itch", "im", "not", "refilling", "them"]
        #expect(verbs.request(refused) == .negated)
        let requested: [Substring] = ["the", marker, "worked", "great", "rent", "it", "again"]
        #expect(verbs.request(requested) == .verb(["rent", "rend"]))
    }

    @Test("on a new app, a value that did something and then a refusal matches nothing; then a request still matches")
    func valueStatementOnANewApp() async throws {
        let apps = [try AppManifest(yaml: GivingAndEverydayTests.kayaks, path: "kayaks.yaml")]
        let refused = try await firstTurn("Harbor Kayaks, the tandem kayak tipped over, I'm not renting it again", apps: apps)
        #expect(refused.match == nil, "\(refused.reply.text)")
        let again = try await firstTurn("Harbor Kayaks, the single kayak worked great, rent it again", apps: apps)
        #expect(again.match?.intent == "RentBoat", "\(again.reply.text)")
    }

    @Test("on a new app, a request after a statement reaches its intent; a refusal after one matches nothing")
    func onANewApp() async throws {
        let apps = [try AppManifest(yaml: EverydayVerbsTests.kiln, path: "kiln.yaml")]
        var session = try semanticSession("homepod", apps: apps)
        let log = await session.respond(to: "Kiln Studio, I just unloaded the kiln, log the firing")
        #expect(log.match?.intent == "LogFiring", "\(log.reply.text)")
        session = try semanticSession("homepod", apps: apps)
        let refused = await session.respond(to: "Kiln Studio, I already logged the firing, don't log it again")
        #expect(refused.match == nil, "\(refused.reply.text)")
        session = try semanticSession("homepod", apps: apps)
        let cancel = await session.respond(to: "Kiln Studio, I'm feeling sick today, cancel my wheel reservation")
        #expect(cancel.match?.intent != "ReserveWheel", "\(cancel.reply.text)")
    }
}

import EarshotDialogue
import EarshotMatching
import EarshotModel
import EarshotSemantic
import Testing

/// Everyday wordings of app actions that WordNet does not link to the action's verb ("save me a seat"
/// books one, "wrap up" ends, "jot down" logs): they count as the intent's own verb, and only for the
/// actions they stand for. WordNet (`make setup`) must be there.
@Suite("Everyday wordings of an action")
struct EverydayVerbsTests: ReadsRequests {
    let verbs = ActionVerbs()

    @Test("an everyday verb is the intent's own verb when it stands for it")
    func everydayVerbsFit() {
        #expect(VerbNet.shared.available, "WordNet is missing: run make setup")
        let cases: [(String, Set<String>)] = [
            ("save me a seat at the pottery workshop", ["reserve", "book"]),
            ("wrap up my piano practice", ["end", "stop"]),
            ("jot down two glasses of water", ["log", "record"]),
            ("tack on another ten minutes", ["extend"]),
            ("listen to the rain sounds", ["play"]),
            ("cap the volume at sixty", ["limit"]),
            ("arrange a furniture pickup for Friday", ["schedule"]),
        ]
        for (text, intentVerbs) in cases {
            #expect(verbs.fit(request(text), intentVerbs) == .fits, "\(text)")
            #expect(verbs.confirms(request(text), intentVerbs), "\(text)")
        }
    }

    @Test("a two-word everyday verb WordNet lacks is read as one verb")
    func everydayTwoWordVerb() {
        #expect(request("top up my bus pass") == .verb(["top_up"]))
        #expect(verbs.fit(request("top up my bus pass"), ["add", "load"]) == .fits)
    }

    @Test("an everyday verb stands for its own actions only, and a refusal of it is still a refusal")
    func everydayVerbsStayInTheirPlace() {
        // "wrap up" ends; it is no way of starting, and "save" is no way of deleting.
        #expect(verbs.fit(request("wrap up my piano practice"), ["start", "begin"]) != .fits)
        #expect(verbs.fit(request("save the lasagna recipe"), ["delete", "remove"]) != .fits)
        #expect(verbs.fit(request("don't save me a seat at the pottery workshop"), ["reserve", "book"]) == .conflicts)
        #expect(verbs.fit(request("cancel my seat at the pottery workshop"), ["reserve", "book"]) == .conflicts)
    }

    /// A pottery studio's app, in the test's own words: reserving a wheel, logging a firing, cancelling.
    static let kiln = """
        app: Kiln Studio
        platforms: [iOS]
        flexibleMatching: true
        locale: en-US
        intents:
          - id: ReserveWheel
            title: Reserve a pottery wheel
            category: other
            dialog: { success: Your wheel is reserved. }
            result: { values: {} }
          - id: LogFiring
            title: Log a firing
            category: other
            dialog: { success: Firing logged. }
            result: { values: {} }
          - id: CancelReservation
            title: Cancel a wheel reservation
            category: other
            dialog: { success: Your reservation is cancelled. }
            result: { values: {} }
          - id: StudioHours
            title: Check the studio hours
            category: information
            dialog: { success: The studio is open until nine. }
            result: { values: {} }
        shortcuts:
          - intent: ReserveWheel
            phrases: ["Reserve a pottery wheel with {applicationName}", "Book a wheel at {applicationName}"]
          - intent: LogFiring
            phrases: ["Log a kiln firing in {applicationName}", "Record a firing with {applicationName}"]
          - intent: CancelReservation
            phrases: ["Cancel my wheel reservation in {applicationName}"]
          - intent: StudioHours
            phrases: ["When is {applicationName} open"]
        """

    @Test("on a new app, an everyday verb reaches the intent it stands for; refusing or cancelling still does not")
    func everydayVerbOnANewApp() async throws {
        let apps = [try AppManifest(yaml: Self.kiln, path: "kiln.yaml")]
        var session = try semanticSession("homepod", apps: apps)
        let note = await session.respond(to: "Kiln Studio, note down the firing I just did")
        #expect(note.match?.intent == "LogFiring", "\(note.reply.text)")
        session = try semanticSession("homepod", apps: apps)
        let refused = await session.respond(to: "Kiln Studio, don't note down the firing I just did")
        #expect(refused.match == nil, "\(refused.reply.text)")
        session = try semanticSession("homepod", apps: apps)
        let cancel = await session.respond(to: "cancel my wheel reservation with Kiln Studio")
        #expect(cancel.match?.intent == "CancelReservation", "\(cancel.reply.text)")
    }
}

import EarshotDialogue
import EarshotMatching
import EarshotModel
import EarshotSemantic
import Testing

/// Constructions people wrap a request in (issue 19, twelfth pass): a name said before the verb as its
/// subject ("Biscuit is whining, book her a walk"), a name said with "'s", "come get", "let … know",
/// "send me", a verb with the state it leaves ("pull open"), recording an action named as a noun ("log a
/// watering"), a request asked as whether it can be done ("is there any way …"), and questions said
/// indirectly ("I forgot where …", "till what time …"). WordNet (`make setup`) must be there for the verbs.
@Suite("Requests wrapped in everyday constructions")
struct RequestConstructionsTests: ReadsRequests {
    let verbs = ActionVerbs()

    @Test("a question said indirectly is a question, and a preposition may open one")
    func indirectQuestions() {
        #expect(request("I forgot which level I left the car on") == .question)
        #expect(request("I don't know when my books are due") == .question)
        #expect(request("till what time is the branch open tonight") == .question)
        // A refusal is still a refusal, and "forget" before a thing still refuses it.
        #expect(request("I don't want to order soup") == .negated)
        #expect(verbs.fit(request("forget my soup order"), ["order"]) == .conflicts)
    }

    @Test("a request asked as whether it can be done is the request")
    func askedWhetherItCanBeDone() {
        guard case .verb(let lemmas) = request("is there any way you could order the tomato soup") else {
            Issue.record("no verb read")
            return
        }
        #expect(lemmas.contains("order"))
        #expect(verbs.fit(request("is it possible to cancel my order"), ["order"]) == .conflicts)
        // A question about whether a thing exists stays a question.
        #expect(request("is there a show called The Long Walk") == .question)
    }

    @Test("come get, let know and send me name no other action; pull open opens")
    func constructions() {
        #expect(request("come get my wool coat for dry cleaning") == .unknown)
        #expect(request("let the front desk know the treadmill is broken") == .unknown)
        #expect(request("send me a bowl of chicken noodle soup") == .unknown)
        #expect(request("pull open the menu") == .verb(["open"]))
        #expect(verbs.fit(request("slam shut the menu"), ["open", "show"]) == .conflicts)
        // A refused "come get" is refused, and "send" to someone else is still sending.
        #expect(request("don't come get my coat") == .negated)
        guard case .verb(let lemmas) = request("send the recipe to Dana") else {
            Issue.record("\"send the recipe to Dana\" is not read as a verb: \(request("send the recipe to Dana"))")
            return
        }
        #expect(lemmas.contains("send"))
    }

    @Test("recording an action named as a noun asks for that action; deleting one does not")
    func recordedAction() {
        #expect(verbs.fit(request("log a watering for the basil"), ["water"]) == .fits)
        #expect(verbs.fit(request("record a watering"), ["water"]) == .fits)
        #expect(verbs.fit(request("delete the last watering"), ["water"]) == .conflicts)
    }

    @Test("a verb that is a kind of checking in one of its senses checks; rating is still another action")
    func kindOfTheAction() {
        #expect(VerbNet.shared.available, "WordNet is missing: run make setup")
        #expect(verbs.fit(request("test the kitchen soil"), ["check"]) == .fits)
        #expect(verbs.fit(request("rate my last watering"), ["check", "water"]) == .conflicts)
    }

    /// A dog-walking app, in the test's own words: booking a walk for a dog, and where the walker is.
    static let walkies = """
        app: Walkies
        platforms: [iOS]
        flexibleMatching: true
        locale: en-US
        entities:
          Dog:
            title: Dog
            suggested:
              - { id: biscuit, title: Biscuit }
              - { id: rex, title: Rex }
        intents:
          - id: BookWalk
            title: Book a walk
            category: order
            parameters:
              - { id: dog, title: Dog, type: Dog, prompt: Which dog? }
            dialog: { success: The walk is booked. }
            result: { values: {} }
          - id: WalkerLocation
            title: Where is my walker
            category: information
            dialog: { success: Your walker is two streets away. }
            result: { values: {} }
          - id: CancelWalk
            title: Cancel a walk
            category: other
            dialog: { success: The walk is cancelled. }
            result: { values: {} }
        shortcuts:
          - intent: BookWalk
            phrases: ["Book a walk for {dog} with {applicationName}", "Book a dog walk with {applicationName}"]
          - intent: WalkerLocation
            phrases: ["Where is my walker in {applicationName}", "Find my dog walker with {applicationName}"]
          - intent: CancelWalk
            phrases: ["Cancel my walk with {applicationName}"]
        """

    @Test("on a new app, a name said before the request is its subject; a refusal after it still refuses")
    func nameBeforeTheRequest() async throws {
        let apps = [try AppManifest(yaml: Self.walkies, path: "walkies.yaml")]
        var session = try semanticSession("homepod", apps: apps)
        let book = await session.respond(to: "Walkies, Biscuit is whining at the door, book a walk for her")
        #expect(book.match?.intent == "BookWalk", "\(book.reply.text)")
        session = try semanticSession("homepod", apps: apps)
        let refused = await session.respond(to: "Walkies, Biscuit is limping today, don't book a walk for her")
        #expect(refused.match == nil, "\(refused.reply.text)")
    }
}

import EarshotDialogue
import EarshotMatching
import EarshotModel
import EarshotSemantic
import Testing

/// What the words around a request's verb say (issue 19, fourteenth pass): an end put off until a time
/// ("stop playing after twenty minutes" sets a timer), a verb that shares its commonest sense with another
/// action but in a sense people use is a kind of the intent's ("close my parking session" ends it), a
/// negator in a statement about the speaker ("I'm not done with it yet, keep it …"), and a question asking
/// for a person ("who teaches spin"). WordNet (`make setup`) must be there for the verbs.
@Suite("The words around a request's verb")
struct WordingsAroundTheVerbTests: ReadsRequests {
    let verbs = ActionVerbs()

    @Test("an end put off until a time sets a timer; an end now still refuses the action")
    func timedEnd() {
        #expect(request("stop playing after twenty minutes") == .unknown)
        #expect(request("turn the podcast off in half an hour") == .unknown)
        #expect(verbs.fit(request("stop playing the podcast"), ["play"]) == .conflicts)
        #expect(verbs.fit(request("turn off the podcast"), ["play"]) != .fits)
    }

    @Test("closing a session ends it; closing the menu is still the opposite of opening it")
    func closingEnds() {
        #expect(verbs.fit(request("close my parking session"), ["end", "stop"]) != .conflicts)
        #expect(verbs.fit(request("close the menu"), ["open", "show"]) == .conflicts)
        // "shut" is one of the other actions itself.
        #expect(verbs.fit(request("shut my parking session"), ["end", "stop"]) == .conflicts)
    }

    @Test("a negator in a statement about the speaker does not refuse the request after it")
    func negatedStatementThenRequest() {
        #expect(request("I'm not done with the book yet, keep it a little longer") != .negated)
        #expect(request("I'm not hungry, don't order soup") == .negated)
        #expect(request("I'm not ordering soup tonight") == .negated)
    }

    @Test("a question asking who fits only an intent that asks who")
    func whoQuestions() {
        #expect(request("who teaches spin on Tuesdays") == .personQuestion)
        #expect(request("when is my next class") == .question)
        #expect(verbs.fit(.personQuestion, ["check"], answers: true) == .fits)
        #expect(verbs.fit(.personQuestion, ["book"], answers: false) == .conflicts)
    }

    @Test("on a new app, a question asking who is no request for what the app tells")
    func whoOnANewApp() async throws {
        let apps = [try AppManifest(yaml: RequestConstructionsTests.walkies, path: "walkies.yaml")]
        var session = try semanticSession("homepod", apps: apps)
        let who = await session.respond(to: "Walkies, who else walks Biscuit on Tuesdays")
        #expect(who.match == nil, "\(who.reply.text)")
        session = try semanticSession("homepod", apps: apps)
        let whereIs = await session.respond(to: "Walkies, where is my dog walker right now")
        #expect(whereIs.match?.intent == "WalkerLocation", "\(whereIs.reply.text)")
    }
}

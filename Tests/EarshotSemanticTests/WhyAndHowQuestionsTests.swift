import EarshotDialogue
import EarshotMatching
import EarshotModel
import EarshotSemantic
import Testing

/// Issue 19, eighteenth pass: a question asking for an explanation — a reason ("why is the study always freezing")
/// or a way to do something ("how do I get a library card") — fits only an intent whose own words ask it, as a
/// question asking who fits only one that asks who. No app's intent explains, so such questions match nothing;
/// other questions to an intent that tells still match. WordNet (`make setup`) must be there for the verbs.
@Suite("Questions asking why or how to do something")
struct WhyAndHowQuestionsTests: ReadsRequests {
    let verbs = ActionVerbs()

    @Test("why and how-do-I questions ask for an explanation; other questions do not")
    func explanationQuestions() {
        #expect(request("why is the study always freezing") == .explanationQuestion)
        #expect(request("how do I get a library card for my son") == .explanationQuestion)
        #expect(request("how can we lower the seat") == .explanationQuestion)
        // Asking for words, an amount or a time is no explanation.
        #expect(request("how do you say good morning in Spanish") == .question)
        #expect(request("how do I say thank you in French") == .question)
        #expect(request("how far did I hike this week") == .question)
        #expect(request("when is my next class") == .question)
        #expect(verbs.fit(.explanationQuestion, ["check"], answers: true) == .fits)
        #expect(verbs.fit(.explanationQuestion, ["book"], answers: false) == .conflicts)
    }

    @Test("on a new app, a why or how-do-I question is no request for what the app tells")
    func onANewApp() async throws {
        let apps = [try AppManifest(yaml: RequestConstructionsTests.walkies, path: "walkies.yaml")]
        for said in ["Walkies, why is my dog walker late today", "Walkies, how do I become a dog walker"] {
            let reply = try await firstTurn(said, apps: apps)
            #expect(reply.match == nil, "\(said): \(reply.reply.text)")
        }
        let whereIs = try await firstTurn("Walkies, where is my dog walker right now", apps: apps)
        #expect(whereIs.match?.intent == "WalkerLocation", "\(whereIs.reply.text)")
    }
}

import EarshotSemantic
import Testing

/// Issue 19, twentieth pass: more everyday wordings WordNet does not link to an app action's own verb
/// (settling on a glaze chooses it, picking up clay buys it, timing the drying starts a timer, passing word to
/// a driver messages them, pricing a trip checks it, alerting someone about a film reminds them, depositing
/// money tops up). WordNet (`make setup`) must be there.
@Suite("Everyday wordings, twentieth pass")
struct EverydayVerbsTwentiethTests: ReadsRequests {
    let verbs = ActionVerbs()

    @Test("everyday wordings stand for their actions", arguments: [
        ("I've settled on the blue glaze", ["choose"]),
        ("pick up a bag of clay", ["buy"]),
        ("join the evening class", ["book"]),
        ("time the bread in the oven", ["start"]),
        ("pass a message to my driver", ["message"]),
        ("contact the front desk", ["message"]),
        ("price a ride to the station", ["check"]),
        ("alert me when the film starts", ["remind"]),
        ("stick the film on my list", ["add"]),
        ("write up what I thought of the show", ["review"]),
        ("deposit twenty dollars", ["top_up"]),
        ("return my coat to me", ["deliver"]),
    ] as [(String, Set<String>)])
    func stands(text: String, intentVerbs: Set<String>) {
        #expect(VerbNet.shared.available, "WordNet is missing: run make setup")
        #expect(verbs.confirms(request(text), intentVerbs), "\(text): \(request(text))")
    }

    @Test("they stand for those actions only, and a refusal of them still refuses")
    func onlyThose() {
        #expect(!verbs.confirms(request("pick up a bag of clay"), ["message", "send"]))
        #expect(!verbs.confirms(request("return a bag of clay"), ["order", "buy"]))
        #expect(request("don't time the bread") == .negated)
    }
}

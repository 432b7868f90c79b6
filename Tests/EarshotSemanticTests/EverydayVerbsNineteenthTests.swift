import EarshotSemantic
import Testing

/// Issue 19, nineteenth pass: more everyday wordings WordNet does not link to an app action's own verb
/// (bookmarking or remembering a thing saves it, querying someone asks them, revising words reviews them,
/// working on a language practises it, writing to someone messages them, popping a card in the post sends it,
/// changing a setting sets it). WordNet (`make setup`) must be there.
@Suite("Everyday wordings, nineteenth pass")
struct EverydayVerbsNineteenthTests: ReadsRequests {
    let verbs = ActionVerbs()

    @Test("everyday wordings stand for their actions", arguments: [
        ("bookmark the sea life exhibit", ["save"]),
        ("remember this exhibit for me", ["save"]),
        ("query a curator about a painting", ["ask"]),
        ("revise my Japanese words", ["review"]),
        ("work on my German", ["practice"]),
        ("write to the band", ["message"]),
        ("pop a garden card in the post", ["send"]),
        ("change how much I study each day", ["set"]),
    ] as [(String, Set<String>)])
    func stands(text: String, intentVerbs: Set<String>) {
        #expect(VerbNet.shared.available, "WordNet is missing: run make setup")
        #expect(verbs.confirms(request(text), intentVerbs), "\(text): \(request(text))")
    }

    @Test("they stand for those actions only, and a refusal of them still refuses")
    func onlyThose() {
        #expect(!verbs.confirms(request("bookmark the sea life exhibit"), ["order", "buy"]))
        #expect(!verbs.confirms(request("change my soup order"), ["order", "buy"]))
        #expect(request("don't bookmark this exhibit") == .negated)
    }
}

/// What a device's question lets an answer say again before its value: "What should I remind you about?"
/// is answered "remind me to call the dentist", "to pick up the dry cleaning" or "that I need to water the
/// lawn", and the value is what follows the frame.
struct QuestionFrame: Sendable {
    /// The question's verbs addressed to the person asked: the word before its "you" ("remind" in "What
    /// should I remind you about?"), when that is no question word, auxiliary or pronoun. An answer may say
    /// one again with the person turned round ("remind me to …"), or begin where its complement does
    /// ("to …", "that I …", "about …").
    let verbs: Set<String>
    var addressesPerson: Bool { !verbs.isEmpty }
    /// Whether the question asks for a name ("What do you want to call it?", "What's the list's name?").
    let asksName: Bool
    /// The question's words, normalised ("which book would you like").
    let words: Set<String>

    init(_ question: String) {
        let said = Normalizer.normalize(question).split(separator: " ").map(String.init)
        verbs = Set(said.indices.compactMap { i in
            i > 0 && said[i] == "you" && !Self.functionWords.contains(said[i - 1]) ? said[i - 1] : nil
        })
        words = Set(said)
        asksName = !words.isDisjoint(with: ["call", "called", "name", "named", "title", "label"])
    }

    /// How many words at the start of `answer` say the question's frame again, or `nil` when none do:
    /// the question's verb with the person turned round ("remind me", "remind us") and its linker ("to",
    /// "that", "about"); or, when the question's verb is addressed to the person, the linker alone; then a
    /// subject's need ("I need to", "I have to"), which only says it is a thing to do.
    func echo(_ answer: [String]) -> Int? {
        var i = 0
        if let lead = Self.requestLeads.first(where: { answer.count > $0.count && Array(answer.prefix($0.count)) == $0 }) { i = lead.count }
        var said = false
        if i + 1 < answer.count, verbs.contains(answer[i]), ["me", "us"].contains(answer[i + 1]) {
            i += 2
            said = true
            if i < answer.count, Self.linkers.contains(answer[i]) { i += 1 }
        } else if addressesPerson, i == 0, Self.linkers.contains(answer[0]) {
            // "that" opens the complement only before its subject ("that I need to …"); "that email from Sam"
            // is the thing itself.
            guard answer[0] != "that" || (answer.count > 1 && Self.subjects.contains(answer[1])) else { return nil }
            i = 1
            said = true
        }
        guard said else { return nil }
        if let need = Self.needs.first(where: { i + $0.count < answer.count && Array(answer[i..<(i + $0.count)]) == $0 }) {
            i += need.count
        }
        return i
    }

    static let linkers: Set<String> = ["to", "that", "about", "of"]
    static let subjects: Set<String> = ["i", "we", "you", "im", "ive", "ill", "id", "were", "weve"]
    static let requestLeads: [[String]] = ["please", "can you", "could you", "just", "i want you to", "id like you to"]
        .map { Normalizer.normalize($0).split(separator: " ").map(String.init) }.sorted { $0.count > $1.count }
    static let needs: [[String]] = [
        "i need to", "we need to", "i have to", "we have to", "i should", "we should", "i must", "we must", "i gotta",
        "i got to", "ive got to", "weve got to", "i want to", "im supposed to", "i am supposed to", "im going to",
        "i am going to",
    ].map { Normalizer.normalize($0).split(separator: " ").map(String.init) }.sorted { $0.count > $1.count }
    static let functionWords: Set<String> = [
        "what", "which", "when", "where", "who", "whom", "whose", "why", "how", "should", "would", "could", "can",
        "will", "shall", "may", "might", "must", "do", "does", "did", "is", "are", "was", "were", "be", "been", "am",
        "i", "you", "me", "we", "us", "it", "its", "they", "them", "he", "she", "your", "my", "our", "their", "the",
        "a", "an", "to", "for", "about", "of", "on", "in", "at", "with", "from", "by", "into", "this", "that",
        "these", "those", "want", "like", "please", "say", "and", "or", "so", "then", "there", "here", "any", "some",
        "else", "wanna", "whats", "whos",
    ]
}

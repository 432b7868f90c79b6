/// What a dictated string is, as its question and parameter say: a different set of carriers opens each.
enum DictationKind: Sendable, Equatable {
    /// Something to do, the person's own words ("What should I remind you about?", a "Task"): nothing that
    /// looks like speech to others is taken off ("tell mom happy birthday" stays whole).
    case task
    /// A name or title: of something new ("What do you want to call it?") or of the thing asked for
    /// ("Which book would you like?", a parameter titled "Title"): "a novel called …", "the book is …",
    /// "it's …" open it.
    case name
    /// Words passed on to someone ("What should I tell your driver?", a "Message"): "tell them …", "say …",
    /// "let them know that …" open it.
    case message
    /// Anything else (a report, a description): "report that …", "<reporting verb> that …" open it.
    case other
}

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
    /// The words that name what is asked: the parameter's title and id ("Title", "bookTitle" → "title",
    /// "book"; "Message" → "message").
    let subject: Set<String>
    /// What kind of thing the string is (from the question and the parameter's words, never the device).
    let kind: DictationKind

    /// - Parameters:
    ///   - question: what the device asked ("Which book would you like?").
    ///   - asking: the parameter's title and id, words that say what is asked ("Title bookTitle").
    init(_ question: String, asking: String = "") {
        let said = Normalizer.normalize(question).split(separator: " ").map(String.init)
        verbs = Set(said.indices.compactMap { i in
            i > 0 && said[i] == "you" && !Self.functionWords.contains(said[i - 1]) ? said[i - 1] : nil
        })
        words = Set(said)
        asksName = !words.isDisjoint(with: Self.nameWords)
        subject = Set(Normalizer.normalize(Self.splittingCamelCase(asking)).split(separator: " ").map(String.init))
        let both = words.union(subject)
        // "What do you need to do?": "do" as the thing asked (the question's last word, or after "to").
        let asksToDo = said.last == "do" || zip(said, said.dropFirst()).contains { $0 == "to" && $1 == "do" }
        if !verbs.isEmpty || asksToDo || !both.isDisjoint(with: Self.taskWords) {
            kind = .task
        } else if asksName || !subject.isDisjoint(with: Self.nameWords) {
            kind = .name
        } else if !both.isDisjoint(with: Self.speechWords) {
            kind = .message
        } else if said.first == "which" {
            // "Which book would you like?": the thing is named by its title.
            kind = .name
        } else {
            kind = .other
        }
    }

    /// Words that ask for a name: "What do you want to call it?", a parameter titled "Name" or "Title".
    static let nameWords: Set<String> = ["call", "called", "name", "named", "title", "titled", "label"]
    /// Words of a question or parameter that ask for something to do ("What do you need to do?", a
    /// "Task" or "Reminder"): the string is the person's own words, even when they open with "tell" or "say".
    static let taskWords: Set<String> = ["task", "tasks", "todo", "reminder", "remind", "chore", "errand"]
    /// Words of a question or parameter that ask for words to be passed on ("What should I tell your
    /// driver?", a "Message").
    static let speechWords: Set<String> = ["tell", "say", "message", "text", "reply", "announce", "announcement"]

    /// "bookTitle" → "book Title".
    static func splittingCamelCase(_ text: String) -> String {
        var out = ""
        var previous: Character?
        for c in text {
            if c.isUppercase, let p = previous, p.isLowercase || p.isNumber { out.append(" ") }
            out.append(c == "_" || c == "-" ? " " : c)
            previous = c
        }
        return out
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
        } else if kind == .task, i == 0, let need = Self.needs.first(where: { answer.count > $0.count + 1 && Array(answer.prefix($0.count)) == $0 }) {
            // "I must book the car in for its service" answering "What should I remind you about?" (a task): the need
            // is said without the frame; the task follows it.
            return need.count
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
    static let requestLeads: [[String]] = AnswerWords.phrases(["please", "can you", "could you", "just", "i want you to", "id like you to"])
    static let needs: [[String]] = AnswerWords.phrases([
        "i need to", "we need to", "i have to", "we have to", "i should", "we should", "i must", "we must", "i gotta",
        "i got to", "ive got to", "weve got to", "i want to", "im supposed to", "i am supposed to", "im going to",
        "i am going to",
    ])
    static let functionWords: Set<String> = [
        "what", "which", "when", "where", "who", "whom", "whose", "why", "how", "should", "would", "could", "can",
        "will", "shall", "may", "might", "must", "do", "does", "did", "is", "are", "was", "were", "be", "been", "am",
        "i", "you", "me", "we", "us", "it", "its", "they", "them", "he", "she", "your", "my", "our", "their", "the",
        "a", "an", "to", "for", "about", "of", "on", "in", "at", "with", "from", "by", "into", "this", "that",
        "these", "those", "want", "like", "please", "say", "and", "or", "so", "then", "there", "here", "any", "some",
        "else", "wanna", "whats", "whos",
    ]
}

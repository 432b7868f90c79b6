extension OpenValueReader {
    /// Whether `words` (an answer's content words, normalised) open as a question of the speaker's own:
    /// "what's the weather like tomorrow", "how long does pasta take", "what time do you close tonight", "is it
    /// going to rain later", "are they open on Sundays". The numbers and days in such a question are not the
    /// value asked for: said to "How much was it?" or "When should I remind you?", it is no answer.
    ///
    /// A question opens with a wh-word and a verb ("what's", "when is", "how long does", "what time is"), or with
    /// a verb and "it", "they", "there", "you", "he" or "she" ("is it", "do you"). "How about ten", "what about
    /// Friday" and "what if we say six" are answers, and so is a question the speaker settles with a value
    /// ("what was it, call it twelve fifty"). "Can you", "could you", "would you" open requests that hold the
    /// value ("could you make it Friday"), so they are no question here.
    static func asksBack(_ words: [String]) -> Bool {
        let words = words.drop { questionOpeners.contains($0) }
        guard let first = words.first else { return false }
        let rest = Array(words.dropFirst())
        if let second = rest.first, ["about", "if"].contains(second) { return false }
        if settlesAfterQuestion(Array(words)) { return false }
        if contractedQuestionWords.contains(first) { return true }
        if questionWords.contains(first), let second = rest.first, questionVerbs.contains(second) { return true }
        // "what time is it", "how long does it take", "which day are you open".
        if ["what", "how", "which"].contains(first), rest.count >= 2, questionVerbs.contains(rest[1]) { return true }
        if yesNoVerbs.contains(first), let second = rest.first, questionSubjects.contains(second) { return true }
        return false
    }

    /// Whether the answer asks for a task of its own ("remind me to check the forecast for Sunday first",
    /// "don't forget to book the taxi tomorrow") where the question asks for something else: its day or number
    /// belongs to that task, not to the value asked for. Said to a question about reminding ("When should I
    /// remind you?") it is the question's frame said again, and the value follows (twenty-third pass).
    static func asksAnotherTask(_ words: [String], question: String?) -> Bool {
        let words = Array(words.drop { questionOpeners.contains($0) || $0 == "please" || $0 == "just" })
        guard let lead = taskLeads.first(where: { words.count > $0.count && words.starts(with: $0) }) else { return false }
        guard !QuestionFrame(question ?? "").verbs.contains("remind") else { return false }
        // "remind me to" before the value's own words ("remind me to, um, at six") is the frame, not a task.
        return words[lead.count...].contains { !AnswerWords.fillers.contains($0) }
            && !["at", "on", "in", "by", "around", "about"].contains(words[lead.count])
    }
    static let taskLeads: [[String]] = AnswerWords.phrases([
        "remind me to", "remind me that", "remember to", "dont forget to", "dont let me forget to",
    ])

    /// Whether a settling carrier ("call it", "let's say", "make it", "put down") follows the question's first
    /// words, so the speaker answers it themselves.
    private static func settlesAfterQuestion(_ words: [String]) -> Bool {
        words.indices.dropFirst().contains { start in answeringCarriers.contains { words[start...].starts(with: $0) } }
    }

    /// Words taken off before a question's first word ("oh, what's …", "hang on, is it …", "actually, what time …").
    static let questionOpeners: Set<String> = ["oh", "so", "well", "and", "but", "actually", "wait", "hey", "siri",
                                               "okay", "ok", "hang", "on", "sorry", "hold"]
    /// Question words written with their verb ("what's", "how's"; apostrophes are removed when normalised).
    static let contractedQuestionWords: Set<String> = ["whats", "hows", "whens", "wheres", "whos", "whys"]
    /// Words that open a question before its verb.
    static let questionWords: Set<String> = ["what", "how", "when", "where", "who", "why", "which"]
    /// Verbs right after a question word ("when is", "how does", "where can").
    static let questionVerbs: Set<String> = ["is", "are", "was", "were", "do", "does", "did", "will", "would", "can",
                                             "could", "should", "has", "have", "am"]
    /// Verbs that open a yes/no question before its subject ("is it", "do you"): not "can", "could" or "would",
    /// which open requests.
    static let yesNoVerbs: Set<String> = ["is", "are", "was", "were", "do", "does", "did", "will", "has", "have"]
    /// The subjects of such a question.
    static let questionSubjects: Set<String> = ["it", "they", "there", "you", "he", "she"]
    /// Carriers that give the value after a question ("what was it, call it twelve fifty").
    static let answeringCarriers = AnswerWords.phrases(["call it", "lets say", "say", "make it", "put down", "put it down",
                                                        "go with"])
}

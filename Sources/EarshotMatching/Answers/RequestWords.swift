/// What people put around a request (behaviour spec §2, issue 18): disfluencies ("um", "uh"), which are not
/// words on any device, and politeness and openings ("hey", "can you", "please"), which only a device with
/// flexible matching forgives. See docs/dialogue.md, "Requests as people say them".
public enum RequestWords {
    /// Openings before a request: "hey", "can you", "I'd like to", "please" (normalised, longest first).
    public static let openings: [String] = [
        "hey", "hi", "hello", "ok", "okay", "so", "well", "oh", "alright", "please",
        "can you please", "could you please", "would you please", "will you please", "can you", "could you",
        "would you", "will you", "can i", "could i", "may i", "i want to", "i wanna", "i would like to",
        "id like to", "i need to", "i want you to", "id like you to", "i would like you to", "go ahead and",
        "lets", "just", "quickly", "now", "actually", "and", "oh and", "so anyway", "anyway",
        // A hesitation heard as a word ("er" → "or") opens no request.
        "or",
        // Words that only turn to the device ("listen, get tickets …", "sorry, what's on …", "go on, start …").
        "listen", "look", "right", "right so", "go on", "sorry", "excuse me", "also", "pardon", "pardon me", "beg your pardon",
        // Asking gently, or for later: "I was wondering, could you …", "when you get a chance, top up …".
        "i was wondering", "i was wondering if you could", "i was just wondering", "im wondering", "i wonder if you could",
        "when you get a chance", "when you get a moment", "when you have a moment", "when you have a minute",
        "if you get a chance", "whenever you can",
    ].sorted { $0.split(separator: " ").count > $1.split(separator: " ").count }

    /// Closings after a request: "please", "thanks", "for me".
    public static let closings: [String] = [
        "please", "thanks", "thank you", "for me", "for me please", "please thanks", "right now", "now", "now please",
        "ta", "cheers", "thanks a lot", "thank you very much", "thanks very much", "if you can", "if you could",
        "when you can", "mate", "cheers mate", "thanks mate", "would you", "could you", "will you",
        "many thanks", "please and thanks", "please and thank you", "thanks so much", "thank you so much",
        "much appreciated", "ta very much", "when you get a chance", "when you get a moment", "whenever you can",
        // Asking leave: "…, if that's okay", "…, if you don't mind", "…, if possible".
        "if thats okay", "if thats ok", "if thats alright", "if thats all right", "if you dont mind", "if possible",
        "if its possible", "if you would", "if its okay",
    ].sorted { $0.split(separator: " ").count > $1.split(separator: " ").count }

    /// The most words a phrase said inside a request may have before it (``Resolver``: hesitations written as
    /// words, "okay pay okay …").
    public static let longestLead = 3

    /// Words that, said around a phrase, make the request something other than the phrase (``Resolver``): a
    /// refusal ("don't", "never", "no", "stop", "cancel", "skip"), a question or a condition about it ("how do
    /// I …", "why …", "if …", "before …"), a correction or an alternative ("wait", "actually", "instead",
    /// "rather", "or", "but"), another time of asking ("again", "later", "tomorrow" stays: it is a value's),
    /// the speaker's doubt ("maybe", "whether").
    public static let unsettling: Set<String> = [
        "dont", "do", "does", "did", "didnt", "doesnt", "not", "never", "no", "nope", "nah", "cant", "cannot", "wont", "shouldnt",
        "stop", "cancel", "skip", "undo", "quit", "forget", "avoid", "instead", "rather", "actually", "wait", "or", "but",
        "how", "why", "what", "whats", "when", "where", "which", "who", "if", "whether", "unless", "before", "after",
        "until", "till", "maybe", "should", "would", "could", "was", "were", "is", "are", "mean", "meant", "sorry",
        "again", "already", "without", "except",
    ]

    /// What opens a condition of room said after a request ("…, if there's room tonight", "…, if there's a slot
    /// on Friday"): the request is the same without it, whatever the few words after these (at most
    /// ``longestCondition``).
    static let conditionOpenings: [[String]] = [
        ["if", "theres", "room"], ["if", "theres", "space"], ["if", "theres", "a", "slot"], ["if", "theres", "a", "space"],
        ["if", "theres", "one", "free"], ["if", "theres", "availability"], ["if", "theres", "a", "table"],
        ["if", "there", "is", "room"], ["if", "you", "have", "room"], ["if", "theyve", "got", "room"],
        ["if", "theres", "any", "left"], ["if", "there", "are", "any", "left"],
    ]
    /// The most words a condition of room may hold after its opening.
    static let longestCondition = 3

    /// The normalised request without disfluencies ("um order soup with soup chef" → "order soup with soup chef")
    /// and without the wake phrase before it ("hey siri, …"), which is said to the device, not to the app:
    /// the device's own (`wake`, its profile's) or Siri's common forms.
    public static func withoutFillers(_ normalized: String, wake: [String] = []) -> String {
        var words = normalized.split(separator: " ").map(String.init).filter { !AnswerWords.fillers.contains($0) }
        let own = wake.map { Normalizer.normalize($0).split(separator: " ").map(String.init) }.filter { !$0.isEmpty }
        for wake in (own + wakePhrases).sorted(by: { $0.count > $1.count }) where words.count > wake.count && Array(words.prefix(wake.count)) == wake {
            words.removeFirst(wake.count)
            break
        }
        return words.joined(separator: " ")
    }

    /// Siri's wake phrases a typed request may start with, whatever the device's own.
    static let wakePhrases = [["hey", "siri"], ["ok", "siri"], ["okay", "siri"], ["siri"]]

    /// The normalised request without openings and closings ("hey can you order soup with soup chef please" →
    /// "order soup with soup chef"); fillers are taken out too.
    public static func withoutPoliteness(_ normalized: String, wake: [String] = []) -> String {
        var words = withoutFillers(normalized, wake: wake).split(separator: " ").map(String.init)
        var changed = true
        while changed {
            changed = false
            for opening in openingWords where words.count > opening.count && Array(words.prefix(opening.count)) == opening {
                words.removeFirst(opening.count)
                changed = true
                break
            }
            for closing in closingWords where words.count > closing.count && Array(words.suffix(closing.count)) == closing {
                words.removeLast(closing.count)
                changed = true
                break
            }
            if !changed, let start = conditionStart(words) {
                words.removeLast(words.count - start)
                changed = true
            }
        }
        return words.joined(separator: " ")
    }

    /// Where a condition of room at the end of `words` starts (``conditionOpenings``), with words left before it;
    /// `nil` when none ends them.
    static func conditionStart(_ words: [String]) -> Int? {
        for start in stride(from: words.count - 1, to: 0, by: -1) where words[start] == "if" {
            let tail = Array(words[start...])
            if let opening = conditionOpenings.first(where: { tail.starts(with: $0) }), tail.count - opening.count <= longestCondition {
                return start
            }
        }
        return nil
    }

    static let openingWords = openings.map { $0.split(separator: " ").map(String.init) }
    static let closingWords = closings.map { $0.split(separator: " ").map(String.init) }
}

/// The words people put around an answer, in normalised form (``Normalizer/normalize(_:)``: lower case,
/// no apostrophes, numbers in digits, so "I'd like" is "id like" and "that one" is "that 1").
///
/// ``AnswerReader`` and ``OpenValueReader`` read answers with them; a speech recognizer's grammar or
/// language model can hold them too (``spokenCarriers``, ``spokenFillers`` … are the same lists written as
/// words a dictionary has).
public enum AnswerWords {
    /// Each phrase's normalised words (``Normalizer/normalize(_:)``), longest phrase first: the form the readers
    /// match phrases in ("call it", "let's say" → `["lets", "say"]`).
    static func phrases(_ list: [String]) -> [[String]] {
        list.map { Normalizer.normalize($0).split(separator: " ").map(String.init) }.sorted { $0.count > $1.count }
    }

    /// Hesitations, dropped wherever they are: "um, the tomato one" = "the tomato one".
    public static let fillers: Set<String> = ["um", "umm", "uh", "uhh", "er", "erm", "uhm", "hmm", "hm", "mm", "ah", "eh", "err"]

    /// Words that open an answer without being part of it ("well, …", "oh, …", "okay so …").
    public static let openers: [String] = ["oh", "well", "so", "okay", "ok", "alright", "all right", "actually", "hey", "like", "and"]

    /// Second thoughts before a typed or transcribed answer ("on second thoughts, leave it", "come to think of
    /// it, no"): the readers take them off like ``openers``. Not in a recognizer's grammar or model, whose
    /// words they would add ("on" is no answer's word).
    public static let secondThoughts: [String] = ["on second thought", "on second thoughts", "come to think of it", "thinking about it"]

    /// Phrases that carry a value: "can I get …", "I'll take …", "let's do …" (longest first).
    public static let carriers: [String] = [
        "i think ill go with", "i think ill have", "i think ill take", "i think ill get", "i think id like",
        "i would like to go with", "id like to go with", "i would like to have", "id like to have", "i would like to get",
        "id like to get", "i want to go with", "i wanna go with", "i want to get", "i wanna get", "i want to have",
        "can you get me", "could you get me", "can you give me", "could you give me", "can i please get", "can i please have",
        "could i please get", "could i please have", "can i get", "can i have", "could i get", "could i have", "may i have",
        "may i get", "can we get", "can we have", "could we get", "could we have", "we would like", "wed like", "well have",
        "well take", "well go with", "i would like", "id like", "i would love", "id love", "i would prefer", "id prefer",
        "i would go with", "id go with", "i would say", "id say", "i would have", "id have", "i want", "i wanna", "i need",
        "ill have", "ill take", "ill get", "ill go with", "ill go for", "ill do", "lets do", "lets go with", "lets go for",
        "lets try", "lets get", "lets have", "lets make it", "make it", "make that", "how about", "how bout", "what about",
        "go with", "go for", "give me", "get me", "i guess", "i think", "i suppose", "i choose", "i chose", "i pick",
        "i prefer", "i will have", "i will take", "i will go with", "i will get", "i will do", "probably", "maybe", "perhaps",
        "just", "only", "definitely", "please",
    ]

    /// Articles and determiners before a value: "the", "a", "my" …
    public static let articles: Set<String> = ["the", "a", "an", "some", "my", "our", "that", "this", "those", "these"]

    /// Politeness and closings after a value: "… please", "… thanks", "… if you can".
    public static let closings: [String] = [
        "thank you very much", "thanks a lot", "thank you", "thanks", "please", "if you can", "if possible", "for me",
        "for now", "i guess", "i think", "i suppose", "then", "instead", "today", "if thats ok", "if thats okay", "as well",
        "too", "ok", "okay",
    ]

    /// Phrases that name what a string answer will be called: "call it …", "it's called …".
    public static let namingCarriers: [String] = [
        "i would like to call it", "id like to call it", "i want to call it", "i wanna call it", "lets call it",
        "you can call it", "call it", "name it", "title it", "its called", "it is called", "it should be called",
        "the name is", "its name is", "the title is", "i want it called", "how about", "make it", "its", "it is",
        "i would like", "id like", "i want",
    ]

    /// Yes as people say it: whole answers and the openings of longer ones ("yeah, go ahead").
    public static let yesPhrases: [String] = [
        "yes", "yeah", "yea", "yep", "yup", "ya", "yah", "sure", "sure thing", "of course", "absolutely", "definitely",
        "certainly", "correct", "right", "thats right", "that is right", "thats correct", "that is correct", "affirmative",
        "do it", "do that", "lets do it", "lets do that", "go ahead", "go for it", "please do", "sounds good",
        "sounds great", "sounds right", "that works", "works for me", "perfect", "great", "fine", "thats fine",
        "confirm", "i confirm", "confirmed", "exactly", "you got it", "i do", "i would", "i guess so", "i think so",
        "why not", "no problem", "not a problem", "no doubt", "for sure", "alright", "all right", "ok", "okay",
        "uh huh", "mm hmm", "mhm", "yes please", "please", "it is", "that is it", "thats it", "it does", "good",
        "place the order", "place it", "send it", "order it", "book it", "proceed", "continue", "carry on",
        "you bet", "totally", "sounds lovely", "sounds nice", "sounds fine", "sounds perfect",
        // The thing offered, agreed to: "that's what I want", "that's the one".
        "thats what i want", "thats what i wanted", "thats what i need", "that is what i want", "just what i wanted",
        "thats the 1", "thats the plan",
        // Agreement given with "then" ("go on then", "OK then"); "go on" alone asks for more options.
        "go on then", "ok then", "okay then", "alright then", "all right then", "fine then", "yes then", "yeah then",
        // Old-fashioned and playful yeses: "by all means", "okey dokey", "righto".
        "by all means", "okey dokey", "okie dokie", "okey doke", "righto", "right you are", "right oh",
        // "Cool" agrees, alone or before the go-ahead ("cool, send the car"; twenty-fifth pass).
        "cool", "cool cool", "very cool", "cool thanks",
    ]

    /// No as people say it: whole answers and the words that make an answer a no ("no, that's wrong").
    public static let noPhrases: [String] = [
        "no", "nope", "nah", "naw", "no thanks", "no thank you", "negative", "not really", "dont", "do not", "not now",
        "no way", "wrong", "thats wrong", "that is wrong", "not that", "incorrect", "thats not right",
        "that is not right", "not right", "i dont", "i do not", "never", "not", "dont do it", "i dont think so",
        "rather not", "id rather not", "i would rather not", "hold off",
    ] + passingPhrases

    /// Passing on what is offered, a no wherever it is in an answer: "I'll pass", "I'll give it a miss";
    /// leaving or skipping it: "that's steep, I'll leave it" (twenty-fourth pass).
    public static let passingPhrases: [String] = [
        "ill pass", "i will pass", "ill give it a miss", "give it a miss",
        "ill leave it", "i will leave it", "ill skip it", "i will skip it",
    ]

    /// Answers that are neither yes nor no ("I don't know"): heard, and not taken as either.
    public static let unsurePhrases: [String] = [
        "i dont know", "i do not know", "dont know", "not sure", "im not sure", "i am not sure", "no idea",
        "i have no idea", "maybe", "i dont care", "whatever", "not sure yet",
    ]

    /// "More options" as people ask it: "what else do you have", "any other options?".
    public static let morePhrases: [String] = [
        "more", "more options", "other options", "something else", "what else", "next", "anything else", "more please",
        "others", "other ones", "the other ones", "more choices", "other choices", "what are the other options",
        "what other options", "what are my options", "what are the options", "list more", "read more", "tell me more",
        "what else do you have", "what else have you got", "what else is there", "what else you got",
        "what other ones are there", "any other options", "are there other options", "are there any other options",
        "are there more", "is there anything else", "whats else", "keep going", "go on", "next ones", "the next ones",
        "what do you have", "what have you got", "what are my choices", "what are the choices", "read the rest",
        "the rest", "show me more", "give me more options", "more of them", "none of those", "none of them",
        "a few more", "some more", "any more",
        "neither", "something different", "different options", "any more", "any more options", "are there any more",
        "do you have any more", "got any more", "anymore", "any others", "after that", "what else after that",
        "give me a few more", "give me some more",
        // (Twenty-sixth pass.) The things not yet heard: "what are the other things?", "the others".
        "other things", "the other things", "what are the other things", "what other things are there", "what other things",
        "the others", "what are the others", "what are the other ones",
    ]

    /// Everyday words for one thing, each to the word it is read as when no option is named otherwise ("my house"
    /// for Home, "the loo" for Restrooms, "my grandfather" for Grandpa Joe, "a big one" for Extra Large). Options'
    /// forms are read through it too, so either word may be the title's.
    public static let everydayEquivalents: [String: String] = {
        let groups: [[String]] = [
            ["home", "house", "flat", "apartment"],
            ["grandpa", "grandfather", "grandad", "granddad", "gramps", "grandpop"],
            ["grandma", "grandmother", "gran", "granny", "nan", "nana", "nanna"],
            ["mom", "mum", "mother", "mommy", "mummy", "mam"],
            ["dad", "father", "daddy", "papa"],
            ["large", "big"],
            ["small", "little", "tiny"],
            ["restroom", "restrooms", "toilet", "toilets", "loo", "bathroom", "bathrooms", "washroom", "lavatory", "wc"],
            ["office", "workplace"],
            ["shop", "store", "shops", "stores"],
            ["movie", "film", "movies", "films"],
            ["tv", "telly", "television"],
            ["trash", "rubbish", "garbage"],
            ["truck", "lorry"],
            ["cafe", "cafeteria", "canteen"],
            ["bike", "bicycle", "bikes", "bicycles"],
            ["kid", "child", "kids", "children"],
        ]
        var table: [String: String] = [:]
        for group in groups { for word in group.dropFirst() where !word.contains(" ") { table[word] = group[0] } }
        return table
    }()

    /// Core requests to stop the conversation, as people say them ("um, never mind", "cancel the order").
    public static let cancelPhrases: [String] = [
        "cancel", "stop", "never mind", "nevermind", "forget it", "cancel that", "cancel it", "quit", "exit", "abort",
        "stop it", "stop that", "forget about it", "cancel the order", "cancel my order", "cancel everything",
        "cancel this", "forget that", "i changed my mind", "ive changed my mind", "changed my mind", "scratch that",
        "never mind that", "nothing", "nothing thanks", "leave it", "stop please", "please stop", "please cancel",
        "cancel please", "that is all", "thats all", "no cancel", "just cancel",
    ]

    /// Core requests to hear the last line again.
    public static let repeatPhrases: [String] = [
        "repeat", "repeat that", "say that again", "say it again", "again", "what did you say", "pardon", "pardon me",
        "come again", "sorry what", "what", "repeat please", "please repeat", "can you repeat that", "could you repeat that",
        "say again", "can you say that again", "could you say that again", "sorry", "what was that", "huh",
        "i didnt catch that", "i didnt hear you", "one more time", "1 more time", "excuse me", "read them again",
        "can you repeat the options", "repeat the options", "what were the options", "what are they",
    ]

    /// Spoken forms of ``carriers``, ``openers``, ``fillers`` and ``closings`` (apostrophes back, numbers as words),
    /// for a grammar or language model.
    public static var spokenCarriers: [String] { carriers.map(spoken) }
    /// Spoken forms of ``closings``.
    public static var spokenClosings: [String] { closings.map(spoken) }
    /// Spoken forms of ``yesPhrases``.
    public static var spokenYes: [String] { yesPhrases.map(spoken) }
    /// Spoken forms of ``noPhrases``.
    public static var spokenNo: [String] { noPhrases.map(spoken) }
    /// Spoken forms of ``morePhrases``.
    public static var spokenMore: [String] { morePhrases.map(spoken) }
    /// Spoken forms of ``namingCarriers``.
    public static var spokenNamingCarriers: [String] { namingCarriers.map(spoken) }

    /// Puts the apostrophes back that normalisation took out, so a dictionary has the word ("id" → "i'd").
    public static func spoken(_ normalized: String) -> String {
        normalized.split(separator: " ").map { word -> String in
            switch word {
            case "id": "i'd"
            case "ill": "i'll"
            case "im": "i'm"
            case "ive": "i've"
            case "lets": "let's"
            case "thats": "that's"
            case "its": "it's"
            case "dont": "don't"
            case "didnt": "didn't"
            case "wed": "we'd"
            case "well" where normalized.hasPrefix("well "): "we'll"
            case "whats": "what's"
            case "1": "one"
            default: String(word)
            }
        }.joined(separator: " ")
    }
}

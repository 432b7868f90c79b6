import EarshotMatching
import EarshotModel

/// The action a request asks for, told by its verb: "cancel my soup order" names soup and an order as
/// ordering soup does, but its verb asks for something else, and "don't order soup" asks for nothing.
///
/// Sentence vectors weigh the shared nouns; this weighs the verb. A request's verb is the first word
/// after the words people put before one ("I'd like to", "can you", "please" …) when WordNet has it as a
/// verb; an intent's verbs are the first verbs of its phrases and its title, and its category's verb.
public struct ActionVerbs: Sendable {
    /// What a request says about its action.
    public enum Request: Sendable, Equatable {
        /// No verb to judge (a question, a noun first, a light verb such as "get" or "give").
        case unknown
        /// The verb, as WordNet lemmas the word can be.
        case verb([String])
        /// The action is refused: a negator before the verb ("don't", "never", "do not", "no need to",
        /// "whatever you do, don't", "I'd rather not", "I'd rather you didn't").
        case negated
        /// A verb that refuses or ends an action ("skip", "stop", "hold off on", "forget about", "avoid",
        /// "quit" …), before a thing ("skip my soup order": `of` is empty) or another action ("stop
        /// reminding me": `of` holds its lemmas). Another action unless the intent's own verbs hold the
        /// refusal and the action refused ("stop my parking", "stop parking downtown").
        case refused([String], of: [String])
        /// A light verb with a particle, a two-word verb WordNet has ("put in", "pick up", "take down",
        /// "get rid of", the particle after the object: "take my postcard off the board"), or with a
        /// noun that names an action ("make a copy of", "give it a rating", "take a look at": the noun's
        /// verbs, ``NounActions``): judged only when WordNet calls it the opposite of the intent's verbs,
        /// or one of the other actions.
        case phrasal([String])
        /// A question ("where's the card I mailed", "how many miles did I hike", "is my soup on its way"):
        /// it asks to be told something, so it fits only an intent that tells (``ActionVerbs/answers(_:phrases:)``).
        case question
        /// A question asking for a person ("who wrote Winter Orchard", "who's the guest"): it fits only an
        /// intent that tells and whose own words ask who (``ActionVerbs/tellsWho(_:phrases:)``; fourteenth pass).
        case personQuestion
        /// A question asking for an explanation: a reason ("why is the study always freezing", "why does the puppy
        /// keep barking"), a way to do something ("how do I get a library card", "how can we lower the seat") or
        /// whether the speaker may bring a thing ("can I bring my own snacks in"; twenty-second pass). It
        /// fits only an intent that tells and whose own words ask it (``ActionVerbs/explains(_:phrases:)``; eighteenth
        /// pass), as a question asking who fits only one that asks who.
        case explanationQuestion
    }

    public let net: VerbNet
    /// The senses of ``otherActions``.
    let others: Set<Int>

    public init(net: VerbNet = .shared) {
        self.net = net
        others = net.family(Self.otherActions)
    }

    /// Actions that take an app's things but do something else with them than show, make or order them:
    /// take away, undo, end, put off for a while (pause, snooze), edit, judge, copy, print, hide, share, sell, complain, refund (the verbs of issue 19
    /// and of the development set's near-misses; WordNet adds the verbs whose commonest sense is one of
    /// their three commonest senses, or a direct hyponym of one). A request with one of them that is none
    /// of an intent's own verbs, nor related to one, is no request for that intent.
    static let otherActions = [
        "delete", "remove", "erase", "clear", "cancel", "undo", "stop", "edit", "rename", "rate", "evaluate",
        "print", "hide", "block", "copy", "duplicate", "reduce", "decrease", "sell", "complain", "report", "translate", "dispute",
        "forget", "shut", "create", "share", "pause", "snooze", "refund", "scrap", "discard", "appeal", "swap", "exchange",
        "reschedule", "export", "split",
    ]

    /// Whether the request's verb is one of the intent's verbs or a synonym (a shared sense among the
    /// commonest): evidence for the intent, not only no evidence against it.
    /// A light verb with a particle that the everyday table lists ("bring up" a card shows it, "put on" a show
    /// plays it: ``everyday``) confirms the intents it stands for too (eighteenth pass).
    /// `own`: the intent's own verbs (``ownVerbs(of:phrases:)``), which an everyday wording is judged
    /// against; `verbs` when not given.
    public func confirms(_ request: Request, _ verbs: Set<String>, own: Set<String>? = nil) -> Bool {
        switch request {
        case .verb(let lemmas):
            return lemmas.contains { lemma in verbs.contains { net.relation(lemma, $0) == .same } } || standsFor(lemmas, own ?? verbs)
        case .phrasal(let lemmas):
            return standsFor(lemmas, own ?? verbs)
        default:
            return false
        }
    }

    /// How a request's verb stands to an intent's verbs.
    public enum Fit: Sendable, Equatable {
        /// The same action, a synonym or a near relative; or nothing to judge.
        case fits
        /// Another verb, not one of ``otherActions``: maybe a wording of the action nobody wrote down.
        case unrelated
        /// The opposite action ("stop" for "start", "unshare" for "share"), another action on the same
        /// things (``otherActions``), or a refusal.
        case conflicts
    }

    /// Words people say before the verb of a request; they say nothing about the action.
    static let lead: Set<String> = [
        "i", "id", "ill", "im", "we", "wed", "well", "you", "please", "just", "quickly", "now", "also", "then", "so", "um", "uh",
        "hey", "ok", "okay", "and", "can", "could", "would", "will", "should", "may", "might", "to", "want", "wanna", "like",
        "need", "gonna", "lets", "let", "go", "ahead", "help", "oh", "hi", "siri", "yo", "actually", "kindly", "again",
        "love", "try", "trying", "going", "able", "be", "whatever", "rather", "really", "definitely", "theres", "maybe",
        "ive", "weve", "already",
    ]

    /// The subjects of a statement about the speaker ("I'm pulling out now", "I paid to park", "we've
    /// left"): after one, an inflected verb tells what happened, and the request, when one follows, is
    /// the next clause's ("…, close out my session"). "were" ("we're") only before a word in "-ing".
    static let statementSubjects: Set<String> = ["i", "im", "ive", "we", "weve"]

    /// Words that refuse the action that follows: English's negators as they reach a request,
    /// apostrophes dropped.
    /// "No" opens a refusal of what follows, an action ("no need to track my order") or a thing ("no
    /// break timer for me today").
    static let negations: Set<String> = ["dont", "never", "not", "doesnt", "didnt", "nope", "shouldnt", "mustnt", "no"]

    /// Words that say the speaker cannot do what follows ("I can't come on Thursday").
    static let inability: Set<String> = ["cant", "cannot", "couldnt"]
    /// Verbs of turning up: what the speaker cannot attend ("I can't make it tonight", "we can't come") is
    /// no request for it.
    static let attending: Set<String> = ["make", "come", "go", "attend"]

    /// Verbs that refuse, end or put off an action (their own action is the absence of another): before
    /// another verb ("stop reminding me", "hold off on ordering") or a thing ("skip my order").
    static let refusals: Set<String> = ["skip", "stop", "quit", "cease", "avoid", "refrain", "forget", "hold_off", "postpone", "put_off"]

    /// Words between a refusal verb and the action it refuses: "hold off on ordering", "forget about it".
    static let refusalLinks: Set<String> = ["on", "about", "from"]

    /// Verbs that refuse a refusal: "don't forget to order soup" orders soup.
    static let doubleNegatives: Set<String> = ["forget", "fail", "hesitate"]

    /// Verbs too general to name an action by themselves ("get me some soup", "give me a summary",
    /// "make a list", "tell me"): a request with one of them is not judged by its verb.
    static let light: Set<String> = [
        "get", "give", "have", "take", "make", "do", "let", "go", "see", "tell", "want", "need", "like", "put", "bring", "be",
        "keep", "use", "run", "try", "grab",
    ]

    /// Words after which a word WordNet mostly takes for a noun is still the verb: "rate my coffee".
    static let objectStarts: Set<String> = [
        "my", "the", "a", "an", "me", "some", "this", "that", "these", "those", "our", "your", "his", "her", "their", "it", "all",
        "every", "everything", "any", "us", "them", "him", "up", "out", "off", "down", "on", "over", "back", "away",
    ]

    /// Words that open an object ("favorite [the] soup"): after a request's first word WordNet has as no
    /// verb, they make it one.
    static let determiners: Set<String> = ["my", "the", "a", "an", "this", "that", "these", "those", "our", "your", "all", "every"]

    /// Prepositions: after a request's first word they make it a noun ("soup for delivery").
    static let prepositions: Set<String> = ["for", "of", "from", "with", "in", "at", "to", "on", "by", "please"]

    /// Particles that make a two-word verb WordNet lists ("sum up", "pull up", "set up").
    static let particles: Set<String> = ["up", "out", "off", "down", "on", "over", "back", "away", "in"]

    /// Particles that make a two-word verb when said after the verb's object ("take my postcard off the
    /// board", "turn the camera off"); "in", "on" and "over" after an object are read as prepositions.
    static let separableParticles: Set<String> = ["up", "out", "off", "down", "back", "away"]

    /// How many words may stand between a verb and its particle ("take [my latest postcard] off").
    static let particleReach = 4

    /// Light verbs that make an action of a noun ("make a copy", "take a look", "give it a rating", "do
    /// a check", "have a look"), unlike "get", "grab" or "bring", which hand a thing over ("get me a copy").
    static let supportVerbs: Set<String> = ["make", "do", "take", "give", "have"]

    /// Words between a support verb and its noun: who it is for, and determiners ("give me a summary",
    /// "give it a quick rating", "make another copy").
    static let nounLead: Set<String> = [
        "me", "us", "him", "her", "them", "it", "a", "an", "the", "some", "my", "our", "your", "this", "that", "another", "its",
        "their", "his", "one", "quick", "new", "second", "final", "full", "short", "brief", "little",
    ]

    /// What stands for a value said in a request whose verb is read (``SemanticMatcher/verbWords(of:apps:)``):
    /// a noun, no verb. Normalised text never holds it.
    public static let valueMarker: Substring = "•"

    /// Verbs that tell what is said next ("is begging", "has finished", "was at the vet"): after a value
    /// ("Mochi is begging again, give her a snack") the value is their subject, and the request, if one
    /// follows, is the next clause's.
    static let statementVerbs: Set<String> = ["is", "was", "has", "had", "isnt", "wasnt", "hasnt", "keeps", "needs", "wont", "cant"]

    /// Words that say the speaker does not know something, before a wh-word: an indirect question ("I
    /// forgot which level I left the car on", "I don't know when my books are due", "I wonder if …").
    static let unknowing: Set<String> = ["forgot", "wonder", "wondering"]
    static let unknowingAfterNegator: Set<String> = ["know", "remember", "recall"]

    /// Prepositions that can open a question before its wh-word ("till what time is the branch open",
    /// "by when", "for how long").
    static let questionPrepositions: Set<String> = ["till", "until", "by", "at", "for", "from", "in", "to", "since"]

    /// Verbs that record an action that happened: with an action named as a noun in "-ing" ("log a watering",
    /// "record a feeding") they ask for that action's intent (the app records it).
    static let recording: Set<String> = ["log", "record"]

    /// Words that open a question ("wheres", "whats": apostrophes dropped).
    static let questionWords: Set<String> = [
        "what", "whats", "where", "wheres", "when", "whens", "how", "hows", "which", "who", "whos", "why", "whose", "whom",
    ]

    /// Auxiliaries that open a yes/no question ("is my soup on its way", "has my soup left", "did I
    /// water the basil"); "do" and "have" only before a person ("do I have …"; "have Soup Chef send …"
    /// is a request).
    static let questionAuxiliaries: Set<String> = ["is", "are", "was", "were", "did", "does", "has", "am"]
    static let questionSubjects: Set<String> = ["i", "you", "we", "they"]

    /// The action of `request` (normalised, carriers and app names and values taken out). A "no" said after
    /// the request refuses it (``refusesAfter(_:from:)``).
    public func request(_ words: [Substring]) -> Request {
        // "get my money back for the tickets", "I want some money back": a refund asked for, whatever the verb
        // before it (twenty-second pass; every such wording of the development files is a near-miss).
        if let money = words.firstIndex(of: "money"), money + 1 < words.count, words[money + 1] == "back",
           !words[..<money].contains(where: { Self.negations.contains(String($0)) }) {
            return .verb(["refund"])
        }
        let scanned = scan(words)
        switch scanned.request {
        case .negated, .refused: return scanned.request
        default: return Self.refusesAfter(words, from: scanned.range?.upperBound ?? 1) ? .negated : scanned.request
        }
    }

    /// What may follow "no" without refusing anything: "no rush", "no problem", "no more than", "no later than".
    static let unrefusing: Set<String> = [
        "rush", "hurry", "problem", "problems", "worries", "worry", "pressure", "more", "less", "later", "earlier", "sooner", "longer",
        "matter", "doubt", "one", "idea",
    ]

    /// Words that pass on what is said after them: a "no" there is the message ("tell the cleaners no starch").
    static let passing: Set<String> = ["tell", "say", "saying", "says", "ask", "write", "note", "message", "text", "know", "remind", "that"]

    /// Whether the words from `start` on refuse the request after it was said (issue 19, seventeenth pass):
    /// "no" before a thing or an act, later in the sentence ("leave Sleepy Moon as it is, no renewal", "I'll
    /// pick the coat up myself, no delivery", "Mochi is at the vet so no breakfast"). Not after a word that
    /// passes a message on ("tell the cleaners no starch"), in "or no", nor in "no rush", "no later than" ….
    static func refusesAfter(_ words: [Substring], from start: Int) -> Bool {
        guard start >= 1, start < words.count - 1 else { return false }
        for position in start..<(words.count - 1) where words[position] == "no" {
            let next = String(words[position + 1])
            guard !["or", "oh", "um", "uh", "yes"].contains(words[position - 1]), !unrefusing.contains(next),
                  !words[..<position].contains(where: { passing.contains(String($0)) }) else { continue }
            return true
        }
        return false
    }

    /// Where the verb of `request` is among its words (one word, or two for a two-word verb such as
    /// "pull up"), when it names one.
    public func verbRange(_ words: [Substring]) -> Range<Int>? {
        scan(words).range
    }

    /// The action of a request and where its verb is. A negator before the verb (in the words before it,
    /// where it scopes over it) refuses the action; one after it ("order soup, I don't want to cook")
    /// does not.
    func scan(_ words: [Substring]) -> (request: Request, range: Range<Int>?) {
        var index = 0
        var negated = false
        var subject = false
        while index < words.count {
            // "nah" is "no" said casually ("nah, no soup for me tonight").
            let word = words[index] == "nah" ? "no" : String(words[index])
            let next = index + 1 < words.count ? String(words[index + 1]) : nil
            let third = index + 2 < words.count ? String(words[index + 2]) : nil
            // "the eye drops made …", "my eldest has …": a determiner before a value that a statement follows opens
            // the statement's subject (eighteenth pass).
            if !negated, Self.determiners.contains(word), next.map({ Substring($0) }) == Self.valueMarker, let third, opensStatement(third) {
                index += 1
                continue
            }
            // A value said first is not the verb: the request goes on after it ("tomato soup from Soup Chef
            // please"), or it is the subject of a statement ("Mochi is begging again, give her a snack":
            // no question; "the eye drops made my eyes itch, I'm not refilling them": a verb's past form tells
            // what the value did, eighteenth pass).
            if words[index] == Self.valueMarker {
                if !negated, let next, opensStatement(next) {
                    subject = true
                    index += Self.statementVerbs.contains(next) ? 2 : 1
                    continue
                }
                index += 1
                continue
            }
            // "is there any way Soup Chef can send …", "is it possible to …", "any chance you could …": a
            // request asked as a question about whether it can be done.
            if !negated, let skip = Self.indirectRequest(words, at: index) {
                index += skip
                continue
            }
            // "I forgot which level I left the car on", "I don't know when my books are due": a question.
            if !negated, let next, Self.unknowing.contains(word), Self.questionWords.contains(next) || ["if", "whether"].contains(next) {
                return (.question, nil)
            }
            if ["dont", "cant", "cannot"].contains(word), let next, Self.unknowingAfterNegator.contains(next),
               let third, Self.questionWords.contains(third) || ["if", "whether"].contains(third) {
                return (.question, nil)
            }
            // "till what time is the branch open", "for how long": a question.
            if !negated, Self.questionPrepositions.contains(word), let next, Self.questionWords.contains(next) { return (.question, nil) }
            // "let Plant Pal know the monstera got watered", "let the front desk know": telling, a light verb.
            if !negated, word == "let",
               let known = words[(index + 1)...].prefix(4).firstIndex(of: "know"), known > index + 1 {
                return (.unknown, nil)
            }
            // "come get my coat", "come grab it", "come pick up": the second verb is the request's.
            if !negated, word == "come", let next, !Self.particles.contains(next), !Self.prepositions.contains(next),
               !reading(words, at: index + 1).lemmas.isEmpty {
                index += 1
                continue
            }
            // "we're leaving for the week, …": "were" before a word in "-ing" is a subject, not a question.
            if !negated, word == "were", next?.hasSuffix("ing") == true {
                subject = true
                index += 1
                continue
            }
            // "No, order the tomato soup": a "no" before a verb and its object answers something else; the
            // request after it is not refused; a value said is an object too ("nah, play the space show"), but a
            // verb in "-ing" after "no" is refused ("no ordering soup").
            if word == "no", index + 2 < words.count,
               Self.objectStarts.contains(String(words[index + 2])) || (words[index + 2] == Self.valueMarker && !words[index + 1].hasSuffix("ing")),
               !reading(words, at: index + 1).lemmas.isEmpty {
                index += 1
                continue
            }
            if Self.negations.contains(word) || (word == "do" && next == "not") {
                negated = true
                index += Self.negations.contains(word) ? 1 : 2
                continue
            }
            // "how about ordering soup" is a suggestion, not a question.
            if !negated, Self.questionWords.contains(word), next != "about" {
                if Self.asksExplanation(words, at: index) { return (.explanationQuestion, nil) }
                return (Self.personWords.contains(word) ? .personQuestion : .question, nil)
            }
            if !negated, Self.questionAuxiliaries.contains(word) || (["do", "have"].contains(word) && next.map(Self.questionSubjects.contains) == true) {
                return (.question, nil)
            }
            // "I can't come on Thursday, scrap my appointment", "I can't make it tonight": what the speaker cannot do
            // is a statement; the request is a later clause's, and not attending is no request for the thing
            // missed; "I can't find my car" asks for what follows (twenty-third pass).
            if subject, !negated, Self.inability.contains(word), index + 1 < words.count {
                let unable = reading(words, at: index + 1)
                if let later = laterRequest(words, statement: index + 1, reading: unable, inflected: false) { return later }
                if unable.lemmas.contains(where: { Self.attending.contains(String($0.split(separator: "_")[0])) }) { return (.negated, nil) }
                index += 1
                continue
            }
            if Self.lead.contains(word) || word == "do" {
                if Self.statementSubjects.contains(word) { subject = true }
                index += 1
                continue
            }
            let reading = reading(words, at: index)
            // A statement about the speaker before the request ("I'm pulling out now, close out my session",
            // "I paid to park at the trailhead, note it"): the request's verb is the next clause's.
            if subject, !negated, let later = laterRequest(words, statement: index, reading: reading) { return later }
            // "I'm not done with it yet, keep it a little longer": a negator in a statement about the speaker
            // negates the statement, not the request after it (fourteenth pass).
            if subject, negated, Self.statementSubjects.contains(String(words[max(0, index - 2)])),
               Self.negations.contains(String(words[index - 1])),
               let later = laterRequest(words, statement: index, reading: reading) {
                return later
            }
            // A particle after the object ("take [my postcard] off"): the verb has an object, so it means
            // what WordNet's senses with an object mean; when the commonest of those is one of the other
            // actions, or a kind of one, that action is named beside it.
            let lemmas = reading.lemmas + (reading.particle != nil ? reading.lemmas.compactMap { net.objectAction(of: $0, in: others) } : [])
            if negated, lemmas.contains(where: Self.doubleNegatives.contains) {
                negated = false
                index += 1
                continue
            }
            if negated { return (.negated, nil) }
            // "stop playing after twenty minutes", "turn it off in half an hour": an end put off until a
            // time is a timer set, not the action ended now; the verb names neither (fourteenth pass).
            if lemmas.contains(where: { Self.refusals.contains($0) || Self.endings.contains($0) }),
               Self.saysLater(words, from: index + reading.width) {
                return (.unknown, nil)
            }
            guard !lemmas.isEmpty else {
                // A request that opens with a word WordNet has as no verb, before its object ("favorite
                // the chicken soup", "screenshot my hike"): a verb nobody listed, unrelated to every intent's.
                let unlisted = index == 0 && next.map(Self.determiners.contains) == true && !Self.objectStarts.contains(word)
                    && word.count > 2 && word.allSatisfy(\.isLetter)
                return unlisted ? (.verb([word]), index..<(index + 1)) : (.unknown, nil)
            }
            let range = index..<(index + reading.width)
            let width = reading.width
            let refusing = lemmas.filter(Self.refusals.contains)
            if !refusing.isEmpty {
                var object = index + width
                if object < words.count, Self.refusalLinks.contains(String(words[object])) { object += 1 }
                let refused = object < words.count && words[object].hasSuffix("ing") ? self.lemmas(words, at: object) : []
                return (.refused(refusing, of: refused), range)
            }
            // The word after the verb (and its particle).
            let after = index + width < words.count ? String(words[index + width]) : nil
            // "settle up for last night's session", "settle my gas bill": paying what is owed ("settle on" a glaze
            // chooses it, ``everyday``; twenty-second pass).
            if lemmas.contains(where: { $0 == "settle" || $0 == "settle_up" }), !["on", "in", "down", "into"].contains(after ?? "") {
                return (.verb(["pay"]), range)
            }
            // "take down the card I posted", "take back my last postcard": a thing already there taken away (a
            // determiner of a known thing after the verb); "take down a note" writes one (twenty-second pass).
            if lemmas.contains(where: { $0 == "take_down" || $0 == "take_back" }) {
                let object = words[(index + 1)...].first { !Self.particles.contains(String($0)) }.map(String.init) ?? ""
                if ["my", "the", "that", "this", "those", "these", "our"].contains(object) { return (.verb(["remove"]), range) }
            }
            // "can I bring my own glaze", "we'll bring a friend along": what the speaker brings is no request of
            // the app's. "bring" is light only when another brings ("bring me some soup", "have Soup Chef bring
            // a bowl"); said by the speaker after "can", "could" or "may" it asks whether a thing is allowed, a
            // question only an intent that explains answers, and otherwise it is judged as the verb it is
            // (twenty-second pass).
            if subject, reading.particle == nil, lemmas == ["bring"],
               !["me", "us"].contains(after ?? "") {
                let asks = words[..<index].contains { ["can", "could", "may"].contains($0) }
                return asks ? (.explanationQuestion, nil) : (.verb(lemmas), range)
            }
            if lemmas.contains(where: { Self.light.contains(String($0.split(separator: "_")[0])) }) {
                if lemmas.contains(where: { $0.contains("_") }) { return (.phrasal(lemmas), range) }
                if lemmas.contains(where: Self.supportVerbs.contains) {
                    let nouns = nounAction(words, after: index + 1)
                    if !nouns.isEmpty { return (.phrasal(nouns), range) }
                }
                return (.unknown, nil)
            }
            // The request's first word, a verb WordNet has, not followed by a preposition ("soup for
            // delivery"): an imperative ("forward Priya's postcard").
            let imperative = index == 0 && !(after.map(Self.prepositions.contains) ?? false)
            let isVerb = lemmas.contains(where: net.isMostlyVerb) || after.map(Self.objectStarts.contains) ?? true || imperative
                || words[index + width ..< words.count].first == Self.valueMarker
            guard isVerb else { return (.unknown, nil) }
            // "send me a bowl of soup": a thing handed to the speaker, as "get me" hands one over.
            if lemmas.contains("send"), ["me", "us"].contains(after) { return (.unknown, nil) }
            // "sell me a day pass", "lend us the van": what is handed to the speaker is the speaker's converse
            // action, buying or borrowing (WordNet's opposite of a way of giving; eighteenth pass).
            if ["me", "us"].contains(after), let converse = lemmas.lazy.compactMap(net.converse).first { return (.verb([converse]), range) }
            // "log a watering", "record a feeding": the action recorded, named as a noun in "-ing", is asked for.
            if lemmas.contains(where: { Self.recording.contains($0) || (Self.everyday[$0] ?? []).contains(where: Self.recording.contains) }) {
                var object = index + width
                while object < words.count, Self.nounLead.contains(String(words[object])) { object += 1 }
                if object < words.count, words[object].hasSuffix("ing") {
                    let done = net.lemmas(of: String(words[object])).filter { !Self.light.contains($0) && !$0.contains("_") }
                    if !done.isEmpty { return (.verb(lemmas + done), range) }
                }
            }
            return (.verb(lemmas), range)
        }
        return (negated ? .negated : .unknown, nil)
    }

    /// Whether `word`, said after a value, makes the value the subject of a statement: "is", "has", "keeps" …, a
    /// verb in "-ing" ("Pepper's whining"), or a verb's past form ("the eye drops made my eyes itch").
    func opensStatement(_ word: String) -> Bool {
        Self.statementVerbs.contains(word) || (word.hasSuffix("ing") && word.count > 4) || isPast(word)
    }

    /// Whether `word` is a verb's past form ("made", "finished", "skipped"), not the verb itself: after a value
    /// it tells what the value did (eighteenth pass).
    func isPast(_ word: String) -> Bool {
        let lemmas = net.lemmas(of: word)
        guard !lemmas.isEmpty, !lemmas.contains(word) else { return false }
        return word.hasSuffix("ed") || (net.exceptions[word] != nil && !word.hasSuffix("s") && !word.hasSuffix("ing"))
    }

    /// The request after a statement about the speaker, when one follows: the verb at `statement`, said
    /// after a subject (``statementSubjects``), is inflected ("pulling", "paid", "hooked up": it tells what
    /// happened, not what to do), or a refusal verb followed by a preposition ("I'm stopping for a rest":
    /// it refuses nothing); the request is the first later word that is a verb in its base form, not
    /// after a determiner, a preposition, "to" or a subject ("a drink", "to park", "I do"), with its
    /// object or particle after it ("close out …", "note it", "start the …"), or a negator ("don't do it
    /// again"). Nil when none follows: the statement is the request ("I just parked on Elm Street").
    /// `inflected`: whether the statement's verb must be inflected to be one ("I paid"); not after "can't",
    /// whose verb is bare ("I can't come").
    func laterRequest(_ words: [Substring], statement index: Int,
                      reading: (lemmas: [String], width: Int, particle: Int?), inflected mustInflect: Bool = true) -> (request: Request, range: Range<Int>?)? {
        let word = String(words[index])
        let after = index + reading.width < words.count ? String(words[index + reading.width]) : nil
        let inflected = reading.lemmas.isEmpty
            ? word.hasSuffix("ed") || word.hasSuffix("ing")
            : !reading.lemmas.contains { $0.split(separator: "_").first.map(String.init) == word }
        let refusing = reading.lemmas.contains(where: Self.refusals.contains)
        guard inflected || !mustInflect, !refusing || after.map(Self.prepositions.contains) == true else { return nil }
        var position = index + reading.width
        while position < words.count {
            let candidate = String(words[position])
            let next = position + 1 < words.count ? String(words[position + 1]) : nil
            let previous = String(words[position - 1])
            defer { position += 1 }
            let negator = Self.negations.contains(candidate) || (candidate == "do" && next == "not")
            if !negator {
                guard !Self.determiners.contains(previous), !Self.prepositions.contains(previous), previous != "to",
                      !Self.statementSubjects.contains(previous), !Self.questionWords.contains(previous) else { continue }
                let later = self.reading(words, at: position)
                guard later.lemmas.contains(where: { $0.split(separator: "_").first.map(String.init) == candidate }) else { continue }
                let end = position + later.width
                guard later.width > 1 || later.particle != nil || (end < words.count && Self.objectStarts.contains(String(words[end]))) else {
                    continue
                }
            }
            let rest = scan(Array(words[position...]))
            return (rest.request, rest.range.map { ($0.lowerBound + position)..<($0.upperBound + position) })
        }
        return nil
    }

    /// Verbs that end what runs, besides the refusals: with a time after "after" or "in" they set a timer.
    static let endings: Set<String> = ["turn_off", "shut_off", "switch_off", "end", "shut_down"]

    /// Units of time (English's closed class of them, singular and plural).
    static let timeUnits: Set<String> = ["second", "seconds", "minute", "minutes", "min", "mins", "hour", "hours"]

    /// Whether the words from `start` say a time from now: "after" or "in" with a unit of time within the
    /// next four words ("after twenty minutes", "in half an hour").
    static func saysLater(_ words: [Substring], from start: Int) -> Bool {
        guard start < words.count else { return false }
        for position in start..<words.count where ["after", "in"].contains(words[position]) {
            if words[(position + 1)..<min(words.count, position + 5)].contains(where: { timeUnits.contains(String($0)) }) { return true }
        }
        return false
    }

    /// How many words open a request asked as a question about whether it can be done, at `index`: "is
    /// there any way", "is there a way", "is it possible (to)", "any chance"; nil when none does.
    static func indirectRequest(_ words: [Substring], at index: Int) -> Int? {
        func said(_ expected: [Substring]) -> Bool {
            index + expected.count <= words.count && Array(words[index..<(index + expected.count)]) == expected
        }
        for form: [Substring] in [["is", "there", "any", "way"], ["is", "there", "a", "way"], ["is", "it", "possible", "to"],
                                  ["is", "it", "possible", "for"], ["is", "it", "possible"], ["any", "chance"]] where said(form) {
            return form.count
        }
        return nil
    }

    /// The verb lemmas of the word at `index`, as a verb of several words when WordNet has one.
    func lemmas(_ words: [Substring], at index: Int) -> [String] {
        reading(words, at: index).lemmas
    }

    /// The verb lemmas of the word at `index` and how many words the verb takes: three when WordNet has
    /// the word with the next two ("get rid of"), two with a particle next ("call off", "sum up"), one
    /// with a particle after its object ("take my postcard off the board": `take_off`), else one.
    /// `particle`: where the particle is when it came after the object.
    func reading(_ words: [Substring], at index: Int) -> (lemmas: [String], width: Int, particle: Int?) {
        let word = String(words[index])
        let bases = net.lemmas(of: word)
        // A verb with the state it leaves its object in: "pull open the menu", "flip open", "slam shut" are
        // opening and shutting.
        if !bases.isEmpty, !bases.contains("be"), index + 1 < words.count, ["open", "shut"].contains(words[index + 1]),
           words[index + 1] != words[index] {
            return ([String(words[index + 1])], 2, nil)
        }
        if index + 2 < words.count {
            let three = bases.map { "\($0)_\(words[index + 1])_\(words[index + 2])" }.filter { net.senses[$0] != nil }
            if !three.isEmpty { return (three, 3, nil) }
        }
        if index + 1 < words.count, Self.particles.contains(String(words[index + 1])) {
            // WordNet's two-word verbs, and the everyday ones it lacks ("top up": ``everyday``).
            let phrasal = bases.map { "\($0)_\(words[index + 1])" }.filter { net.senses[$0] != nil || Self.everyday[$0] != nil }
            if !phrasal.isEmpty { return (phrasal, 2, nil) }
        }
        // The particle after the object: only over words that are no particle or preposition themselves.
        var position = index + 2
        let object = index + 1 < words.count && !Self.prepositions.contains(String(words[index + 1]))
        while object, position < min(words.count, index + 2 + Self.particleReach) {
            let candidate = String(words[position])
            if Self.separableParticles.contains(candidate) {
                let phrasal = bases.map { "\($0)_\(candidate)" }.filter { net.senses[$0] != nil || Self.everyday[$0] != nil }
                if !phrasal.isEmpty { return (phrasal, 1, position) }
                break
            }
            if Self.prepositions.contains(candidate) || Self.particles.contains(candidate) { break }
            position += 1
        }
        return (bases, 1, nil)
    }

    /// The actions of the noun a support verb makes an action of ("make [a] copy", "give [me a]
    /// summary"): the first word after `index` past ``nounLead`` (``NounActions``); none when it names a
    /// thing.
    func nounAction(_ words: [Substring], after index: Int) -> [String] {
        // The noun an article opens, also after the thing it is done to: "give [my last coffee] a rating".
        for article in index..<min(words.count, index + 2 + Self.particleReach) {
            if Self.prepositions.contains(String(words[article])) { break }
            guard ["a", "an"].contains(words[article]) else { continue }
            var position = article + 1
            while position < words.count, Self.nounLead.contains(String(words[position])) { position += 1 }
            if position < words.count { return NounActions.shared.verbs(of: String(words[position])) }
            break
        }
        var position = index
        while position < words.count, Self.nounLead.contains(String(words[position])) { position += 1 }
        guard position < words.count else { return [] }
        return NounActions.shared.verbs(of: String(words[position]))
    }

    /// The verbs of the act an intent's words name as a noun after their verb and an article ("send [a]
    /// cheer", "post [a] review": cheer, review; ``NounActions``), light verbs left out; none when the
    /// noun names a thing ("order a soup") or no article follows the verb.
    func actedNoun(_ words: [Substring], after index: Int) -> [String] {
        guard index < words.count, ["a", "an"].contains(words[index]) else { return [] }
        var position = index + 1
        while position < words.count, Self.nounLead.contains(String(words[position])) { position += 1 }
        guard position < words.count else { return [] }
        return NounActions.shared.verbs(of: String(words[position])).filter { !Self.light.contains(String($0.split(separator: "_")[0])) }
    }

    /// Whether an intent tells something (a question can ask for it): its category is information or
    /// search, or one of its phrases is a question ("When did my pet last eat in {applicationName}").
    public func answers(_ intent: Intent, phrases: [Phrase]) -> Bool {
        if intent.category == .information || intent.category == .search { return true }
        return phrases.contains { phrase in
            guard case .text(let text) = phrase.template.pieces.first else { return false }
            let words = Normalizer.normalize(text).split(separator: " ").map(String.init)
            guard let first = words.first else { return false }
            return Self.questionWords.contains(first) || Self.questionAuxiliaries.contains(first)
        }
    }

    /// What an intent's manifest says of it in words: each phrase's text (its parameters left as gaps), its
    /// title and its summaries.
    static func ownTexts(of intent: Intent, phrases: [Phrase]) -> [String] {
        phrases.map { phrase in
            phrase.template.pieces.map { piece -> String in
                if case .text(let text) = piece { return text }
                return " "
            }.joined()
        } + [intent.title] + Self.summaries(of: intent)
    }

    /// The wh-words that ask for a person.
    static let personWords: Set<String> = ["who", "whos", "whom", "whose"]

    /// Whether the words at `index` open a question asking for an explanation: "why", or "how" with a modal or
    /// "do" and the speaker ("how do I …", "how can we …", "how should I …"). Asking how to say or pronounce
    /// something ("how do I say thank you in French", "how do you say …") asks for words, not a way (eighteenth pass).
    static func asksExplanation(_ words: [Substring], at index: Int) -> Bool {
        guard index < words.count else { return false }
        if ["why", "whys"].contains(words[index]) { return true }
        guard words[index] == "how", index + 2 < words.count else { return false }
        let saying = index + 3 < words.count && ["say", "pronounce"].contains(words[index + 3])
        return ["do", "does", "can", "could", "should", "would"].contains(words[index + 1]) && ["i", "we"].contains(words[index + 2]) && !saying
    }

    /// Whether an intent's own words (its phrases, title and summaries) ask for an explanation (``asksExplanation(_:at:)``):
    /// only such an intent explains, so only it answers a question asking why or how to do something
    /// (``Request/explanationQuestion``; eighteenth pass).
    public func explains(_ intent: Intent, phrases: [Phrase]) -> Bool {
        Self.ownTexts(of: intent, phrases: phrases).contains { text in
            let words = Normalizer.normalize(text).split(separator: " ")
            return words.indices.contains { Self.asksExplanation(words, at: $0) }
        }
    }

    /// Whether an intent's own words (its phrases, title and summaries) ask who: only such an intent tells
    /// a person, so only it answers a question opened by "who" (``Request/personQuestion``).
    public func tellsWho(_ intent: Intent, phrases: [Phrase]) -> Bool {
        let texts = Self.ownTexts(of: intent, phrases: phrases)
        return texts.contains { text in Normalizer.normalize(text).split(separator: " ").contains { Self.personWords.contains(String($0)) } }
    }

    /// The verbs of an intent, from everything its manifest says of it: each phrase's, its title's and its
    /// summaries' first verb, every other word of those that WordNet takes mostly for a verb or that
    /// ends in "-ing" ("stop parking", "set a feeding time") unless it is a light verb, its verb, and its
    /// category's verbs (the default when it names none).
    public func verbs(of intent: Intent, phrases: [Phrase]) -> Set<String> {
        verbs(of: intent, own: ownVerbs(of: intent, phrases: phrases))
    }

    /// ``verbs(of:phrases:)`` from the intent's own verbs (``ownVerbs(of:phrases:)``) already read: with its
    /// verb and its category's verbs.
    public func verbs(of intent: Intent, own: Set<String>) -> Set<String> {
        var out = own
        out.formUnion(net.lemmas(of: Normalizer.normalize(intent.verb)))
        for verb in intent.category.verbs { out.formUnion(net.lemmas(of: Normalizer.normalize(verb).replacingOccurrences(of: " ", with: "_"))) }
        return out
    }

    /// The verbs an intent's own words say: ``verbs(of:phrases:)`` without its category's verbs, which its
    /// `verb` is one of. What an everyday wording (``everyday``) is judged against: a category's verbs
    /// ("book" for every order, "set" for every other intent) say nothing of what this intent does.
    public func ownVerbs(of intent: Intent, phrases: [Phrase]) -> Set<String> {
        var out: Set<String> = []
        let texts = Self.ownTexts(of: intent, phrases: phrases)
        for text in texts {
            let words = Normalizer.normalize(text).split(separator: " ")
            var index = 0
            while index < words.count, Self.lead.contains(String(words[index])) { index += 1 }
            guard index < words.count else { continue }
            let first = reading(words, at: index)
            out.formUnion(first.lemmas)
            // "Send a cheer", "Post a review", "Place a hold": the verb hands over an act its noun names,
            // and saying that act's verb ("cheer on Leo", "review the movie") asks for the same thing.
            if !first.lemmas.isEmpty { out.formUnion(actedNoun(words, after: index + first.width)) }
            for position in (index + 1)..<max(index + 1, words.count) where !Self.lead.contains(String(words[position])) {
                let lemmas = lemmas(words, at: position).filter { !Self.light.contains(String($0.split(separator: "_")[0])) }
                if lemmas.contains(where: net.isMostlyVerb) || words[position].hasSuffix("ing") { out.formUnion(lemmas) }
            }
        }
        return out
    }

    /// The texts of an intent's summary and its variants, placeholders left out.
    static func summaries(of intent: Intent) -> [String] {
        ([intent.summary].compactMap { $0 } + intent.summaryVariants.map(\.text)).map { text in
            text.replacingOccurrences(of: #"\{[^}]*\}"#, with: " ", options: .regularExpression)
        }
    }

    /// A verb lemma as the sentence model hears it on its own with an object: "pull_up" → "pull up it".
    public static func frame(_ lemma: String) -> String {
        lemma.replacingOccurrences(of: "_", with: " ") + " it"
    }

    /// Whether a request's verb conflicts with `verbs` only as one of ``otherActions`` (not as an opposite,
    /// a refusal or a question to an intent that acts).
    public func conflictsAsOtherAction(_ request: Request, _ verbs: Set<String>, own: Set<String>? = nil) -> Bool {
        switch request {
        case .verb(let lemmas), .phrasal(let lemmas):
            guard !verbs.isEmpty else { return false }
            let relations = lemmas.flatMap { lemma in verbs.map { net.relation(lemma, $0) } }
            return !relations.contains(.same) && !standsFor(lemmas, own ?? verbs) && !relations.contains(.opposite)
                && lemmas.contains(where: { otherAction($0, against: verbs) })
        default: return false
        }
    }

    /// Whether `lemma` is one of the other actions (``otherActions``) against an intent with `verbs`: one of
    /// them, or a kind of one that is not also, in another of its commonest senses, a kind of one of `verbs`
    /// ("test" is a way to evaluate and a way to check: against checking it is no other action; twelfth pass).
    func otherAction(_ lemma: String, against verbs: Set<String>) -> Bool {
        guard let distance = net.distance(of: lemma, from: others) else { return false }
        // A verb that shares its commonest sense with one of the other actions without being one ("close" is
        // "shut") but, in a sense people use, is a kind of the intent's verb ("close a session" ends it) is
        // no other action against that intent (fourteenth pass); an opposite is decided before this.
        if distance == 0, !Self.otherActions.contains(lemma), !lemma.contains("_"), !lemma.hasPrefix("un") {
            return !verbs.contains { net.isKindInUse(lemma, of: $0) }
        }
        return distance == 0 || !verbs.contains { net.isKind(lemma, of: $0) }
    }

    /// How a request's verb stands to an intent's verbs.
    /// `answers`: whether the intent tells something (``answers(_:phrases:)``), for a question. `own`: the
    /// intent's own verbs (``ownVerbs(of:phrases:)``), which an everyday wording is judged against; `verbs`
    /// when not given.
    public func fit(_ request: Request, _ verbs: Set<String>, answers: Bool = true, own: Set<String>? = nil) -> Fit {
        switch request {
        case .unknown: return .fits
        case .question, .personQuestion, .explanationQuestion: return answers ? .fits : .conflicts
        case .negated: return .conflicts
        case .refused(let lemmas, let refused):
            func fits(_ lemmas: [String]) -> Bool {
                lemmas.contains { lemma in verbs.contains { [.same, .related].contains(net.relation(lemma, $0)) } }
            }
            return fits(lemmas) && (refused.isEmpty || fits(refused)) ? .fits : .conflicts
        case .verb(let lemmas), .phrasal(let lemmas):
            guard !verbs.isEmpty else { return .fits }
            let relations = lemmas.flatMap { lemma in verbs.map { net.relation(lemma, $0) } }
            // The same action first; then another action (an opposite, or one of the other actions,
            // however WordNet links it: "cancel" is a hyponym of "schedule", "clear" one link from "make"); then a
            // near relative.
            // An everyday wording of the intent's action ("save me a seat" for booking, ``everyday``) is its own.
            if relations.contains(.same) || standsFor(lemmas, own ?? verbs) { return .fits }
            if relations.contains(.opposite) { return .conflicts }
            // A kind of another action that is also, in one of its commonest senses, a kind of the intent's
            // ("test" is a way to evaluate and a way to check: "test the kitchen soil" checks it) fits;
            // one of the other actions itself ("rate", "cancel") always conflicts.
            if lemmas.contains(where: { otherAction($0, against: verbs) }) { return .conflicts }
            if relations.contains(.related) { return .fits }
            if case .phrasal = request { return .fits }
            if lemmas.contains(where: { lemma in verbs.contains { net.commonSense(of: lemma, isASenseOf: $0) } }) { return .fits }
            return .unrelated
        }
    }
}

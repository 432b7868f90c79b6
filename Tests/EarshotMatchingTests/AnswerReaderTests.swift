@testable import EarshotMatching
import Testing

/// Answers as people say them (behavior.md §3.4): values inside sentences, ordinals, yes/no, more options.
@Suite("Answers in sentences")
struct AnswerReaderTests {
    let drinks: [[String]] = [["Latte"], ["Mocha"], ["Iced Mocha"], ["Iced Coffee"], ["Coffee", "drip coffee"], ["Flat White"]]
    let soups: [[String]] = [["Clam Chowder", "chowder"], ["Tomato Soup"], ["Chicken Noodle Soup"]]
    let reader = AnswerReader()

    @Test("a value inside a sentence, with carriers, fillers, politeness and other words around it", arguments: [
        ("a large latte with oat milk", 0),
        ("can I get a large iced mocha with soy milk", 2),
        ("I'd like an iced coffee please", 3),
        ("um, give me a coffee", 4),
        ("let's do the flat white", 5),
        ("make it a mocha, thanks", 1),
        ("how about two lattes", 0),
        ("I'll take the drip coffee", 4),
        ("go with the iced mocha I guess", 2),
        ("Iced Coffee", 3),
        ("uh... er, mocha", 1),
    ])
    func valueInSentence(answer: String, expected: Int) {
        #expect(reader.choose(answer, among: drinks) == .option(expected))
    }

    @Test("the longest title said wins: iced coffee is not coffee")
    func longestWins() {
        #expect(reader.choose("iced coffee", among: drinks) == .option(3))
        #expect(reader.choose("just a coffee", among: drinks) == .option(4))
    }

    @Test("two different values of the question → several (asked again)")
    func twoValues() {
        #expect(reader.choose("a latte or a mocha", among: drinks) == .several([0, 1]))
        #expect(reader.choose("the clam chowder and the tomato soup", among: soups) == .several([0, 1]))
        // The same value twice is one value.
        #expect(reader.choose("tomato soup, yes, tomato soup", among: soups) == .option(1))
    }

    @Test("a value taken back ('no wait', 'actually', 'sorry, I mean') gives way to the one said after", arguments: [
        ("tomato soup. no wait, the clam chowder", 0), ("the chowder, actually no, chicken noodle soup", 2),
        ("clam chowder, sorry, I mean tomato soup", 1), ("a latte, make that a mocha", 1),
    ])
    func corrections(answer: String, expected: Int) {
        let options = answer.contains("latte") ? drinks : soups
        #expect(reader.choose(answer, among: options) == .option(expected))
    }

    @Test("two values with nothing taken back, or two after the correction, are still asked again")
    func uncorrected() {
        #expect(reader.choose("the chowder, or actually tomato soup or chicken noodle soup", among: soups) == .several([0, 1, 2]))
        #expect(reader.choose("a latte and a mocha", among: drinks) == .several([0, 1]))
    }

    @Test("a value said only after a negation is not taken; a plural in -ies is its -y title")
    func negatedAndPlural() {
        #expect(reader.choose("nah, not a bowl", among: [["Cup", "small"], ["Bowl", "large"]]) == .none)
        #expect(reader.choose("no, not a whole bowl", among: [["Cup", "small"], ["Bowl", "large"]]) == .none)
        #expect(reader.choose("I don't like the big one", among: [["Cup", "small"], ["Bowl", "large", "big"]]) == .none)
        #expect(reader.choose("without the chowder", among: soups) == .none)
        #expect(reader.choose("no, a cup", among: [["Cup", "small"], ["Bowl", "large"]]) == .option(0))
        #expect(reader.choose("the groceries", among: [["Shopping", "grocery"], ["Work"], ["Packing"]]) == .option(0))
        #expect(reader.choose("the berries", among: [["Berry Tart"], ["Apple Pie"]]) == .option(0))
    }

    @Test("a value taken back by a negation gives way to the one said beside it", arguments: [
        ("not the tomato soup, the clam chowder", 0), ("I don't want the tomato, the chowder", 0),
        ("the chicken noodle soup, I can't take chowder today", 2),
    ])
    func negatedBesideAnother(answer: String, expected: Int) {
        #expect(reader.choose(answer, among: soups) == .option(expected))
    }

    @Test("a negation reaches over verbs of wanting, not over other words")
    func negationReach() {
        #expect(reader.choose("I don't really want the chowder", among: soups) == .none)
        #expect(reader.choose("I don't know, the chowder?", among: soups) == .option(0))
    }

    @Test("a word after 'other' names the kind of thing asked, not an option")
    func otherKind() {
        let places = [["Home", "my place"], ["The Office", "office"], ["City Airport", "the airport"]]
        #expect(reader.choose("somewhere else, what are the other places", among: places) == .none)
        #expect(reader.reply("somewhere else, what are the other places") == .moreOptions)
    }

    @Test("the … one: a word only one option has", arguments: [
        ("um, can I get the tomato one please", 1),
        ("the chicken one", 2),
        ("the noodle one I think", 2),
        ("something with clams", 0),
        ("the creamy one with clams in it", 0),
    ])
    func theOne(answer: String, expected: Int) {
        #expect(reader.choose(answer, among: soups) == .option(expected))
    }

    @Test("nothing that names no value is taken", arguments: [
        "what's the weather like", "the soup", "I don't know", "something hot", "yes", "the second one",
        "what else do you have", "",
    ])
    func namesNothing(answer: String) {
        #expect(reader.choose(answer, among: soups) == .none)
    }

    @Test("a ramble is no answer, whatever titles it holds")
    func ramble() {
        let ramble = Array(repeating: "and then we walked down to the harbour and talked about the weather for a while", count: 4)
            .joined(separator: " ") + " and I had a tomato soup"
        #expect(reader.choose(ramble, among: soups) == .none)
        #expect(reader.reply(ramble + " yes") == nil)
        #expect(OpenValueReader().read(ramble + " at 3 pm", as: .date) == nil)
        #expect(OpenValueReader().read(ramble, as: .string) == nil)
        // A long sentence that is still an answer is read.
        #expect(reader.choose("so I was thinking, since it's cold out today, maybe I'd like the tomato soup please", among: soups) == .option(1))
    }

    @Test("a language model's transcript: one close-sounding word of a longer title may be misheard")
    func approximate() {
        let heard = AnswerReader(approximate: true)
        #expect(heard.choose("can i get a large ice mocha", among: drinks) == .option(2))
        #expect(heard.choose("chicken noodles soup", among: soups) == .option(2))
        // A far word is not a mishearing: "large mocha" is Mocha, not Iced Mocha.
        #expect(heard.choose("a large mocha", among: drinks) == .option(1))
        // Typed text is read as written.
        #expect(reader.choose("can i get a large ice mocha", among: drinks) == .option(1))
    }

    @Test("ordinals alone and inside sentences", arguments: [
        ("the second one", 1), ("second", 1), ("number two", 1), ("2", 1), ("the last one", 2),
        ("I'll take the second one please", 1), ("um, let's go with the first one", 0), ("option three", 2),
        ("the third", 2), ("last one I guess", 2),
    ])
    func ordinals(answer: String, expected: Int) {
        #expect(reader.ordinal(answer, count: 3) == expected)
    }

    @Test("positions said other ways: middle, top, final, before last, after a verb of the reading", arguments: [
        ("the middle one", 1), ("uh, the one in the middle", 1), ("the top one", 0), ("the final one", 2),
        ("the bottom one please", 2), ("the second to last", 1), ("the one you said first", 0), ("whichever came second", 1),
        ("not the first one, the second", 1), ("that third one sounds good", 2),
    ])
    func otherOrdinals(answer: String, expected: Int) {
        #expect(reader.ordinal(answer, count: 3) == expected)
    }

    @Test("no middle of an even number; the one before last of four is the third")
    func middleAndBeforeLast() {
        #expect(reader.ordinal("the middle one", count: 4) == nil)
        #expect(reader.ordinal("the one before last", count: 4) == 2)
        #expect(reader.ordinal("not the second", count: 3) == nil)
    }

    @Test("a word that only describes an option names it before 'one', not before another thing")
    func describingWords() {
        let suits: [[String]] = [["Navy Suit", "suit", "the blue suit"], ["Wool Coat", "coat"]]
        #expect(reader.choose("the blue one", among: suits) == .option(0))
        #expect(reader.choose("the stuff in the blue bag by the door", among: suits) == .none)
        #expect(reader.choose("the tomato one please", among: soups) == .option(1))
        #expect(reader.choose("tomato bisque", among: soups) == .none)
    }

    @Test("what is no ordinal", arguments: ["wait a second", "I ordered it last time", "the fifth one", "2 of them and 3 more", "tomato"])
    func notOrdinals(answer: String) {
        #expect(reader.ordinal(answer, count: 3) == nil)
    }

    @Test("more yes, no and more-options forms (twelfth pass)", arguments: [
        ("you bet", AnswerReader.Reply.yes), ("sounds lovely, send it", .yes), ("that sounds about right, go for it", .yes),
        ("definitely not, that's too much", .no), ("of course not", .no), ("wait, no, don't order it", .no),
        ("can you list a few more", .moreOptions),
        // Thirteenth pass: "about right", the confirmed action said back, places and people elsewhere.
        ("that's about right", .yes), ("that's exactly right", .yes), ("thirty one dollars, alright, buy them", .yes),
        ("order it then", .yes), ("don't book it", .no), ("anywhere else?", .moreOptions),
        ("what are the other soups", .moreOptions),
    ])
    func moreReplies(answer: String, expected: AnswerReader.Reply) {
        #expect(reader.reply(answer) == expected)
    }

    @Test("agreement with 'then', more on the list, the other places (seventeenth pass)", arguments: [
        ("go on then", AnswerReader.Reply.yes), ("okay then", .yes), ("go on", .moreOptions),
        ("are there any more on the list", .moreOptions), ("tell me the other places", .moreOptions),
        ("read me the other ones", .moreOptions),
    ])
    func seventeenthPassReplies(answer: String, expected: AnswerReader.Reply) {
        #expect(reader.reply(answer) == expected)
    }

    @Test("no hurry is a reason, not a refusal; the next few asks for more (eighteenth pass)", arguments: [
        ("that's right, no hurry tonight", AnswerReader.Reply.yes), ("sure, no rush", .yes), ("no, no rush", .no),
        ("next few please", .moreOptions), ("the next ones", .moreOptions), ("give me the next few", .moreOptions),
        ("do else is there", .moreOptions),  // "who else is there" as a transcript heard it
    ])
    func eighteenthPassReplies(answer: String, expected: AnswerReader.Reply) {
        #expect(reader.reply(answer) == expected)
    }

    @Test("a value's word in what the speaker goes on to say of themselves names nothing (nineteenth pass)")
    func reasonAfterTheValue() {
        let sizes: [[String]] = [["Cup", "small", "a small one"], ["Bowl", "big", "large"]]
        #expect(reader.choose("nah, only a small one, I had a big lunch", among: sizes) == .option(0))
        #expect(reader.choose("the big one please, I'm sharing it with my small son", among: sizes) == .option(1))
        // Said before the statement, or picked again with a carrier, both stay named: ask again.
        #expect(reader.choose("I had a big lunch so a small one", among: sizes) == .several([0, 1]))
        #expect(reader.choose("a small one, I think a big one", among: sizes) == .several([0, 1]))
    }

    @Test("'the next few days' is a time, not a request for more options")
    func nextFewDays() {
        #expect(reader.reply("sometime in the next few days") != .moreOptions)
    }

    @Test("'the other one' picks an option; it does not ask to hear the others")
    func theOtherOne() {
        #expect(reader.reply("tell me the other one") != .moreOptions)
    }

    @Test("'a few more' of something else asks for no options")
    func fewMoreMinutes() {
        #expect(reader.reply("give me a few more minutes") != .moreOptions)
    }

    @Test("yes as people say it", arguments: [
        "yes", "yeah go ahead", "sure, do it", "yep", "uh huh", "of course", "yes please", "that's right", "why not",
        "sounds good to me", "okay", "go for it", "yeah that's correct", "um yes", "sure thing", "absolutely, thanks",
        "no problem",
    ])
    func yes(answer: String) {
        #expect(reader.reply(answer) == .yes)
    }

    @Test("no as people say it", arguments: [
        "no", "uh, no thanks", "no that's wrong", "nope", "nah", "don't", "no thank you", "not really", "no, don't do it",
        "I don't think so", "no, that's not right",
    ])
    func no(answer: String) {
        #expect(reader.reply(answer) == .no)
    }

    @Test("neither yes nor no", arguments: ["I know", "I don't know", "yeah no", "maybe", "the tomato one", "I'm not sure", "hello"])
    func neither(answer: String) {
        #expect(reader.reply(answer) == nil)
    }

    @Test("more options as people ask", arguments: [
        "what else do you have", "more options", "any other options?", "something else", "um, what else is there",
        "none of those", "what are my options", "hmm, what soups do you have", "which ones can I choose from",
        "any others?", "can you read me the rest", "what other trails are there", "any more besides those",
        "anything other than these?", "are there any more",
    ])
    func more(answer: String) {
        #expect(reader.reply(answer) == .moreOptions)
    }

    @Test("asking where or who else there is asks for more options", arguments: [
        "where else can I go", "so where else is there", "who else have you got",
    ])
    func moreByPlaceOrPerson(answer: String) {
        #expect(reader.reply(answer) == .moreOptions)
    }

    @Test("a no after an opener is a plain no; a no later on is not")
    func noAfterOpener() {
        #expect(reader.startsWithNo(Normalizer.normalize("actually no, forget it")))
        #expect(reader.startsWithNo(Normalizer.normalize("oh, nope, never mind")))
        #expect(!reader.startsWithNo(Normalizer.normalize("never mind, no")))
        #expect(!reader.startsWithNo(Normalizer.normalize("actually")))
    }

    @Test("core requests with fillers and politeness")
    func coreRequests() {
        #expect(reader.isCancel("um, never mind"))
        #expect(reader.isCancel("cancel the order please"))
        #expect(reader.isCancel("actually, cancel"))
        #expect(!reader.isCancel("cancel my subscription to the newsletter"))
        #expect(reader.isRepeat("sorry, can you repeat that"))
        #expect(reader.isRepeat("what did you say"))
        #expect(!reader.isRepeat("what soups do you have"))
    }

    @Test("the part of an answer that names something, as written")
    func namedPart() {
        #expect(reader.namedPart("um, can I get the Minestrone please") == "Minestrone")
        #expect(reader.namedPart("I'd like the lobster bisque one") == "lobster bisque")
        #expect(reader.core("um, can I get the tomato one please") == "tomato")
    }
}

/// Answers read in the twentieth pass: agreement and refusal with a reason, going on with the list, a question of
/// one's own, and one noun phrase naming one option.
@Suite("Answers as people say them: twentieth pass")
struct AnswerReaderTwentiethTests {
    let reader = AnswerReader()

    @Test("the thing offered agreed to is yes; a dismissal with a reason is no, alone it cancels", arguments: [
        ("that's what I want", AnswerReader.Reply.yes), ("yeah that's the one", .yes),
        ("forget it, that's too much", .no), ("never mind, I'll sort it out tomorrow", .no),
    ])
    func agreementAndDismissal(answer: String, expected: AnswerReader.Reply) {
        #expect(reader.reply(answer) == expected)
    }

    @Test("'forget it' alone is a cancel, not only a no")
    func dismissalAlone() {
        #expect(reader.isCancel("forget it"))
        #expect(!reader.isCancel("forget it, that's too much"))
    }

    @Test("going on with the list asks for more options", arguments: [
        "read out some more", "carry on with the list", "and after that?", "got anything different?", "keep reading",
    ])
    func goingOn(answer: String) {
        #expect(reader.reply(answer) == .moreOptions)
    }

    @Test("'carry on' alone still agrees")
    func carryOn() {
        #expect(reader.reply("carry on") == .yes)
    }

    @Test("a question of the speaker's own picks no position; a plain ordinal still does")
    func ordinalInAQuestion() {
        #expect(reader.ordinal("is there a lift to the second floor?", count: 3) == nil)
        #expect(reader.ordinal("what's on the first floor", count: 3) == nil)
        #expect(reader.ordinal("the second one please", count: 3) == 1)
    }

    @Test("one run of words, most of them one option's, names that option; two titles apart are two")
    func oneNounPhrase() {
        let options = [["Allergy Tablets", "allergy pills"], ["Blood Pressure Pills", "blood pressure medicine"], ["Vitamin D"]]
        #expect(reader.choose("my blood pressure tablets", among: options) == .option(1))
        #expect(reader.choose("blood pressure or allergy", among: options) == .several([0, 1]))
    }
}

/// Answers read in the twenty-first pass: asking to be told a few more, and a verb said for an option's participle.
@Suite("Answers as people say them: twenty-first pass")
struct AnswerReaderTwentyFirstTests {
    let reader = AnswerReader()

    @Test("being told a few more asks for more options; a few more minutes does not", arguments: [
        "tell me a few more", "give me some more", "could you tell me some more?",
    ])
    func tellMeMore(answer: String) {
        #expect(reader.reply(answer) == .moreOptions)
    }

    @Test("a few more minutes is no request for options")
    func fewMoreMinutes() {
        #expect(reader.reply("give me a few more minutes to think") != .moreOptions)
    }

    @Test("a verb said for an option's participle names it when nothing else does; a named option still wins")
    func participles() {
        let rides = [["Standard"], ["Shared", "carpool"], ["Premium"]]
        #expect(reader.choose("no, I'll share a ride, it's cheaper", among: rides) == .option(1))
        let soups = [["Grilled Cheese"], ["Roasted Tomato"]]
        #expect(reader.choose("can you grill me a cheese one", among: soups) == .option(0))
        #expect(reader.choose("I'd roast it myself, give me the grilled cheese", among: soups) == .option(0))
        // "used" is not cut down to "us".
        #expect(reader.choose("whatever you used last time", among: [["Us"], ["Them"]]) == .none)
    }
}

/// Answers read in the twenty-second pass: old-fashioned yeses, passing, second thoughts, "is that all?", and an
/// option's form with "'s" on it.
@Suite("Answers as people say them: twenty-second pass")
struct AnswerReaderTwentySecondTests {
    let reader = AnswerReader()

    @Test("yes, no and more options as people also say them", arguments: [
        ("by all means", AnswerReader.Reply.yes), ("okey dokey", .yes), ("righto", .yes), ("perfect, by all means", .yes),
        ("I'll pass, actually", .no), ("I'll give it a miss", .no), ("come to think of it, no", .no),
        ("is that all of them?", .moreOptions), ("are those all the choices?", .moreOptions),
    ])
    func replies(answer: String, expected: AnswerReader.Reply) {
        #expect(reader.reply(answer) == expected)
    }

    @Test("second thoughts open a cancel; 'all right' alone is still a yes")
    func secondThoughts() {
        #expect(reader.isCancel("on second thoughts, leave it"))
        #expect(reader.isCancel("on second thought, never mind"))
        #expect(!reader.isCancel("on second thoughts, the tomato"))
        #expect(reader.reply("all right") == .yes)
    }

    @Test("an option's form with 's' written on it names the option, with a word after it")
    func possessiveForm() {
        let methods = [["Pharmacy Counter", "counter"], ["Drive Through"], ["Mail Delivery", "post"]]
        #expect(reader.choose("counter's easiest, I walk past it anyway", among: methods) == .option(0))
        #expect(reader.choose("the counter is easiest", among: methods) == .option(0))
    }
}

/// Requests with fillers and politeness (issue 18): fillers are no words anywhere; politeness is forgiven
/// only by flexible matching.
@Suite("Requests as people say them")
struct RequestWordsTests {
    @Test("fillers and politeness around a request")
    func stripping() {
        #expect(RequestWords.withoutFillers("um order soup with soup chef") == "order soup with soup chef")
        #expect(RequestWords.withoutFillers("hey siri uh order soup with soup chef") == "order soup with soup chef")
        #expect(RequestWords.withoutFillers("hey order soup with soup chef") == "hey order soup with soup chef")
        #expect(RequestWords.withoutPoliteness("hey can you order soup with soup chef please") == "order soup with soup chef")
        #expect(RequestWords.withoutPoliteness("um i would like to order soup with soup chef") == "order soup with soup chef")
        #expect(RequestWords.withoutPoliteness("order soup with soup chef") == "order soup with soup chef")
        // A device's own wake phrase (its profile's `wake`) is taken off too, beside Siri's.
        #expect(RequestWords.withoutFillers("hey kitchen order soup with soup chef", wake: ["Hey Kitchen"]) == "order soup with soup chef")
        #expect(RequestWords.withoutFillers("hey kitchen order soup with soup chef") == "hey kitchen order soup with soup chef")
    }

    @Test("'actually' and a hesitation heard as 'or' open no request on a flexible device; the Watch keeps them")
    func openingsHeard() {
        #expect(RequestWords.withoutPoliteness("actually order soup with soup chef") == "order soup with soup chef")
        #expect(RequestWords.withoutPoliteness("or when is the lighthouse one playing in marquee") == "when is the lighthouse one playing in marquee")
        #expect(RequestWords.withoutFillers("or order soup with soup chef") == "or order soup with soup chef")
    }

    @Test("words that only turn to the device, and thanks after it, are politeness (nineteenth pass)")
    func turningToTheDevice() {
        #expect(RequestWords.withoutPoliteness("listen get tickets for paper kites in marquee") == "get tickets for paper kites in marquee")
        #expect(RequestWords.withoutPoliteness("sorry whats on my shopping list in demo") == "whats on my shopping list in demo")
        #expect(RequestWords.withoutPoliteness("check my ride with curbside ta") == "check my ride with curbside")
        #expect(RequestWords.withoutPoliteness("go on start a click track in backbeat cheers mate") == "start a click track in backbeat")
        // Fillers only: the Watch keeps them as words.
        #expect(RequestWords.withoutFillers("sorry whats on my shopping list in demo") == "sorry whats on my shopping list in demo")
    }

    @Test("thanks said at length closes no request on a flexible device (twentieth pass)")
    func longThanks() {
        #expect(RequestWords.withoutPoliteness("check my ride with curbside many thanks") == "check my ride with curbside")
        #expect(RequestWords.withoutPoliteness("order soup with soup chef please and thank you") == "order soup with soup chef")
        #expect(RequestWords.withoutFillers("order soup with soup chef please and thank you") == "order soup with soup chef please and thank you")
    }

    @Test("'cool' agrees; 'go on then' before the go-ahead agrees; a remark with a no refuses nothing (twenty-fifth pass)")
    func everydayAgreement() {
        let reader = AnswerReader()
        #expect(reader.reply("cool, send the car") == .yes)
        #expect(reader.reply("go on then, put us down") == .yes)
        #expect(reader.reply("cool, no thanks") == nil)
        #expect(reader.reply("ninety nine, don't laugh") == nil)
        #expect(reader.reply("no, don't book it") == .no)
        // A word naming what is asked picks no option, in its stemmed everyday form too.
        #expect(reader.choose("which course is this again?", among: [["Heron Links"], ["Willow Park", "the short course"]],
                              ignoring: ["course"]) == .none)
        #expect(reader.choose("the short course", among: [["Heron Links"], ["Willow Park", "the short course"]],
                              ignoring: ["course"]) == .option(1))

    }

    @Test("asking gently, or for later, opens no request on a flexible device (twenty-fifth pass)")
    func gentleOpenings() {
        #expect(RequestWords.withoutPoliteness("when you get a chance top up my range card with fairway golf") == "top up my range card with fairway golf")
        #expect(RequestWords.withoutPoliteness("i was wondering could you book a quick nine at fairway") == "book a quick nine at fairway")
        #expect(RequestWords.withoutPoliteness("order soup with soup chef when you get a chance") == "order soup with soup chef")
    }

    @Test("a request may end by asking leave or on a condition of room (twenty-sixth pass)")
    func leaveAndRoom() {
        #expect(RequestWords.withoutPoliteness("pardon me book a massage at bellhop if theres room tonight") == "book a massage at bellhop")
        #expect(RequestWords.withoutPoliteness("start charging at the office with charge spot if thats okay") == "start charging at the office with charge spot")
        #expect(RequestWords.withoutPoliteness("book a table with bellhop if theres a slot on friday") == "book a table with bellhop")
        // A condition with more words after it, or another "if", stays.
        #expect(RequestWords.withoutPoliteness("book a table with bellhop if theres room for all six of my friends") == "book a table with bellhop if theres room for all six of my friends")
        #expect(RequestWords.withoutPoliteness("remind me if it rains with day planner") == "remind me if it rains with day planner")
    }

    @Test("asking for more options whole is no option that shares its word (twenty-sixth pass)")
    func onlyMore() {
        let reader = AnswerReader()
        let forms = [["Extra Pillows", "more pillows"], ["Fresh Towels"]]
        #expect(reader.asksOnlyForMore("more", among: forms))
        #expect(reader.asksOnlyForMore("um, more options please", among: forms))
        #expect(!reader.asksOnlyForMore("more pillows", among: forms))
        #expect(!reader.asksOnlyForMore("fresh towels", among: forms))
        // An option called "Something Else" said whole is that option.
        #expect(!reader.asksOnlyForMore("something else", among: [["Something Else"]]))
    }
}

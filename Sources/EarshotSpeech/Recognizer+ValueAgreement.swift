import EarshotMatching

extension Recognizer {
    /// Whether the open values' language model heard **part of** an open-ended value the grammar took, and
    /// common words where the rest was: every word of its transcript that the value's grammar holds (not
    /// the frame's fillers, carriers and politeness) is a word of the value, at least one is, and the words
    /// it heard that the grammar did not are all neither the value grammar's nor the frame's. Then the value
    /// stands though the transcript does not hold it whole: the model, which also holds the commonest
    /// English words, turned the rest into words that name nothing ("ten minutes" heard "them minute",
    /// "four fifty" heard "four that", "the twenty first of March" heard "the twenty first of more"), which
    /// is what a grammar of number words is there to avoid.
    ///
    /// Still overruled: a transcript that names a value of its own ("twelve point five" where the grammar
    /// took "point one five"), that shares nothing with it ("tell me a joke" forced onto "ten minute okay"),
    /// that holds a frame word where the grammar heard a number ("um three and a half miles" where the
    /// grammar took "a hundred three and a half miles": a filler taken for "a hundred"), or that is the
    /// value with words left out ("two point two" for "two point oh two"), or that has fewer words in their
    /// place than it missed ("hope hour" for "twelve hour one", said "open the front door"), or fewer of
    /// its words than it missed ("what were one" for "one one one", said "what's the weather like"). Only
    /// for open-ended values.
    static func heardPart(of value: String, in transcript: String, context: RecognitionContext) -> Bool {
        guard context.valueRules != nil else { return false }
        let grammarWords = context.valueWords
        let frame = context.frameWords
        let vocabulary = grammarWords.subtracting(frame)
        let taken = Set(value.split(separator: " ").map(String.init))
        let words = transcript.split(separator: " ").map(String.init)
        let heard = Set(words).intersection(vocabulary)
        // At least as many of the value's words heard as missed, and a common word heard for each one missed
        // (substituted, not left out: "hope hour" is no hearing of "twelve hour one", nor "what were one" of
        // "one one one"). Counted with repeats.
        var unmatched = words
        var matched = 0
        var missed = 0
        // The value's words: the frame's words that the value's grammar holds too count ("one" of "twelve hour one").
        let valueFrame = frame.subtracting(grammarWords)
        for word in value.split(separator: " ").map(String.init) where !valueFrame.contains(word) {
            if let index = unmatched.firstIndex(of: word) {
                unmatched.remove(at: index)
                matched += 1
            } else {
                missed += 1
            }
        }
        let others = words.filter { !taken.contains($0) }
        return !heard.isEmpty && heard.isSubset(of: taken) && !others.isEmpty && others.count >= missed && matched >= missed
            && others.allSatisfy { !grammarWords.contains($0) && !frame.contains($0) }
    }

    /// Whether the open values' language model heard **the value's first words, then a sentence**, where the
    /// grammar took more of the value: in a run, the value's words from its first on, then more common words
    /// (neither the value grammar's nor the frame's) than the value words it did not hear, and nothing else
    /// before the run but the frame's words. Said "twenty five minutes, we're at the summit", the grammar took
    /// "twenty five minutes forty seven" and the model heard "twenty five minutes were the summit": the words
    /// after the value were forced onto more of it. Then the transcript is what was heard, when it reads as
    /// the same value as its run of value words, and that is another value than the grammar's ("two dollars
    /// fifty up off the" for "two dollars fifty four even"). Not when the run ends in a word that leaves the
    /// value unfinished ("the twenty first of more", heard for "the twenty first of March"), nor when the
    /// common words only stand where the value's last words were, one for one ("monday at nine sure" against
    /// "monday at nine forty": a substitution, as noise makes). Only for open-ended values (twenty-third pass).
    static func heardValueThenWords(of value: String, in transcript: String, context: RecognitionContext) -> Bool {
        guard context.valueRules != nil, let reading = context.valueReading else { return false }
        let grammarWords = context.valueWords
        let frame = context.frameWords
        let valueFrame = frame.subtracting(grammarWords)
        let valueWords = value.split(separator: " ").map(String.init).filter { !valueFrame.contains($0) }
        let words = transcript.split(separator: " ").map(String.init)
        guard let first = valueWords.first, let start = words.firstIndex(of: first),
              words[..<start].allSatisfy({ frame.contains($0) || AnswerWords.fillers.contains($0) }) else { return false }
        var run = 0
        while run < valueWords.count, start + run < words.count, words[start + run] == valueWords[run] { run += 1 }
        let missed = valueWords.count - run
        let rest = words[(start + run)...]
        guard missed > 0, rest.count > missed,
              rest.allSatisfy({ !grammarWords.contains($0) && !frame.contains($0) }),
              !Self.unfinishing.contains(words[start + run - 1]) else { return false }
        let heard = words[..<(start + run)].joined(separator: " ")
        guard let meant = reading(heard), reading(transcript) == meant else { return false }
        return reading(value) != meant
    }

    /// Whether the answers' language model heard **a no, then one of the question's values** ("nope junior he's
    /// only nine", where the grammar took "no thank you" to "Do you want an Adult ticket?"): its first word is a
    /// no, and a later word is a word of the context's sentences that is none of the frame's and of no sentence
    /// read as a reply (yes, no, a cancel). The person declined the default and named what they want instead;
    /// the grammar, whose sentences hold the no alone or before a bare value, kept only the no. Not for
    /// open-ended values, nor for a confirmation, whose sentences hold no value (twenty-third pass).
    static func declinesNaming(_ transcript: String, context: RecognitionContext) -> Bool {
        guard context.valueRules == nil else { return false }
        let words = transcript.split(separator: " ").map(String.init)
        guard let first = words.first, ["no", "nope", "nah"].contains(first), words.count > 1 else { return false }
        let reader = AnswerReader()
        let replies = Set(context.sentences.filter { reader.reply($0) != nil || reader.isCancel($0) || reader.isRepeat($0) }
            .flatMap { $0.split(separator: " ").map(String.init) })
        let optionWords = Set(context.sentences.flatMap { $0.split(separator: " ").map(String.init) })
            .subtracting(context.frameWords).subtracting(replies).subtracting(listArticles)
        return words.dropFirst().contains(where: optionWords.contains)
    }

    /// Words a spoken value does not end on ("of", "and", "at", "point", "past", "to", articles).
    static let unfinishing: Set<String> = ["of", "and", "at", "point", "past", "to", "a", "an", "the", "on", "in", "for"]

    /// Whether the open values' language model heard **the same value in other words** as the grammar took:
    /// both read (``RecognitionContext/valueReading``) as one value. The grammar holds "dollar" and
    /// "dollars", "a hour" and "an hour", "mile" and "miles", and in noise it takes one where the person
    /// said the other; the model, whose sentences are the forms people say, hears the other ("fourteen
    /// dollar" against "fourteen dollars", "a hour and twenty minutes" against "an hour and twenty
    /// minutes"). Two passes that hear the same value agree, whatever their words: the value stands. A
    /// transcript that names no value, or another one, is judged as before. Only for open-ended values.
    static func readsSame(_ value: String, as transcript: String, context: RecognitionContext) -> Bool {
        guard context.valueRules != nil, let reading = context.valueReading, let taken = reading(value) else { return false }
        return reading(transcript) == taken
    }

    /// Whether the answers' language model heard **the sentence around** a list answer the grammars took,
    /// with common words where its value was: every word of the answer that neither names something nor is
    /// a filler or an article is in the transcript (at least one besides "one"), and the transcript's other
    /// words are common ones, none a word of the context's answers or of their frame. Then the model did
    /// not hear another answer or speech that is no answer: it heard this one and lost its value's word to
    /// the commonest English words beside it, as noise makes it do ("I'd rather have a cup": grammar "i'd
    /// rather have uh cup", model "i'd rather have on"; "uh, garden I guess": "a garden i guess", model
    /// "pardon i guess"). The list answers' counterpart of ``heardPart(of:in:context:)``. Speech that is no
    /// answer, forced onto an ordinal, shares at most "the" and "one" with it ("dim the bedroom lights":
    /// "the third one", model "the mother one"). Not for open-ended values.
    static func heardFrame(of answer: String, in transcript: String, context: RecognitionContext) -> Bool {
        guard context.valueRules == nil else { return false }
        let naming = Set(namingWords(of: answer, context: context))
        guard !naming.isEmpty else { return false }
        let taken = answer.split(separator: " ").map(String.init)
        let words = transcript.split(separator: " ").map(String.init)
        let heard = Set(words)
        let around = taken.filter { !naming.contains($0) && !AnswerWords.fillers.contains($0) && !["the", "a", "an"].contains($0) }
        guard around.contains(where: { $0 != "one" }), around.allSatisfy(heard.contains) else { return false }
        let answerWords = context.vocabulary
        let others = words.filter { !taken.contains($0) }
        return !others.isEmpty && others.allSatisfy { !answerWords.contains($0) }
    }
}

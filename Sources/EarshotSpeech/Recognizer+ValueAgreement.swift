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
}

import CPocketSphinx
import Foundation

extension Recognizer {
    /// The words of `words` the decoder's dictionary lacks, with the pronunciation Earshot derives for
    /// each (``pronounce(_:)``: espeak-ng's phonemes mapped to the model's phones), sorted by word.
    ///
    /// Words are looked up as given: pass them through ``RecognitionContext/words(_:)`` first (lower
    /// case, numbers spelled out). A word this recognizer already guessed for a grammar is listed with
    /// the pronunciation it was given. Repeated words are listed once.
    public func guesses(for words: some Sequence<String>) throws(SpeechError) -> [(word: String, phones: String)] {
        var out: [(word: String, phones: String)] = []
        for word in Set(words).sorted() where !word.isEmpty {
            if let phones = guessedWords[word] {
                out.append((word, phones))
                continue
            }
            guard let known = ps_lookup_word(decoder, word) else {
                out.append((word, try pronounce(word)))
                continue
            }
            free(known)
        }
        return out
    }
}

extension Recognizer.Model {
    /// A model elsewhere than Debian's paths (a custom install, or a missing one in tests).
    public static func at(acousticModel: String, dictionary: String) -> Self {
        Self(acousticModel: acousticModel, dictionary: dictionary)
    }
}

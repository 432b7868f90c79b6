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

extension Recognizer {
    /// Adds the words of `vocabulary` the dictionary lacks, with derived pronunciations.
    func addPronunciations(for vocabulary: Set<String>) throws(SpeechError) {
        try addPronunciations(for: vocabulary, to: decoder)
    }

    /// Adds the words of `vocabulary` that `target`'s dictionary lacks: the pronunciation already derived
    /// for another of this recognizer's decoders, or a new one.
    ///
    /// pocketsphinx gives a word added to its dictionary to every n-gram search the decoder has, and this
    /// pocketsphinx's n-gram models (tries) do not grow: the word joins the search, scored with whatever lies
    /// past the model's unigrams (a wrong score, or a crash in `lm_trie_score`). So the decoder's n-gram
    /// searches are dropped first (``dropLanguageModelSearches(of:)``), and each is made again, with the words
    /// in the dictionary and none added to its model, when it is next wanted.
    func addPronunciations(for vocabulary: Set<String>, to target: OpaquePointer) throws(SpeechError) {
        let unknown = vocabulary.filter { ps_lookup_word(target, $0).map { free($0); return false } ?? true }.sorted()
        guard !unknown.isEmpty else { return }
        dropLanguageModelSearches(of: target)
        for (index, word) in unknown.enumerated() {
            let phones: String
            if let known = guessedWords[word] { phones = known } else { phones = try pronounce(word) }
            guard !phones.isEmpty, ps_add_word(target, word, phones, index == unknown.count - 1 ? 1 : 0) >= 0 else {
                throw SpeechError("no pronunciation could be made for '\(word)'.", fix: "Spell the word out in the phrase.")
            }
            guessedWords[word] = phones
        }
    }
}

extension Recognizer {
    /// Takes every n-gram search off `target` (the domain models, dictation's, the mixed general ones) and
    /// forgets them, so that words can be added to its dictionary without reaching any n-gram model.
    func dropLanguageModelSearches(of target: OpaquePointer) {
        var names: [String] = []
        if target == decoder {
            names = Array(languageModels.values) + (hasDictation ? [Self.dictationSearch] : [])
            languageModels = [:]
            hasDictation = false
        } else if target == secondDecoder?.decoder {
            names = Array(passLanguageModels.values) + Array(mixedSearches.values)
            passLanguageModels = [:]
            mixedSearches = [:]
        }
        for name in names { ps_unset_search(target, name) }
    }
}

extension Recognizer.Model {
    /// A model elsewhere than Debian's paths (a custom install, or a missing one in tests).
    public static func at(acousticModel: String, dictionary: String) -> Self {
        Self(acousticModel: acousticModel, dictionary: dictionary)
    }
}

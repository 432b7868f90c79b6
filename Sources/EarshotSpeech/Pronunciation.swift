/// Turns espeak-ng's IPA for a word into the en-us model's phone set (CMU ARPAbet), for words the
/// dictionary does not have ("Traillog", "Dipsea").
public enum Pronunciation {
    /// The 39 phones of the en-us model (CMU ARPAbet, without stress).
    public static let phones = ["AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY", "F", "G", "HH",
                                "IH", "IY", "JH", "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S", "SH", "T", "TH",
                                "UH", "UW", "V", "W", "Y", "Z", "ZH"]

    /// IPA phoneme (stress marks removed) → ARPAbet phones.
    static let table: [String: String] = [
        // vowels and diphthongs
        "iː": "IY", "i": "IY", "ɪ": "IH", "ᵻ": "IH", "eɪ": "EY", "e": "EH", "ɛ": "EH", "æ": "AE", "a": "AE",
        "aɪ": "AY", "aɪɚ": "AY ER", "aɪə": "AY AH", "aʊ": "AW", "ɑː": "AA", "ɑ": "AA", "ɒ": "AA", "ɔː": "AO",
        "ɔ": "AO", "ɔɪ": "OY", "oʊ": "OW", "o": "OW", "əʊ": "OW", "ʊ": "UH", "uː": "UW", "u": "UW", "ʌ": "AH",
        "ə": "AH", "ɐ": "AH", "ɚ": "ER", "ɜː": "ER", "ɜ": "ER", "ɝ": "ER", "əl": "AH L", "ɑːɹ": "AA R",
        "ɔːɹ": "AO R", "oːɹ": "AO R", "oɹ": "AO R", "ɛɹ": "EH R", "eə": "EH R", "ɪɹ": "IH R", "ʊɹ": "UH R",
        "iə": "IY AH", "uə": "UW AH", "ɪə": "IH AH",
        // consonants
        "p": "P", "b": "B", "t": "T", "d": "D", "k": "K", "ɡ": "G", "g": "G", "f": "F", "v": "V", "θ": "TH",
        "ð": "DH", "s": "S", "z": "Z", "ʃ": "SH", "ʒ": "ZH", "h": "HH", "tʃ": "CH", "dʒ": "JH", "m": "M",
        "n": "N", "ŋ": "NG", "l": "L", "ɹ": "R", "r": "R", "w": "W", "j": "Y", "ɾ": "T", "ʔ": "T",
        "n̩": "AH N", "l̩": "AH L", "m̩": "AH M", "x": "HH", "ʍ": "W",
    ]

    /// ARPAbet phones for espeak-ng's phonemes of one word, separated by `_` (and spaces between words).
    public static func arpabet(fromIPA ipa: String) -> String {
        var phones: [String] = []
        for word in ipa.split(separator: " ") {
            for raw in word.split(separator: "_") {
                var phoneme = String(raw.filter { $0 != "ˈ" && $0 != "ˌ" && $0 != "-" })
                if phoneme.isEmpty { continue }
                if let mapped = table[phoneme] {
                    phones.append(mapped)
                    continue
                }
                // Unknown combinations: map greedily, longest known piece first.
                while !phoneme.isEmpty {
                    var matched = false
                    for length in stride(from: min(3, phoneme.count), through: 1, by: -1) {
                        let piece = String(phoneme.prefix(length))
                        if let mapped = table[piece] {
                            phones.append(mapped)
                            phoneme.removeFirst(length)
                            matched = true
                            break
                        }
                    }
                    if !matched { phoneme.removeFirst() }
                }
            }
        }
        return phones.joined(separator: " ")
    }
}

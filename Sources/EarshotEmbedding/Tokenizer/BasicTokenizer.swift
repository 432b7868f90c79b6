import Foundation

/// BERT's clean-up and word split, done as Hugging Face's fast `BertNormalizer` and `BertPreTokenizer` do it.
///
/// In order: control characters (Unicode category C, other than tab, newline and carriage return), NUL
/// and U+FFFD are dropped and whitespace becomes a space; CJK ideographs get a space on each side;
/// accents are stripped (NFD, then non-spacing marks dropped); letters are lower-cased; then the text is
/// split at whitespace, and each punctuation character (ASCII punctuation and symbols, and Unicode's
/// P categories) becomes a word of its own.
public struct BasicTokenizer: Sendable {
    /// Lower-case the text (the model is uncased).
    public var lowercase: Bool
    /// Strip accents: "café" reads as "cafe". Follows `lowercase` unless set.
    public var stripAccents: Bool
    /// Put spaces around CJK ideographs, so each is a word.
    public var splitsChineseCharacters: Bool

    public init(lowercase: Bool = true, stripAccents: Bool? = nil, splitsChineseCharacters: Bool = true) {
        self.lowercase = lowercase
        self.stripAccents = stripAccents ?? lowercase
        self.splitsChineseCharacters = splitsChineseCharacters
    }

    /// The text as the model reads it, before the split into words.
    public func normalize(_ text: String) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: normalizedScalars(text))
        return String(view)
    }

    /// The words and punctuation marks of `text`, normalised.
    public func words(_ text: String) -> [String] {
        scalarWords(text).map { word in
            var view = String.UnicodeScalarView()
            view.append(contentsOf: word)
            return String(view)
        }
    }

    /// The words as scalars: kept as scalars since Swift's `String` equality would merge canonically
    /// equivalent spellings that the vocabulary keeps apart (a Hangul syllable and its jamo).
    func scalarWords(_ text: String) -> [[Unicode.Scalar]] {
        var words: [[Unicode.Scalar]] = []
        var word: [Unicode.Scalar] = []
        for scalar in normalizedScalars(text) {
            if scalar.properties.isWhitespace {
                if !word.isEmpty { words.append(word); word.removeAll(keepingCapacity: true) }
            } else if Self.isPunctuation(scalar) {
                if !word.isEmpty { words.append(word); word.removeAll(keepingCapacity: true) }
                words.append([scalar])
            } else {
                word.append(scalar)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    func normalizedScalars(_ text: String) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.utf8.count)
        var ascii = true
        for scalar in text.unicodeScalars {
            if scalar.value == 0 || scalar.value == 0xFFFD || Self.isControl(scalar) { continue }
            if Self.isWhitespace(scalar) {
                scalars.append(" ")
            } else if splitsChineseCharacters && Self.isChineseCharacter(scalar) {
                scalars.append(" ")
                scalars.append(scalar)
                scalars.append(" ")
                ascii = false
            } else {
                scalars.append(scalar)
                ascii = ascii && scalar.isASCII
            }
        }
        if ascii {
            if lowercase {
                for index in scalars.indices where scalars[index].value >= 0x41 && scalars[index].value <= 0x5A {
                    scalars[index] = Unicode.Scalar(UInt8(scalars[index].value) + 0x20)
                }
            }
            return scalars
        }
        if stripAccents {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            scalars = String(view).decomposedStringWithCanonicalMapping.unicodeScalars.filter {
                $0.properties.generalCategory != .nonspacingMark
            }
        }
        if lowercase {
            var lowered: [Unicode.Scalar] = []
            lowered.reserveCapacity(scalars.count)
            for scalar in scalars {
                if scalar.isASCII {
                    lowered.append(scalar.value >= 0x41 && scalar.value <= 0x5A ? Unicode.Scalar(UInt8(scalar.value) + 0x20) : scalar)
                } else if scalar.properties.changesWhenLowercased {
                    lowered.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
                } else {
                    lowered.append(scalar)
                }
            }
            scalars = lowered
        }
        return scalars
    }

    // MARK: - Character classes, as the Hugging Face tokenizers define them

    /// Tab, newline and carriage return, and Unicode's White_Space characters.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar.properties.isWhitespace
    }

    /// Unicode category C (control, format, unassigned, private use, surrogate), less tab, newline, return.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\t" || scalar == "\n" || scalar == "\r" { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .unassigned, .privateUse, .surrogate: return true
        default: return false
        }
    }

    /// ASCII punctuation and symbols (`!` to `/`, `:` to `@`, `[` to `` ` ``, `{` to `~`), and Unicode's P categories.
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 33...47, 58...64, 91...96, 123...126: return true
        case 0..<128: return false
        default: break
        }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    /// The CJK Unified Ideographs blocks and their extensions and compatibility forms (not kana or hangul).
    static func isChineseCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0x2A700...0x2B73F, 0x2B740...0x2B81F,
             0x2B920...0x2CEAF, 0xF900...0xFAFF, 0x2F800...0x2FA1F:
            return true
        default:
            return false
        }
    }
}

/// BERT's WordPiece tokenizer: `BasicTokenizer`'s words cut into the longest vocabulary pieces from the
/// left, pieces after the first spelt with `##`, a word that cannot be cut (or has over 100 characters)
/// becoming `[UNK]`; the whole wrapped in `[CLS]` … `[SEP]` and truncated like sentence-transformers.
///
/// Gives the same ids as Hugging Face's fast `BertTokenizer` for all-MiniLM-L6-v2 (checked against it in
/// the tests), except that special tokens typed in the text ("[SEP]") are read as text, not as themselves.
public struct WordPieceTokenizer: Sendable {
    /// The tokens the vocabulary must hold.
    public static let specialTokens = ["[UNK]", "[CLS]", "[SEP]"]

    /// The clean-up and word split before WordPiece.
    public let basic: BasicTokenizer
    /// Tokens per text, [CLS] and [SEP] included; the pieces past it are dropped.
    public let maxLength: Int
    /// A longer word is `[UNK]` without being looked at.
    public let maxCharactersPerWord = 100
    /// The id of `[UNK]`, for a word that cannot be cut into pieces.
    public let unknownID: Int32
    /// The id of `[CLS]`, first of every sequence.
    public let classID: Int32
    /// The id of `[SEP]`, last of every sequence.
    public let separatorID: Int32
    /// The vocabulary in id order.
    public let tokens: [String]

    /// Pieces that may start a word, by their scalars.
    private let starts: [[UInt32]: Int32]
    /// Pieces that continue a word (`##` dropped), by their scalars.
    private let continuations: [[UInt32]: Int32]

    /// A tokenizer over `vocabulary` (ids are positions in it; a token listed twice takes its last id,
    /// as Hugging Face's loader does). The vocabulary must hold `specialTokens`.
    public init(vocabulary: [String], basic: BasicTokenizer = BasicTokenizer(), maxLength: Int = 256) {
        precondition(maxLength >= 2, "room for [CLS] and [SEP] is needed")
        var starts: [[UInt32]: Int32] = [:]
        var continuations: [[UInt32]: Int32] = [:]
        starts.reserveCapacity(vocabulary.count)
        for (id, token) in vocabulary.enumerated() {
            let scalars = token.unicodeScalars.map(\.value)
            starts[scalars] = Int32(id)
            if scalars.count > 2, scalars[0] == 0x23, scalars[1] == 0x23 {
                continuations[Array(scalars.dropFirst(2))] = Int32(id)
            }
        }
        func id(_ token: String) -> Int32 {
            guard let id = starts[token.unicodeScalars.map(\.value)] else { preconditionFailure("the vocabulary has no \(token)") }
            return id
        }
        unknownID = id("[UNK]")
        classID = id("[CLS]")
        separatorID = id("[SEP]")
        self.starts = starts
        self.continuations = continuations
        self.basic = basic
        self.maxLength = maxLength
        tokens = vocabulary
    }

    /// The ids the model reads for `text`: [CLS], the pieces (at most `maxLength` − 2), [SEP].
    public func encode(_ text: String) -> [Int32] {
        var ids: [Int32] = [classID]
        let room = maxLength - 2
        for word in basic.scalarWords(text) {
            appendPieces(of: word, to: &ids)
            if ids.count > room { break }
        }
        if ids.count > room + 1 { ids.removeLast(ids.count - room - 1) }
        ids.append(separatorID)
        return ids
    }

    /// The pieces of `text` as strings, without [CLS] and [SEP] and untruncated: "playing" → ["playing"],
    /// "snowboarding" → ["snow", "##boarding"].
    public func pieces(_ text: String) -> [String] {
        var ids: [Int32] = []
        for word in basic.scalarWords(text) { appendPieces(of: word, to: &ids) }
        return ids.map { tokens[Int($0)] }
    }

    /// Greedy longest-match-first, as BERT's WordPiece does it.
    private func appendPieces(of word: [Unicode.Scalar], to ids: inout [Int32]) {
        guard word.count <= maxCharactersPerWord else { ids.append(unknownID); return }
        let values = word.map(\.value)
        let before = ids.count
        var start = 0
        while start < values.count {
            let table = start == 0 ? starts : continuations
            var end = values.count
            var found: Int32?
            while start < end {
                if let id = table[Array(values[start..<end])] {
                    found = id
                    break
                }
                end -= 1
            }
            guard let found else {
                ids.removeLast(ids.count - before)
                ids.append(unknownID)
                return
            }
            ids.append(found)
            start = end
        }
    }
}

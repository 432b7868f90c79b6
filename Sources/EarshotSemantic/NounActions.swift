import Foundation

/// The actions WordNet's nouns name: "a copy" is the act of copying, "a rating" of rating, "a summary" of
/// summarizing. A light verb with such a noun ("make a copy of", "give it a rating", "give me a summary
/// of", "take a look at") asks for the noun's action, which ``ActionVerbs`` judges as it judges a verb.
///
/// A noun names an action when one of its commonest senses is an act, a communication, an event, a
/// process or a thought (WordNet's lexicographer files `noun.act`, `noun.communication`, `noun.event`,
/// `noun.process`, `noun.cognition`); its actions are the verbs WordNet links to that sense as
/// derivationally related forms, and the noun itself when it is also a verb ("copy", "look"). Things
/// ("soup", "cup", "postcard") name none. Read from Debian's `wordnet-base` on first use.
public struct NounActions: Sendable {
    /// Noun lemma → the verb lemmas of its actions (empty: the noun names a thing, or WordNet is missing).
    let actions: [String: [String]]

    /// How many of a noun's senses, commonest first, are read.
    static let commonSenses = 3

    /// WordNet's noun files of acts, thoughts, communications, events and processes.
    static let actionFiles: [StaticString] = ["04", "09", "10", "11", "22"]

    /// Whether a `data.noun` line may be in one of ``actionFiles``: its lexicographer file is the two digits
    /// after the eight of the offset ("06467007 10 n …"). A line not laid out so is split and judged by its fields.
    static func mayBeAction(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard line.count > 12, line[8] == 32, line[11] == 32 else { return true }
        let file = (line[9], line[10])
        return actionFiles.contains { $0.utf8Start[0] == file.0 && $0.utf8Start[1] == file.1 }
    }

    /// Read once, on first use.
    public static let shared = NounActions(net: .shared)

    public init(net: VerbNet) {
        guard let index = WordNetFile(net.folder + "/index.noun"), let data = WordNetFile(net.folder + "/data.noun") else {
            actions = [:]
            return
        }
        // "summary n 1 3 @ ~ + 1 1 06467007": as a verb's index line.
        let senses = VerbNet.senses(index: index, limit: Self.commonSenses)
        // "06467007 10 n 02 summary 0 sum-up 0 016 @ 06722453 n 0000 + 01007942 v 0102 …": the synset's
        // words, then its pointers; "+ … v 0102" links its first word to the verb synset's second.
        var derived: [Int: [(word: Int, verb: String)]] = [:]
        var wordsOf: [Int: [String]] = [:]
        data.forEachLine(skippingIndented: true, endingAt: UInt8(ascii: "|"), keeping: Self.mayBeAction) { fields in
            guard fields.count >= 2, Self.actionFiles.contains(where: { fields.field(1, is: $0) }) else { return }
            guard fields.count > 4, let offset = fields.int(0), let count = fields.int(3, radix: 16), count >= 0, fields.count > 4 + count * 2 else { return }
            wordsOf[offset] = (0..<count).map { fields.string(4 + $0 * 2).lowercased() }
            var position = 4 + count * 2
            guard let pointers = fields.int(position) else { return }
            position += 1
            for _ in 0..<max(pointers, 0) {
                guard position + 3 < fields.count else { break }
                if fields.field(position, is: "+"), fields.field(position + 2, is: "v"), let target = fields.int(position + 1) {
                    if fields.length(position + 3) == 4, let source = fields.int(position + 3, radix: 16, bytes: 0..<2),
                       let word = fields.int(position + 3, radix: 16, bytes: 2..<4),
                       let verbs = net.words[target], word >= 1, word <= verbs.count {
                        derived[offset, default: []].append((source, verbs[word - 1]))
                    }
                }
                position += 4
            }
        }
        var actions: [String: [String]] = [:]
        for (lemma, offsets) in senses {
            var verbs: [String] = []
            for offset in offsets {
                guard let words = wordsOf[offset] else { continue }
                let own = (words.firstIndex(of: lemma) ?? -1) + 1
                if net.senses[lemma] != nil, !verbs.contains(lemma) { verbs.append(lemma) }
                for link in derived[offset] ?? [] where (link.word == own || link.word == 0) && !verbs.contains(link.verb) {
                    verbs.append(link.verb)
                }
            }
            if !verbs.isEmpty { actions[lemma] = verbs }
        }
        self.actions = actions
    }

    /// The verb lemmas of the action `noun` names (a plural is read as its singular), or none.
    public func verbs(of noun: String) -> [String] {
        if let verbs = actions[noun] { return verbs }
        for (suffix, ending) in [("ies", "y"), ("es", ""), ("s", "")] where noun.hasSuffix(suffix) && noun.count > suffix.count + 2 {
            if let verbs = actions[String(noun.dropLast(suffix.count)) + ending] { return verbs }
        }
        return []
    }
}

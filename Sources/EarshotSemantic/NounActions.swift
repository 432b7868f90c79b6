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
    static let actionFiles: Set<Substring> = ["04", "09", "10", "11", "22"]

    /// Read once, on first use.
    public static let shared = NounActions(net: .shared)

    public init(net: VerbNet) {
        guard let index = try? String(contentsOfFile: net.folder + "/index.noun", encoding: .utf8),
              let data = try? String(contentsOfFile: net.folder + "/data.noun", encoding: .utf8) else {
            actions = [:]
            return
        }
        // "summary n 1 3 @ ~ + 1 1 06467007": as a verb's index line.
        let senses = VerbNet.senses(index: index, limit: Self.commonSenses)
        // "06467007 10 n 02 summary 0 sum-up 0 016 @ 06722453 n 0000 + 01007942 v 0102 …": the synset's
        // words, then its pointers; "+ … v 0102" links its first word to the verb synset's second.
        var derived: [Int: [(word: Int, verb: String)]] = [:]
        var wordsOf: [Int: [String]] = [:]
        for line in data.split(separator: "\n") where !line.hasPrefix(" ") {
            let head = line.split(separator: " ", maxSplits: 2)
            guard head.count == 3, Self.actionFiles.contains(head[1]) else { continue }
            let body = line.split(separator: "|", maxSplits: 1).first ?? line
            let fields = body.split(separator: " ")
            guard fields.count > 4, let offset = Int(fields[0]), let count = Int(fields[3], radix: 16), fields.count > 4 + count * 2 else { continue }
            wordsOf[offset] = (0..<count).map { fields[4 + $0 * 2].lowercased() }
            var position = 4 + count * 2
            guard let pointers = Int(fields[position]) else { continue }
            position += 1
            for _ in 0..<pointers {
                guard position + 3 < fields.count else { break }
                if fields[position] == "+", fields[position + 2] == "v", let target = Int(fields[position + 1]) {
                    let numbers = fields[position + 3]
                    if numbers.count == 4, let source = Int(numbers.prefix(2), radix: 16), let word = Int(numbers.suffix(2), radix: 16),
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

import Foundation

/// Which words are verbs, from WordNet as Debian ships it (`wordnet-base`, which `make setup`
/// installs): a word is a verb when WordNet has it as one and it is tagged as a verb at least as often
/// as as a noun or adjective in WordNet's sense-tagged corpus (`cntlist.rev`). So "brew", "preheat",
/// "weigh" and "restart" are verbs; "soup" and "weather", which WordNet can use as verbs but which are
/// mostly nouns, are not. Without WordNet, only ``Language``'s own list counts.
public struct Lexicon: Sendable {
    /// Verb lemma → (times tagged as a verb, times tagged as anything else).
    let counts: [String: (verb: Int, other: Int)]
    /// Whether WordNet was found.
    public let available: Bool

    /// WordNet's folder on Debian.
    public static let folder = "/usr/share/wordnet"

    /// Loaded once, on first use.
    public static let shared = Lexicon(folder: folder)

    public init(folder: String) {
        guard let index = try? String(contentsOfFile: folder + "/index.verb", encoding: .utf8),
              let tagged = try? String(contentsOfFile: folder + "/cntlist.rev", encoding: .utf8) else {
            counts = [:]
            available = false
            return
        }
        var counts: [String: (verb: Int, other: Int)] = [:]
        for line in index.split(separator: "\n") where !line.hasPrefix(" ") {
            guard let lemma = line.split(separator: " ", maxSplits: 1).first else { continue }
            counts[String(lemma)] = (0, 0)
        }
        // "bake%2:30:00:: 1 8": the lemma, its part of speech (2 = verb), then how often it was tagged.
        for line in tagged.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 3, let count = Int(fields[2]), let percent = fields[0].firstIndex(of: "%") else { continue }
            let lemma = String(fields[0][..<percent])
            guard var entry = counts[lemma] else { continue }
            let kind = fields[0][fields[0].index(after: percent)...].first
            if kind == "2" { entry.verb += count } else { entry.other += count }
            counts[lemma] = entry
        }
        self.counts = counts
        available = true
    }

    /// Whether WordNet takes `word` (lower case) for a verb first.
    public func isVerb(_ word: String) -> Bool {
        guard let entry = counts[word] else { return false }
        return entry.verb >= entry.other
    }
}

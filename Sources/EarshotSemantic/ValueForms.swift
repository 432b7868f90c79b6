import EarshotMatching
import EarshotModel

/// The titles and synonyms of an app's enum and entity values, looked up by the words of an utterance
/// (a few dictionary lookups per word, however many values the app has).
struct ValueForms: Sendable {
    /// Normalised form → the values said so: value set (enum or entity id) and value id.
    let values: [String: [(set: String, value: String)]]
    /// The most words in a form.
    let longest: Int

    init(_ manifest: AppManifest) {
        var values: [String: [(set: String, value: String)]] = [:]
        for set in manifest.enums + manifest.entities {
            for value in set.values {
                for form in value.spokenForms.map(Normalizer.normalize) where !form.isEmpty { values[form, default: []].append((set.id, value.id)) }
            }
        }
        self.values = values
        longest = values.keys.map { $0.split(separator: " ").count }.max() ?? 0
    }

    /// The forms said as whole words, each with the values it names, where forms overlap the longest
    /// (in characters) first: "half an hour" is one mention, not "an hour" too. Only forms naming a value
    /// of `sets` count, when given.
    func mentions(in normalized: String, of sets: Set<String>? = nil) -> [[(set: String, value: String)]] {
        guard longest > 0 else { return [] }
        let words = normalized.split(separator: " ")
        var found: [(start: Int, length: Int, characters: Int, values: [(set: String, value: String)])] = []
        for length in 1...min(longest, max(1, words.count)) where length <= words.count {
            for start in 0...(words.count - length) {
                let form = words[start..<(start + length)].joined(separator: " ")
                // "Maya's finished the washing up" is normalised "mayas": a form with "'s" (or a plural "s") on
                // its last word names the value too (twenty-second pass).
                let possessive = form.count > 3 && form.hasSuffix("s") ? values[String(form.dropLast())] : nil
                guard var named = values[form] ?? possessive else { continue }
                if let sets { named = named.filter { sets.contains($0.set) } }
                if !named.isEmpty { found.append((start, length, form.count, named)) }
            }
        }
        var taken = [Bool](repeating: false, count: words.count)
        var mentions: [[(set: String, value: String)]] = []
        for mention in found.sorted(by: { ($0.characters, $1.start) > ($1.characters, $0.start) })
        where !taken[mention.start..<(mention.start + mention.length)].contains(true) {
            for position in mention.start..<(mention.start + mention.length) { taken[position] = true }
            mentions.append(mention.values)
        }
        return mentions
    }

    /// The value sets of each value said, one entry per mention (what ``SemanticMatcher/Settings/valuePenalty`` weighs).
    func mentionedSets(in normalized: String) -> [Set<String>] {
        mentions(in: normalized).map { Set($0.map(\.set)) }
    }

    /// The values of `intent`'s parameters whose title or synonym is in the utterance, as whole words (the
    /// longest form wins where forms overlap, so "clam chowder" beats "chowder"); a form goes to the first
    /// parameter, in the intent's order, that takes its value set and has no value yet.
    func values(of intent: Intent, saying normalized: String) -> [String: String] {
        let parameters = intent.parameters.compactMap { parameter in parameter.type.valueSetID.map { (id: parameter.id, set: $0) } }
        var values: [String: String] = [:]
        for mention in mentions(in: normalized, of: Set(parameters.map(\.set))) {
            for (set, value) in mention {
                guard let parameter = parameters.first(where: { $0.set == set && values[$0.id] == nil }) else { continue }
                values[parameter.id] = value
                break
            }
        }
        return values
    }
}

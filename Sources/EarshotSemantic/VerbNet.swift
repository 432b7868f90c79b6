import Foundation

/// WordNet's verbs as Debian ships them (`wordnet-base`, which `make setup` installs): every verb's
/// senses, the links between senses, and the irregular forms — what flexible matching needs to tell
/// whether two verbs name the same action ("buy" and "purchase"), opposite ones ("start" and "stop"), or
/// unrelated ones ("order" and "cancel").
///
/// Without WordNet the net is empty: every pair of different verbs is unrelated except the light ones
/// ``ActionVerbs`` never judges.
public struct VerbNet: Sendable {
    /// How two verbs relate.
    public enum Relation: Sendable, Equatable {
        /// The same lemma, or senses they share (synonyms).
        case same
        /// A sense of one is a near hypernym of, in a verb group with, entailed by or caused by a sense
        /// of the other ("record" and "log", "show" and "display").
        case related
        /// WordNet gives a sense of one as the antonym of a sense of the other ("start" and "stop").
        case opposite
        /// Nothing links them.
        case unrelated
    }

    /// Lemma (underscores for spaces: "sum_up") → its senses' synset offsets, commonest first.
    let senses: [String: [Int]]
    /// Synset → hypernyms (`@`), antonyms (`!`), and the other links between verbs (`$ ^ * >`).
    let hypernyms: [Int: [Int]]
    let antonyms: [Int: [Int]]
    let links: [Int: [Int]]
    /// Irregular form → lemmas (`verb.exc`: "got" → "get").
    let exceptions: [String: [String]]
    /// Lemma → times tagged as a verb, and as anything else, in WordNet's sense-tagged corpus.
    let tagged: [String: (verb: Int, other: Int)]
    /// Synset → its lemmas, in WordNet's order (what a noun's derivational link points at).
    let words: [Int: [String]]
    /// The synsets one of whose sentence frames takes a direct object ("Somebody ----s something",
    /// "Somebody ----s somebody PP" …): what a verb means when an object follows it.
    let transitive: Set<Int>
    /// WordNet's folder this net was read from (its nouns are read on first use: ``nounActions``).
    let folder: String
    /// Lemma → how many of its senses, commonest first, WordNet's sense-tagged corpus holds (`index.verb`'s
    /// tagsense_cnt): the senses people use ("close" has six: shutting, ceasing to operate, ending a
    /// meeting …).
    let taggedSenses: [String: Int]

    /// Whether WordNet was found.
    public var available: Bool { !senses.isEmpty }

    /// WordNet's folder on Debian.
    public static let folder = "/usr/share/wordnet"

    /// Read once, on first use.
    public static let shared = VerbNet(folder: folder)

    /// How many hypernym steps apart two senses may be and still name related actions.
    static let hypernymSteps = 1

    /// How many of a verb's senses, commonest first, count when verbs are compared: "rate" and "order"
    /// share a sense ("rank"), but it is order's ninth; "rate my coffee" does not order one.
    static let commonSenses = 3

    /// Each lemma's synset offsets, commonest sense first, from a WordNet `index.*` file: "order v 9 4 ! @ ~ +
    /// 9 6 00746736 …" is the lemma, its part of speech, its synset count, the pointer kinds, then the offsets.
    /// At most `limit` senses per lemma.
    static func senses(index: WordNetFile, limit: Int = .max) -> [String: [Int]] {
        var senses: [String: [Int]] = [:]
        index.forEachLine(skippingIndented: true) { fields in
            guard fields.count > 4, let count = fields.int(2), let kinds = fields.int(3) else { return }
            let first = 4 + kinds + 2
            guard first >= 0, fields.count >= first + count, count >= 0 else { return }
            senses[fields.string(0)] = (first..<(first + min(count, limit))).compactMap { fields.int($0) }
        }
        return senses
    }

    public init(folder: String) {
        guard let index = WordNetFile(folder + "/index.verb"), let data = WordNetFile(folder + "/data.verb") else {
            senses = [:]; hypernyms = [:]; antonyms = [:]; links = [:]; exceptions = [:]; tagged = [:]; words = [:]; transitive = []
            taggedSenses = [:]
            self.folder = folder
            return
        }
        let senses = Self.senses(index: index)
        // "01860813 38 v 02 stop 0 halt 0 011 ! 02014183 v 0101 @ ... | gloss".
        var hypernyms: [Int: [Int]] = [:], antonyms: [Int: [Int]] = [:], links: [Int: [Int]] = [:], synsetWords: [Int: [String]] = [:]
        var transitive: Set<Int> = []
        data.forEachLine(skippingIndented: true, endingAt: UInt8(ascii: "|")) { fields in
            guard fields.count > 4, let offset = fields.int(0), let words = fields.int(3, radix: 16), words >= 0, fields.count > 4 + words * 2 else { return }
            synsetWords[offset] = (0..<words).map { fields.string(4 + $0 * 2).lowercased() }
            var position = 4 + words * 2
            guard position < fields.count, let pointers = fields.int(position) else { return }
            position += 1
            for _ in 0..<max(pointers, 0) {
                guard position + 3 < fields.count, let target = fields.int(position + 1), fields.field(position + 2, is: "v") else {
                    position += 4
                    continue
                }
                if fields.field(position, is: "@") {
                    hypernyms[offset, default: []].append(target)
                } else if fields.field(position, is: "!") {
                    antonyms[offset, default: []].append(target)
                } else if fields.field(position, is: "$") || fields.field(position, is: "^") || fields.field(position, is: "*")
                            || fields.field(position, is: ">") {
                    links[offset, default: []].append(target)
                }
                position += 4
            }
            // "01 + 08 00": the frames, each "+ frame word"; a frame with a direct object makes the sense transitive.
            if position < fields.count, let frames = fields.int(position) {
                for frame in 0..<max(frames, 0) where position + 2 + frame * 3 < fields.count {
                    if let number = fields.int(position + 2 + frame * 3), Self.objectFrames.contains(number) { transitive.insert(offset) }
                }
            }
        }
        var exceptions: [String: [String]] = [:]
        WordNetFile(folder + "/verb.exc")?.forEachLine { fields in
            if fields.count >= 2 { exceptions[fields.string(0)] = (1..<fields.count).map { fields.string($0) } }
        }
        // "bake%2:30:00:: 1 8": the lemma, its part of speech (2 = verb), how often it was tagged.
        var tagged: [String: (verb: Int, other: Int)] = [:]
        WordNetFile(folder + "/cntlist.rev")?.forEachLine { fields in
            guard fields.count == 3, let count = fields.int(2),
                  let percent = (0..<fields.length(0)).first(where: { fields.byte(0, $0) == UInt8(ascii: "%") }) else { return }
            let lemma = fields.string(0, bytes: 0..<percent)
            guard senses[lemma] != nil else { return }
            var entry = tagged[lemma] ?? (0, 0)
            if percent + 1 < fields.length(0), fields.byte(0, percent + 1) == UInt8(ascii: "2") { entry.verb += count } else { entry.other += count }
            tagged[lemma] = entry
        }
        self.senses = senses
        self.hypernyms = hypernyms
        self.antonyms = antonyms
        self.links = links
        self.exceptions = exceptions
        self.tagged = tagged
        self.words = synsetWords
        self.transitive = transitive
        self.folder = folder
        self.taggedSenses = Self.taggedSenseCounts(index: index)
    }

    /// Each lemma's count of senses found in WordNet's sense-tagged corpus (`index.verb`: the field after
    /// the pointer kinds and the sense count).
    static func taggedSenseCounts(index: WordNetFile) -> [String: Int] {
        var counts: [String: Int] = [:]
        index.forEachLine(skippingIndented: true) { fields in
            guard fields.count > 4, let kinds = fields.int(3), kinds >= -4, fields.count > 4 + kinds + 1, let tagged = fields.int(4 + kinds + 1) else { return }
            counts[fields.string(0)] = tagged
        }
        return counts
    }

    /// Whether one of the senses of `lemma` people use (its commonest three, or as many as the sense-tagged
    /// corpus holds) is a direct kind of a sense of `verb`, any of them: "close" (its fourth sense: finish a
    /// meeting, a kind of "end") is a way to end; fourteenth pass.
    public func isKindInUse(_ lemma: String, of verb: String) -> Bool {
        guard let all = senses[lemma], let theirs = senses[verb] else { return false }
        let used = all.prefix(max(Self.commonSenses, taggedSenses[lemma] ?? 0))
        let wanted = Set(theirs)
        return used.contains { !(Set(hypernyms[$0] ?? []).isDisjoint(with: wanted)) }
    }

    /// WordNet's verb frames that have a direct object (`wninput(5WN)`: 8 "Somebody ----s something", 9
    /// "Somebody ----s somebody", 14 "Somebody ----s somebody something", 21 "Somebody ----s something PP" …).
    static let objectFrames: Set<Int> = [5, 8, 9, 10, 11, 14, 15, 16, 17, 18, 19, 20, 21, 24, 25, 30, 31]

    /// The action `lemma` names when it has a direct object, as one of `family`'s verbs: its commonest
    /// sense that takes an object, when that sense is one of the family's or a direct hyponym of one
    /// ("take [my postcard] off": WordNet's commonest "take off" is leaving, which takes no object; its
    /// commonest with an object is "take away or remove", a kind of "remove"). The family's verb, or nil.
    public func objectAction(of lemma: String, in family: Set<Int>) -> String? {
        guard let sense = senses[lemma]?.first(where: transitive.contains) else { return nil }
        if family.contains(sense) { return words[sense]?.first }
        return (hypernyms[sense] ?? []).first(where: family.contains).flatMap { words[$0]?.first }
    }

    /// The verb lemmas a word form can be ("ordering" → order, "got" → get, "logged" → log), as
    /// WordNet's morphology finds them; empty when it is no verb. A verb WordNet lacks made from one it
    /// has with "un" ("unshare") is kept as it is said. A word that is a verb of its own as well as another
    /// verb's irregular form is both ("rent" is renting and the past of "rend", "found" founding and the past
    /// of "find"): a request says "rent the drums".
    public func lemmas(of word: String) -> [String] {
        if let irregular = exceptions[word] {
            let forms = irregular.filter { senses[$0] != nil }
            return senses[word] != nil && !forms.contains(word) ? [word] + forms : forms
        }
        var out: [String] = []
        if senses[word] != nil { out.append(word) }
        if out.isEmpty, word.hasPrefix("un"), word.count > 4 {
            let base = lemmas(of: String(word.dropFirst(2)))
            if !base.isEmpty { return base.map { "un" + $0 } }
        }
        for (suffix, ending) in [("ies", "y"), ("es", "e"), ("es", ""), ("s", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")]
        where word.hasSuffix(suffix) && word.count > suffix.count + 1 {
            let lemma = String(word.dropLast(suffix.count)) + ending
            if senses[lemma] != nil, !out.contains(lemma) { out.append(lemma) }
        }
        return out
    }

    /// Whether WordNet's tagged corpus uses `lemma` as a verb at least as often as otherwise.
    public func isMostlyVerb(_ lemma: String) -> Bool {
        guard senses[lemma] != nil else { return false }
        guard let entry = tagged[lemma] else { return true }
        return entry.verb >= entry.other
    }

    /// A verb's commonest senses (``commonSenses`` of them).
    func common(_ lemma: String) -> [Int]? {
        senses[lemma].map { Array($0.prefix(Self.commonSenses)) }
    }

    /// How the actions of two verb lemmas relate, by their commonest senses. "un" before a verb is its
    /// opposite ("unshare", "unpost"), as WordNet lacks most of these.
    public func relation(_ a: String, _ b: String) -> Relation {
        if a == b { return .same }
        if a == "un" + b || b == "un" + a { return .opposite }
        guard let left = common(a), let right = common(b) else { return .unrelated }
        let rightSet = Set(right), leftSet = Set(left)
        if !leftSet.isDisjoint(with: rightSet) { return .same }
        if left.contains(where: { !Set(antonyms[$0] ?? []).isDisjoint(with: rightSet) })
            || right.contains(where: { !Set(antonyms[$0] ?? []).isDisjoint(with: leftSet) }) {
            return .opposite
        }
        if !near(leftSet).isDisjoint(with: rightSet) || !near(rightSet).isDisjoint(with: leftSet) { return .related }
        return .unrelated
    }

    /// Whether one of the commonest senses of `lemma` is a direct kind of a sense of `verb`, any of them:
    /// "test" (in its second sense, "screen, test") is a way to check.
    public func isKind(_ lemma: String, of verb: String) -> Bool {
        guard let mine = common(lemma), let theirs = senses[verb] else { return false }
        let all = Set(theirs)
        return mine.contains { !(Set(hypernyms[$0] ?? []).isDisjoint(with: all)) }
    }

    /// Whether the commonest sense of `a` is one of the senses of `b`, any of them: "fetch" (bring, get,
    /// convey, fetch) is a meaning of "get", though not among get's commonest. A verb an app's phrase
    /// uses may mean any of its senses; what a person says means its commonest.
    public func commonSense(of a: String, isASenseOf b: String) -> Bool {
        guard let first = senses[a]?.first, let all = senses[b] else { return false }
        return all.contains(first)
    }

    /// Whether `lemma` names one of the actions of `family` in its first (commonest) sense: that sense is
    /// one of the family's senses or a direct hyponym of one ("erase" of "remove"). A verb of several
    /// words ("call off", "get rid of") is in a family only when one of its commonest senses is one of
    /// the family's (a synonym: "call off" is "cancel"); hypernyms do not count for them: WordNet files
    /// "pull up" (a car) under "stop" and "bring up" (a memory) under "create", not under the screen's
    /// "show".
    public func isIn(_ lemma: String, family: Set<Int>) -> Bool {
        distance(of: lemma, from: family) != nil
    }

    /// How far `lemma` is from the actions of `family` (``isIn(_:family:)``): 0 when it is one of them
    /// (its sense is one of the family's, or "un" + a verb), 1 when its commonest sense is a direct
    /// hyponym of one ("erase" of "remove", "test" of "evaluate"), 2 when it is a hyponym of such a
    /// hyponym ("scrap" is a way to discard, a way to remove), nil when it is none of them.
    public func distance(of lemma: String, from family: Set<Int>) -> Int? {
        if lemma.hasPrefix("un"), senses[lemma] == nil { return 0 }
        guard let first = senses[lemma]?.first else { return nil }
        if lemma.contains("_") { return common(lemma)?.contains(where: family.contains) == true ? 0 : nil }
        if family.contains(first) { return 0 }
        let parents = hypernyms[first] ?? []
        if parents.contains(where: family.contains) { return 1 }
        return parents.flatMap { hypernyms[$0] ?? [] }.contains(where: family.contains) ? 2 : nil
    }

    /// The verbs WordNet gives as the opposites of `lemma`'s commonest senses, one lemma per opposite
    /// sense: the one that shares the lemma's first word when there is one ("turn_off" → "turn_on", though
    /// WordNet links "switch off" to "switch on"), else the sense's first.
    public func opposites(of lemma: String) -> [String] {
        let head = lemma.split(separator: "_").first.map(String.init) ?? lemma
        var out: [String] = []
        for sense in common(lemma) ?? [] {
            for opposite in antonyms[sense] ?? [] {
                guard let lemmas = words[opposite], let first = lemmas.first else { continue }
                let pick = lemmas.first { $0.hasPrefix(head + "_") && $0 != lemma } ?? first
                if pick != lemma, !out.contains(pick) { out.append(pick) }
            }
        }
        return out
    }

    /// The action of the one who receives what `lemma` hands over, when one of its commonest senses is a way
    /// of giving (one of "give"'s commonest senses or what they are kinds of, within two hypernym steps) and
    /// WordNet gives that sense an opposite: "sell" → "buy", "lend" → "borrow". "Sell me a day pass" asks to
    /// buy one (eighteenth pass). Nil for every other verb.
    public func converse(of lemma: String) -> String? {
        guard let giving = common("give") else { return nil }
        let family = Set(giving + giving.flatMap { hypernyms[$0] ?? [] })
        for sense in common(lemma) ?? [] {
            let up = hypernyms[sense] ?? []
            guard ([sense] + up + up.flatMap { hypernyms[$0] ?? [] }).contains(where: family.contains),
                  let opposite = antonyms[sense]?.first, let word = words[opposite]?.first, word != lemma else { continue }
            return word
        }
        return nil
    }

    /// The commonest senses of `lemmas`, for ``isIn(_:family:)``.
    public func family(_ lemmas: [String]) -> Set<Int> {
        Set(lemmas.flatMap { common($0) ?? [] })
    }

    /// The senses within ``hypernymSteps`` hypernyms of `synsets`, and those one other link away.
    private func near(_ synsets: Set<Int>) -> Set<Int> {
        var out = synsets
        var frontier = synsets
        for _ in 0..<Self.hypernymSteps {
            frontier = Set(frontier.flatMap { hypernyms[$0] ?? [] })
            out.formUnion(frontier)
        }
        for synset in synsets { out.formUnion(links[synset] ?? []) }
        return out
    }
}

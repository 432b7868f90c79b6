import EarshotModel
import EarshotEmbedding
import EarshotMatching
import Foundation

/// The sentence vectors of every phrase expansion and negative phrase of a device's apps, for
/// matching by meaning (behaviour spec §2.4).
///
/// Built when the apps load. Each app's vectors are cached on disk under a hash of the model and the
/// app's texts, so a second start reads them instead of encoding, and any change to a manifest's
/// phrases, names or values makes new ones.
public struct SemanticIndex: Sendable {
    /// One app's vectors.
    public struct App: Sendable {
        /// One row per expansion, in the order of ``CompiledApp/expansions``, each `dimension` floats:
        /// scored against an utterance in one matrix–vector product.
        public let phraseMatrix: [Float]
        public let dimension: Int
        /// One per negative expansion, in the order of ``CompiledApp/negativeExpansions``.
        public let negatives: [Embedding]
        /// The distinct actions of the app's phrases: a phrase with the app's name and the parameters left
        /// out ("Send a postcard to {recipient} with {applicationName}" → "send a postcard to with").
        public let actions: [Embedding]
        /// For each expansion, the position of its phrase's action in `actions`.
        public let actionOfExpansion: [Int]
        /// The app's intents, and for each expansion the position of its intent among them.
        public let intents: [String]
        public let intentOfExpansion: [Int]
        /// For each expansion, the position of its phrase among the app's phrases; and for each phrase, the
        /// position of its intent in `intents`. Phrases of one intent that differ only in their placeholders
        /// ("How far did I hike {period} with {applicationName}", "How far did I hike with
        /// {applicationName}") are one phrase: the same words.
        public let phraseOfExpansion: [Int]
        public let intentOfPhrase: [Int]

        init(phrases: [Embedding], negatives: [Embedding], actions: [Embedding], actionOfExpansion: [Int], intents: [String]) {
            dimension = phrases.first?.dimension ?? 0
            phraseMatrix = phrases.flatMap(\.values)
            self.negatives = negatives
            self.actions = actions
            self.actionOfExpansion = actionOfExpansion
            var order: [String] = []
            var position: [String: Int] = [:]
            intentOfExpansion = intents.map { intent in
                if let known = position[intent] { return known }
                position[intent] = order.count
                order.append(intent)
                return order.count - 1
            }
            self.intents = order
            // A phrase is an intent with one action: the pair of positions already made above.
            var phrasePosition: [Int: Int] = [:]
            var intentOfPhrase: [Int] = []
            phraseOfExpansion = zip(intentOfExpansion, actionOfExpansion).map { intent, action in
                let key = intent * actions.count + action
                if let known = phrasePosition[key] { return known }
                phrasePosition[key] = intentOfPhrase.count
                intentOfPhrase.append(intent)
                return intentOfPhrase.count - 1
            }
            self.intentOfPhrase = intentOfPhrase
        }

        /// The number of expansions.
        public var phraseCount: Int { dimension == 0 ? 0 : phraseMatrix.count / dimension }

        /// The vector of the expansion at `position`.
        public func phrase(_ position: Int) -> Embedding {
            Embedding(normalizing: Array(phraseMatrix[(position * dimension)..<((position + 1) * dimension)]))
        }
    }

    /// By app position in the catalog.
    public var apps: [App]
    /// Apps whose vectors were read from the cache rather than encoded.
    public private(set) var cachedApps = 0

    /// Encodes (or reads from `cacheFolder`) the vectors of every app of `catalog`. With no cache
    /// folder, nothing is read or written.
    public init(catalog: PhraseCatalog, encoder: SentenceEncoder, cacheFolder: String? = SemanticIndex.defaultCacheFolder()) {
        var apps: [App] = []
        for app in catalog.apps {
            let actionTexts = Array(Set(app.expansions.map { Self.action(of: $0.phrase) })).sorted()
            let texts = app.expansions.map(\.text) + app.negativeExpansions + actionTexts
            let key = Self.key(texts, model: encoder.folder)
            let path = cacheFolder.map { "\($0)/\(key).vectors" }
            var vectors: [Embedding]
            if let path, let cached = Self.read(path, count: texts.count, dimension: encoder.dimension) {
                vectors = cached
                cachedApps += 1
            } else {
                vectors = encoder.encode(texts)
                if let path, let cacheFolder { Self.write(vectors, to: path, folder: cacheFolder) }
            }
            let negativeEnd = app.expansions.count + app.negativeExpansions.count
            let actionPosition = Dictionary(uniqueKeysWithValues: actionTexts.enumerated().map { ($1, $0) })
            apps.append(App(phrases: Array(vectors[..<app.expansions.count]), negatives: Array(vectors[app.expansions.count..<negativeEnd]),
                            actions: Array(vectors[negativeEnd...]),
                            actionOfExpansion: app.expansions.map { actionPosition[Self.action(of: $0.phrase)]! },
                            intents: app.expansions.map(\.intent)))
        }
        self.apps = apps
    }

    /// A phrase template without its placeholders: "Order {soup} with {applicationName}" → "order with".
    public static func action(of template: String) -> String {
        var out = ""
        var depth = 0
        for ch in template {
            if ch == "{" { depth += 1; out.append(" ") } else if ch == "}" { depth = max(0, depth - 1) } else if depth == 0 { out.append(ch) }
        }
        return out.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }

    /// An index of vectors already made, by app position.
    public init(apps: [App]) {
        self.apps = apps
    }

    /// `$XDG_CACHE_HOME/earshot/index` (or `~/.cache/earshot/index`).
    public static func defaultCacheFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        EarshotCache.folder("index", environment: environment)
    }

    /// A 128-bit FNV-1a hash (two 64-bit lanes) of the model, a format version and the texts.
    static func key(_ texts: [String], model: String) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325, b: UInt64 = 0x6c62_272e_07bb_0142
        func mix(_ byte: UInt8) {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 ^ (b >> 29)
        }
        for text in ["earshot-index-2", EmbeddingModel.name, URL(fileURLWithPath: model).lastPathComponent] + texts {
            for byte in text.utf8 { mix(byte) }
            mix(0)
        }
        return String(format: "%016llx%016llx", a, b)
    }

    static func read(_ path: String, count: Int, dimension: Int) -> [Embedding]? {
        guard let data = FileManager.default.contents(atPath: path), data.count == count * dimension * 4 else { return nil }
        let floats: [Float] = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        return (0..<count).map { Embedding(normalizing: Array(floats[($0 * dimension)..<(($0 + 1) * dimension)])) }
    }

    /// Writes the vectors next to their final name and moves them there, so a reader never sees half a
    /// file; a cache that cannot be written is only slower, never an error.
    static func write(_ vectors: [Embedding], to path: String, folder: String) {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var data = Data(capacity: vectors.count * (vectors.first?.dimension ?? 0) * 4)
        for vector in vectors { vector.values.withUnsafeBytes { data.append(contentsOf: $0) } }
        let temporary = path + ".\(UUID().uuidString).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, path) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
    }
}

import COpenBLAS
import Foundation
import Synchronization

/// all-MiniLM-L6-v2 in Swift: a sentence in, a unit-length 384-dimensional `Embedding` out, as
/// sentence-transformers computes it (WordPiece ids, the 6-layer BERT encoder, the mean of the token
/// vectors, L2 normalisation).
///
/// Immutable once loaded, so one encoder serves any number of tasks at once; each call works in buffers
/// of its own. Matrix products go through OpenBLAS, set to one thread unless `OPENBLAS_NUM_THREADS` is
/// set: for a sentence, two threads gained nothing on an idle 2-core machine and lost much under load.
public final class SentenceEncoder: Sendable {
    /// The encoder's shape.
    public let configuration: BertConfiguration
    /// Text to ids.
    public let tokenizer: WordPieceTokenizer
    /// The folder the model was loaded from.
    public let folder: String
    let weights: BertWeights
    /// Embeddings already computed by ``encode(_:)-(String)``, by text: a test suite says the same request
    /// on several devices and in several conversations, and each costs the model a few milliseconds.
    private let cache = Mutex<[String: Embedding]>([:])
    /// At most this many texts are kept (about 6 MB); the cache starts over when it is full.
    static let cacheLimit = 4_096

    /// The length of the vectors.
    public var dimension: Int { configuration.hiddenSize }

    /// Loads the model from `folder` (by default where `make setup` installs it, or `$EARSHOT_MODEL_DIR`).
    ///
    /// Throws `EmbeddingError` naming the folder and the fix when a file is missing or damaged.
    public convenience init(folder: String = EmbeddingModel.defaultFolder()) throws(EmbeddingError) {
        try self.init(model: try EmbeddingModel(folder: folder))
    }

    /// An encoder over files already read and checked.
    public init(model: EmbeddingModel) throws(EmbeddingError) {
        _ = Self.blasConfigured
        configuration = model.configuration
        folder = model.folder
        tokenizer = WordPieceTokenizer(vocabulary: model.vocabulary, basic: BasicTokenizer(lowercase: model.lowercase),
                                       maxLength: model.maxSequenceLength)
        do {
            weights = try BertWeights(tensors: model.tensors, configuration: model.configuration)
        } catch {
            throw .corrupt(folder: model.folder, file: "model.safetensors", reason: error.reason)
        }
    }

    /// The embedding of `text`. Text past the model's 256 tokens is ignored; empty text has an embedding
    /// too (that of [CLS] [SEP]).
    ///
    /// Remembers the texts it encoded (``clearCache()`` forgets them): the same text costs the model once.
    public func encode(_ text: String) -> Embedding {
        if let known = cache.withLock({ $0[text] }) { return known }
        let embedding = encode(ids: tokenizer.encode(text))
        cache.withLock { cache in
            if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[text] = embedding
        }
        return embedding
    }

    /// Forgets the embeddings ``encode(_:)-(String)`` remembered (for timing the model itself).
    public func clearCache() {
        cache.withLock { $0.removeAll() }
    }

    /// The embeddings of `texts`, in order: each the one `encode(_:)` gives for the text alone (to float
    /// rounding), several times faster for many texts.
    ///
    /// The texts are encoded in batches of similar length, each batch's token rows stacked so every
    /// projection is one matrix product over all of them, the batches shared out over the processor's
    /// cores (this call waits for them all).
    public func encode(_ texts: [String]) -> [Embedding] {
        encode(batch: texts.map { tokenizer.encode($0) })
    }

    /// The embedding of token ids as `tokenizer.encode` makes them ([CLS] … [SEP]).
    ///
    /// Ids outside the vocabulary read as [UNK]; ids past the model's length are dropped.
    public func encode(ids: [Int32]) -> Embedding {
        let ids = valid(ids)
        let scratch = ForwardScratch(rows: ids.count, longestSentence: ids.count, configuration: configuration)
        return Embedding(normalizing: meanPooled([ids], in: scratch)[0])
    }

    /// `ids` with those outside the vocabulary read as [UNK] and those past the model's length dropped.
    func valid(_ ids: [Int32]) -> [Int32] {
        let vocabulary = Int32(configuration.vocabularySize)
        var ids = ids.map { $0 >= 0 && $0 < vocabulary ? $0 : tokenizer.unknownID }
        if ids.count > tokenizer.maxLength { ids.removeLast(ids.count - tokenizer.maxLength) }
        return ids
    }

    /// OpenBLAS on one thread unless the user chose otherwise (a process-wide setting, made once).
    private static let blasConfigured: Bool = {
        if ProcessInfo.processInfo.environment["OPENBLAS_NUM_THREADS"] == nil {
            openblas_set_num_threads(1)
        }
        return true
    }()
}

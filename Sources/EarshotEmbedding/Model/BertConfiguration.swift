/// The shape of a BERT encoder, from the model's `config.json` (Hugging Face's names).
public struct BertConfiguration: Sendable, Equatable, Decodable {
    /// Tokens in the vocabulary (`vocab_size`).
    public var vocabularySize: Int
    /// The width of a token vector, and of the sentence embedding (`hidden_size`).
    public var hiddenSize: Int
    /// Transformer layers (`num_hidden_layers`).
    public var layers: Int
    /// Attention heads per layer (`num_attention_heads`).
    public var heads: Int
    /// The width of the feed-forward layer (`intermediate_size`).
    public var intermediateSize: Int
    /// Positions with an embedding (`max_position_embeddings`).
    public var maxPositions: Int
    /// Segment types with an embedding (`type_vocab_size`); only type 0 is used.
    public var tokenTypes: Int
    /// LayerNorm's ε (`layer_norm_eps`).
    public var layerNormEpsilon: Float
    /// The activation of the feed-forward layers; only `gelu` (the erf form) is supported.
    public var activation: String

    /// all-MiniLM-L6-v2's values.
    public static let miniLML6 = BertConfiguration(
        vocabularySize: 30_522, hiddenSize: 384, layers: 6, heads: 12, intermediateSize: 1_536,
        maxPositions: 512, tokenTypes: 2, layerNormEpsilon: 1e-12, activation: "gelu")

    /// A configuration from its values.
    public init(vocabularySize: Int, hiddenSize: Int, layers: Int, heads: Int, intermediateSize: Int,
                maxPositions: Int, tokenTypes: Int, layerNormEpsilon: Float, activation: String) {
        self.vocabularySize = vocabularySize
        self.hiddenSize = hiddenSize
        self.layers = layers
        self.heads = heads
        self.intermediateSize = intermediateSize
        self.maxPositions = maxPositions
        self.tokenTypes = tokenTypes
        self.layerNormEpsilon = layerNormEpsilon
        self.activation = activation
    }

    enum CodingKeys: String, CodingKey {
        case vocabularySize = "vocab_size", hiddenSize = "hidden_size", layers = "num_hidden_layers"
        case heads = "num_attention_heads", intermediateSize = "intermediate_size"
        case maxPositions = "max_position_embeddings", tokenTypes = "type_vocab_size"
        case layerNormEpsilon = "layer_norm_eps", activation = "hidden_act"
    }

    /// The size of one attention head.
    public var headSize: Int { hiddenSize / heads }

    /// Why this configuration cannot be run, or nil.
    var problem: String? {
        if activation != "gelu" { return "hidden_act is \(activation), only gelu is supported" }
        if [vocabularySize, hiddenSize, layers, heads, intermediateSize, maxPositions, tokenTypes].contains(where: { $0 <= 0 }) {
            return "a size is not positive"
        }
        if hiddenSize % heads != 0 { return "hidden_size \(hiddenSize) is not a multiple of num_attention_heads \(heads)" }
        return nil
    }
}

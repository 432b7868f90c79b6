/// The activations of forward passes over up to `rows` token rows, in one allocation: made once per
/// single encode, or once per worker and reused batch after batch.
///
/// Every buffer is `[rows × width]` row-major; a batch's sentences sit one after another in it.
struct ForwardScratch: ~Copyable {
    /// Token rows the buffers hold (a multiple of 4, see `rows(forTokens:)`).
    let rows: Int
    /// Tokens of the longest sentence `scores` has room for.
    let longestSentence: Int
    /// The layer's input and output, `[rows × hidden]`.
    let hidden: UnsafeMutablePointer<Float>
    /// Queries, keys and values side by side, `[rows × 3·hidden]`.
    let queryKeyValue: UnsafeMutablePointer<Float>
    /// One sentence's attention scores for one head, `[n × n]`.
    let scores: UnsafeMutablePointer<Float>
    /// The heads' outputs side by side, `[rows × hidden]`.
    let context: UnsafeMutablePointer<Float>
    /// After attention's residual sum and LayerNorm, `[rows × hidden]`.
    let attended: UnsafeMutablePointer<Float>
    /// The feed-forward layer's inside, `[rows × intermediate]`.
    let intermediate: UnsafeMutablePointer<Float>

    /// Room for `rows` token rows (rounded up to a multiple of 4) and sentences of up to `longestSentence`
    /// tokens, all zero.
    init(rows: Int, longestSentence: Int, configuration: BertConfiguration) {
        let rows = Self.rows(forTokens: rows)
        let h = configuration.hiddenSize
        let sizes = [rows * h, rows * 3 * h, longestSentence * longestSentence, rows * h, rows * h,
                     rows * configuration.intermediateSize]
        let total = sizes.reduce(0, +)
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: total)
        buffer.initialize(repeating: 0, count: total)
        self.rows = rows
        self.longestSentence = longestSentence
        hidden = buffer
        queryKeyValue = hidden + sizes[0]
        scores = queryKeyValue + sizes[1]
        context = scores + sizes[2]
        attended = context + sizes[3]
        intermediate = attended + sizes[4]
    }

    deinit { hidden.deallocate() }

    /// The rows the products run over for `tokens` token rows: rounded up to a multiple of 4, the padding
    /// rows being ignored by attention and pooling. OpenBLAS's Haswell sgemm works in blocks of 4 rows
    /// here, and a ragged last block costs more than a whole one (7 tokens: 5.8 ms as they are, 3.7 ms
    /// padded to 8).
    static func rows(forTokens tokens: Int) -> Int { (tokens + 3) / 4 * 4 }
}

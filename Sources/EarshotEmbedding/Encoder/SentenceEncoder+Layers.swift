import COpenBLAS
import Foundation

/// The forward pass: embeddings, then per layer self-attention and the feed-forward block, each closed by
/// a residual sum and LayerNorm; then the mean over each sentence's tokens.
///
/// A pass runs over a batch of sentences whose token rows are stacked in `ForwardScratch`'s buffers:
/// every projection is one sgemm over all the rows (OpenBLAS packs each weight matrix once per product,
/// so the more rows, the less that costs per row), everything else is row-wise but attention, which runs
/// per sentence over its own rows. A sentence's vector does not depend on the others in its batch.
extension SentenceEncoder {
    /// The mean of the last layer's token vectors of each sentence of `sentences` (valid ids, at most the
    /// model's length each), in order; a sentence without ids gets zeros. `scratch` must have room for
    /// all their tokens and for the longest.
    func meanPooled(_ sentences: [[Int32]], in scratch: borrowing ForwardScratch) -> [[Float]] {
        let h = configuration.hiddenSize, inner = configuration.intermediateSize
        var starts: [Int] = []
        starts.reserveCapacity(sentences.count)
        var tokens = 0
        for sentence in sentences {
            starts.append(tokens)
            tokens += sentence.count
        }
        guard tokens > 0 else { return sentences.map { _ in [Float](repeating: 0, count: h) } }
        let rows = ForwardScratch.rows(forTokens: tokens)
        precondition(rows <= scratch.rows && sentences.allSatisfy { $0.count <= scratch.longestSentence },
                     "a batch larger than its scratch buffers")
        let hidden = scratch.hidden, queryKeyValue = scratch.queryKeyValue, scores = scratch.scores
        let context = scratch.context, attended = scratch.attended, intermediate = scratch.intermediate

        // The padding rows are zero (reused buffers hold the last batch's rows): finite, never read back.
        (hidden + tokens * h).update(repeating: 0, count: (rows - tokens) * h)
        for (sentence, start) in zip(sentences, starts) { embed(sentence, into: hidden + start * h) }
        layerNorm(hidden, rows: tokens, scale: weights.embeddingNormScale, bias: weights.embeddingNormBias)
        for layer in weights.layers {
            setRows(queryKeyValue, rows: rows, to: layer.queryKeyValueBias)
            Self.addProduct(hidden, rows: rows, inner: h, weight: layer.queryKeyValue, outputs: 3 * h, into: queryKeyValue)
            for (sentence, start) in zip(sentences, starts) where !sentence.isEmpty {
                attend(queryKeyValue + start * 3 * h, tokens: sentence.count, scores: scores, into: context + start * h)
            }

            attended.update(from: hidden, count: rows * h)
            addRows(attended, rows: rows, bias: layer.attentionOutputBias)
            Self.addProduct(context, rows: rows, inner: h, weight: layer.attentionOutput, outputs: h, into: attended)
            layerNorm(attended, rows: rows, scale: layer.attentionNormScale, bias: layer.attentionNormBias)

            setRows(intermediate, rows: rows, to: layer.intermediateBias)
            Self.addProduct(attended, rows: rows, inner: h, weight: layer.intermediate, outputs: inner, into: intermediate)
            Self.gelu(intermediate, count: rows * inner)

            hidden.update(from: attended, count: rows * h)
            addRows(hidden, rows: rows, bias: layer.outputBias)
            Self.addProduct(intermediate, rows: rows, inner: inner, weight: layer.output, outputs: h, into: hidden)
            layerNorm(hidden, rows: rows, scale: layer.outputNormScale, bias: layer.outputNormBias)
        }

        return zip(sentences, starts).map { sentence, start in
            var mean = [Float](repeating: 0, count: h)
            guard !sentence.isEmpty else { return mean }
            mean.withUnsafeMutableBufferPointer { mean in
                for row in start..<start + sentence.count {
                    let vector = hidden + row * h
                    for column in 0..<h { mean[column] += vector[column] }
                }
                let scale = 1 / Float(sentence.count)
                for column in 0..<h { mean[column] *= scale }
            }
            return mean
        }
    }

    /// Word + position + token type 0 embeddings of one sentence, its first token at `rows` (not yet
    /// normalised).
    private func embed(_ ids: [Int32], into rows: UnsafeMutablePointer<Float>) {
        let h = configuration.hiddenSize
        weights.wordEmbeddings.withUnsafeBufferPointer { words in
            weights.positionEmbeddings.withUnsafeBufferPointer { positions in
                weights.tokenTypeEmbedding.withUnsafeBufferPointer { type in
                    for (position, id) in ids.enumerated() {
                        let row = rows + position * h
                        let word = words.baseAddress! + Int(id) * h
                        let place = positions.baseAddress! + position * h
                        for column in 0..<h { row[column] = word[column] + place[column] + type[column] }
                    }
                }
            }
        }
    }

    /// One sentence's multi-head self-attention, its rows starting at `queryKeyValue` and `context`: per
    /// head, softmax(Q·Kᵀ / √d)·V into its columns of `context`.
    ///
    /// (Plain SIMD loops instead of the two sgemm calls per head measured the same: the projections
    /// around it take over 90% of an encode.)
    private func attend(_ queryKeyValue: UnsafeMutablePointer<Float>, tokens n: Int,
                        scores: UnsafeMutablePointer<Float>, into context: UnsafeMutablePointer<Float>) {
        let h = configuration.hiddenSize, d = configuration.headSize
        let stride = Int32(3 * h)
        let scale = 1 / Float(d).squareRoot()
        for head in 0..<configuration.heads {
            let query = queryKeyValue + head * d, key = query + h, value = key + h
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, Int32(n), Int32(n), Int32(d),
                        scale, query, stride, key, stride, 0, scores, Int32(n))
            for row in 0..<n { Self.softmax(scores + row * n, count: n) }
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, Int32(n), Int32(d), Int32(n),
                        1, scores, Int32(n), value, stride, 0, context + head * d, Int32(h))
        }
    }

    /// `output[rows × outputs] += input[rows × inner] · weightᵀ`, `weight` being `[outputs × inner]`.
    private static func addProduct(_ input: UnsafePointer<Float>, rows: Int, inner: Int, weight: [Float], outputs: Int,
                                   into output: UnsafeMutablePointer<Float>) {
        weight.withUnsafeBufferPointer { weight in
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, Int32(rows), Int32(outputs), Int32(inner),
                        1, input, Int32(inner), weight.baseAddress, Int32(inner), 1, output, Int32(outputs))
        }
    }

    /// Every row of `matrix` set to `row`.
    private func setRows(_ matrix: UnsafeMutablePointer<Float>, rows: Int, to row: [Float]) {
        row.withUnsafeBufferPointer { row in
            for index in 0..<rows { (matrix + index * row.count).update(from: row.baseAddress!, count: row.count) }
        }
    }

    /// `bias` added to every row of `matrix`.
    private func addRows(_ matrix: UnsafeMutablePointer<Float>, rows: Int, bias: [Float]) {
        bias.withUnsafeBufferPointer { bias in
            for index in 0..<rows {
                let row = matrix + index * bias.count
                for column in 0..<bias.count { row[column] += bias[column] }
            }
        }
    }

    /// Each row normalised to mean 0 and variance 1 (ε from the configuration), then scaled and shifted.
    private func layerNorm(_ matrix: UnsafeMutablePointer<Float>, rows: Int, scale: [Float], bias: [Float]) {
        let width = scale.count
        let epsilon = configuration.layerNormEpsilon
        scale.withUnsafeBufferPointer { scale in
            bias.withUnsafeBufferPointer { bias in
                for index in 0..<rows {
                    let row = matrix + index * width
                    var sum: Float = 0
                    for column in 0..<width { sum += row[column] }
                    let mean = sum / Float(width)
                    var squares: Float = 0
                    for column in 0..<width {
                        let centred = row[column] - mean
                        squares += centred * centred
                    }
                    let inverse = 1 / (squares / Float(width) + epsilon).squareRoot()
                    for column in 0..<width { row[column] = (row[column] - mean) * inverse * scale[column] + bias[column] }
                }
            }
        }
    }

    /// In place, numerically stable.
    private static func softmax(_ row: UnsafeMutablePointer<Float>, count: Int) {
        var largest = -Float.infinity
        for index in 0..<count { largest = max(largest, row[index]) }
        var sum: Float = 0
        for index in 0..<count {
            row[index] = expf(row[index] - largest)
            sum += row[index]
        }
        let inverse = 1 / sum
        for index in 0..<count { row[index] *= inverse }
    }

    /// GELU in its exact form, x·Φ(x) = x/2·(1 + erf(x/√2)), as BERT's `gelu` is.
    ///
    /// erf is the rational approximation Eigen and XLA use for floats (odd degree-13 numerator over even
    /// degree-8 denominator on [−4, 4], erf being ±1 in float beyond): within a few ulps of libm's `erff`
    /// and, unlike a call to `erff` per element (7% of an encode), vectorised.
    static func gelu(_ values: UnsafeMutablePointer<Float>, count: Int) {
        for index in 0..<count {
            let x = values[index]
            values[index] = 0.5 * x * (1 + erf(x * 0.707_106_781_186_547_5))
        }
    }

    @inline(__always)
    static func erf(_ value: Float) -> Float {
        let x = min(max(value, -4), 4)
        let x2 = x * x
        var p: Float = -2.726_142_258_013_06e-10
        p = p * x2 + 2.770_681_424_959_02e-08
        p = p * x2 - 2.101_024_020_825_08e-06
        p = p * x2 - 5.692_506_394_623_46e-05
        p = p * x2 - 7.349_906_303_268_55e-04
        p = p * x2 - 2.954_599_808_540_25e-03
        p = p * x2 - 1.609_603_332_624_15e-02
        var q: Float = -1.456_607_184_649_96e-05
        q = q * x2 - 2.133_740_552_789_05e-04
        q = q * x2 - 1.682_826_974_382_03e-03
        q = q * x2 - 7.373_329_167_204_68e-03
        q = q * x2 - 1.426_473_905_141_89e-02
        return x * p / q
    }
}

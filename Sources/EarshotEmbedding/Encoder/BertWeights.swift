/// A BERT encoder's weights as contiguous row-major float arrays, laid out for the forward pass.
///
/// Linear layers keep PyTorch's `[out × in]` layout (the product takes the transpose); the query, key
/// and value projections of a layer are stacked into one `[3·hidden × hidden]` matrix so one matrix
/// product makes all three.
struct BertWeights: Sendable {
    struct Layer: Sendable {
        var queryKeyValue: [Float]
        var queryKeyValueBias: [Float]
        var attentionOutput: [Float]
        var attentionOutputBias: [Float]
        var attentionNormScale: [Float]
        var attentionNormBias: [Float]
        var intermediate: [Float]
        var intermediateBias: [Float]
        var output: [Float]
        var outputBias: [Float]
        var outputNormScale: [Float]
        var outputNormBias: [Float]
    }

    var wordEmbeddings: [Float]
    var positionEmbeddings: [Float]
    /// Token type 0's row: every input is a single segment.
    var tokenTypeEmbedding: [Float]
    var embeddingNormScale: [Float]
    var embeddingNormBias: [Float]
    var layers: [Layer]

    /// Reads every tensor of a Hugging Face `BertModel` checkpoint (names with or without a `bert.`
    /// prefix), checking each shape against `configuration`.
    init(tensors: SafeTensors, configuration c: BertConfiguration) throws(SafeTensorsError) {
        let prefix = tensors.tensors["embeddings.word_embeddings.weight"] == nil
            && tensors.tensors["bert.embeddings.word_embeddings.weight"] != nil ? "bert." : ""
        func read(_ name: String, _ shape: [Int]) throws(SafeTensorsError) -> [Float] {
            try tensors.floats(prefix + name, shape: shape)
        }
        let h = c.hiddenSize, i = c.intermediateSize
        wordEmbeddings = try read("embeddings.word_embeddings.weight", [c.vocabularySize, h])
        positionEmbeddings = try read("embeddings.position_embeddings.weight", [c.maxPositions, h])
        tokenTypeEmbedding = Array(try read("embeddings.token_type_embeddings.weight", [c.tokenTypes, h]).prefix(h))
        embeddingNormScale = try read("embeddings.LayerNorm.weight", [h])
        embeddingNormBias = try read("embeddings.LayerNorm.bias", [h])
        var layers: [Layer] = []
        for index in 0..<c.layers {
            let p = "encoder.layer.\(index)."
            layers.append(Layer(
                queryKeyValue: try read(p + "attention.self.query.weight", [h, h])
                    + read(p + "attention.self.key.weight", [h, h])
                    + read(p + "attention.self.value.weight", [h, h]),
                queryKeyValueBias: try read(p + "attention.self.query.bias", [h])
                    + read(p + "attention.self.key.bias", [h])
                    + read(p + "attention.self.value.bias", [h]),
                attentionOutput: try read(p + "attention.output.dense.weight", [h, h]),
                attentionOutputBias: try read(p + "attention.output.dense.bias", [h]),
                attentionNormScale: try read(p + "attention.output.LayerNorm.weight", [h]),
                attentionNormBias: try read(p + "attention.output.LayerNorm.bias", [h]),
                intermediate: try read(p + "intermediate.dense.weight", [i, h]),
                intermediateBias: try read(p + "intermediate.dense.bias", [i]),
                output: try read(p + "output.dense.weight", [h, i]),
                outputBias: try read(p + "output.dense.bias", [h]),
                outputNormScale: try read(p + "output.LayerNorm.weight", [h]),
                outputNormBias: try read(p + "output.LayerNorm.bias", [h])))
        }
        self.layers = layers
    }
}

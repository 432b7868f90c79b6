import EarshotEmbedding
import Testing

@Suite("Encoder")
struct EncoderTests {
    @Test("a paraphrase is closer than an unrelated request")
    func paraphrases() throws {
        let encoder = try InstalledModel.encoder()
        let order = encoder.encode("order soup with soup chef")
        let paraphrase = encoder.encode("get me some soup from soup chef")
        let weather = encoder.encode("what's the weather like tomorrow?")
        let rain = encoder.encode("will it rain tomorrow")
        #expect(order.cosine(paraphrase) > 0.7)
        #expect(order.cosine(paraphrase) > order.cosine(weather) + 0.4)
        #expect(weather.cosine(rain) > order.cosine(rain) + 0.3)
    }

    @Test("vectors are unit length, the same text gives the same vector, case does not matter")
    func unitLengthAndDeterministic() throws {
        let encoder = try InstalledModel.encoder()
        for text in ["", "ok", "Order soup with Soup Chef"] {
            let embedding = encoder.encode(text)
            let length = embedding.values.reduce(0) { $0 + $1 * $1 }.squareRoot()
            #expect(abs(length - 1) < 1e-5, "\(text.debugDescription): length \(length)")
            #expect(embedding == encoder.encode(text))
        }
        #expect(encoder.encode("ORDER SOUP") == encoder.encode("order soup"))
    }

    @Test("one encoder serves many tasks at once with the results of serial calls")
    func concurrentCalls() async throws {
        let encoder = try InstalledModel.encoder()
        let texts = (0..<16).map { "order \($0) bowls of soup with soup chef, please" }
        let serial = texts.map { encoder.encode($0) }
        let concurrent = await withTaskGroup(of: (Int, Embedding).self) { group in
            for (index, text) in texts.enumerated() {
                group.addTask { (index, encoder.encode(text)) }
            }
            var results = [Embedding?](repeating: nil, count: texts.count)
            for await (index, embedding) in group { results[index] = embedding }
            return results
        }
        #expect(concurrent == serial.map { Optional($0) })
    }

    @Test("ids outside the vocabulary read as [UNK] instead of crashing")
    func foreignIDs() throws {
        let encoder = try InstalledModel.encoder()
        let unknown = encoder.tokenizer.unknownID
        #expect(encoder.encode(ids: [101, -5, 1_000_000, 102]) == encoder.encode(ids: [101, unknown, unknown, 102]))
    }

    @Test("cosine of unit vectors; a zero vector stays zero")
    func embeddingArithmetic() {
        let a = Embedding(normalizing: [3, 4])
        #expect(a.values == [0.6, 0.8])
        #expect(abs(a.cosine(Embedding(normalizing: [4, -3]))) < 1e-6)
        #expect(abs(a.cosine(Embedding(normalizing: [-6, -8])) + 1) < 1e-6)
        #expect(Embedding(normalizing: [0, 0]).values == [0, 0])
    }
}

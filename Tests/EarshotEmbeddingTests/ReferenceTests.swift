import EarshotEmbedding
import Foundation
import Testing

@Suite("Encoder against sentence-transformers")
struct ReferenceTests {
    @Test("the fixture covers what it should")
    func fixtureShape() throws {
        let reference = try Reference.load()
        #expect(reference.sentences.count >= 20)
        #expect(reference.maxSequenceLength == 256)
        #expect(reference.sentences.contains { $0.ids.count == 256 }, "a sentence over the limit, truncated")
        #expect(reference.sentences.allSatisfy { $0.embedding.count == 384 })
    }

    @Test("token ids are those of the reference tokenizer")
    func tokenIDs() throws {
        let encoder = try InstalledModel.encoder()
        for sentence in try Reference.load().sentences {
            #expect(encoder.tokenizer.encode(sentence.text) == sentence.ids, "\(sentence.text.debugDescription)")
        }
    }

    @Test("embeddings match the reference: cosine ≥ 0.9999, no component off by more than 1e-4")
    func embeddings() throws {
        let encoder = try InstalledModel.encoder()
        var lowestCosine: Float = 1, largestDifference: Float = 0
        for sentence in try Reference.load().sentences {
            let embedding = encoder.encode(sentence.text)
            let expected = Embedding(normalizing: sentence.embedding)
            let cosine = embedding.cosine(expected)
            let difference = zip(embedding.values, sentence.embedding).map { abs($0 - $1) }.max() ?? .infinity
            #expect(embedding.dimension == 384)
            #expect(cosine >= 0.9999, "\(sentence.text.debugDescription): cosine \(cosine)")
            #expect(difference <= 1e-4, "\(sentence.text.debugDescription): max abs diff \(difference)")
            lowestCosine = min(lowestCosine, cosine)
            largestDifference = max(largestDifference, difference)
        }
        print("embedding reference: lowest cosine \(lowestCosine), largest component difference \(largestDifference)")
    }
}

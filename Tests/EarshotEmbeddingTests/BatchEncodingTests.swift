@testable import EarshotEmbedding
import Testing

@Suite("Batch encoding")
struct BatchEncodingTests {
    /// Mixed lengths: empty text, one word, typical phrases, a long sentence, one past the model's 256
    /// tokens (truncated), a repeat.
    static let texts: [String] = [
        "Order Tomato Soup with Soup Chef",
        "",
        "ok",
        "Get big Clam Chowder from Soup App",
        "Log a hike on Dipsea in Trail Log",
        "Remind me to call my sister about the party on Saturday, and if she does not answer, "
            + "send her a message saying that we will bring the cake, the candles and the folding chairs from the garage",
        Array(repeating: "soup", count: 300).joined(separator: " "),
        "what's the weather like tomorrow?",
        "Order Tomato Soup with Soup Chef",
        "set a timer for 25 minutes",
    ]

    static func largestDifference(_ a: [Embedding], _ b: [Embedding]) -> Float {
        precondition(a.count == b.count)
        return zip(a, b).map { x, y in
            precondition(x.dimension == y.dimension)
            return zip(x.values, y.values).map { abs($0 - $1) }.max() ?? 0
        }.max() ?? 0
    }

    @Test("a batch gives each text the vector it gets alone, in the order given")
    func batchEqualsSingle() throws {
        let encoder = try InstalledModel.encoder()
        let single = Self.texts.map { encoder.encode($0) }
        let batch = encoder.encode(Self.texts)
        #expect(batch.count == Self.texts.count)
        #expect(batch.allSatisfy { $0.dimension == encoder.dimension })
        let difference = Self.largestDifference(batch, single)
        #expect(difference <= 1e-5, "max abs diff \(difference)")
        #expect(Self.largestDifference(encoder.encode(Self.texts.reversed()), single.reversed()) <= 1e-5)
    }

    @Test("small batches over several workers give the same vectors", arguments: [(16, 2), (64, 3), (1_000, 1)])
    func batchSizesAndWorkers(rows: Int, workers: Int) throws {
        let encoder = try InstalledModel.encoder()
        let phrases = (0..<24).map { "Order \($0 % 3 == 0 ? "big " : "")Tomato Soup number \($0) with Soup Chef" } + Self.texts
        let ids = phrases.map { encoder.tokenizer.encode($0) }
        let single = ids.map { encoder.encode(ids: $0) }
        let batch = encoder.encode(batch: ids, rows: rows, workers: workers)
        let difference = Self.largestDifference(batch, single)
        #expect(difference <= 1e-5, "max abs diff \(difference)")
    }

    @Test("no texts, no vectors")
    func emptyList() throws {
        let encoder = try InstalledModel.encoder()
        #expect(encoder.encode([String]()).isEmpty)
        #expect(encoder.encode(batch: []).isEmpty)
    }

    @Test("ids outside the vocabulary and empty id lists are handled as encode(ids:) handles them")
    func foreignAndEmptyIDs() throws {
        let encoder = try InstalledModel.encoder()
        let lists: [[Int32]] = [[101, -5, 1_000_000, 102], [], [101, 2_000, 102], Array(repeating: 2_000, count: 300)]
        let batch = encoder.encode(batch: lists, rows: 8, workers: 2)
        #expect(Self.largestDifference(batch, lists.map { encoder.encode(ids: $0) }) <= 1e-5)
        #expect(batch[1].values.allSatisfy { $0 == 0 })
    }

    @Test("calls from many tasks at once give the results of one call")
    func concurrentBatches() async throws {
        let encoder = try InstalledModel.encoder()
        let texts = (0..<12).map { "get \($0) bowls of clam chowder from soup app" }
        let serial = encoder.encode(texts)
        let concurrent = await withTaskGroup(of: [Embedding].self) { group in
            for _ in 0..<4 { group.addTask { encoder.encode(texts) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(concurrent.count == 4)
        #expect(concurrent.allSatisfy { $0 == serial })
    }

    @Test("the plan takes every sentence once, by length, in batches of at most the rows asked for")
    func plan() {
        let lengths = [12, 3, 40, 7, 7, 300, 0, 15, 9, 11, 12, 13, 8, 20]
        for (rows, workers) in [(16, 1), (32, 2), (64, 2), (256, 2), (1_000, 4), (1_000, 100)] {
            let batches = SentenceEncoder.plan(lengths: lengths, rows: rows, workers: workers)
            #expect(batches.flatMap { $0 }.sorted() == Array(lengths.indices))
            #expect(batches.allSatisfy { !$0.isEmpty })
            for batch in batches where batch.count > 1 {
                #expect(batch.reduce(0) { $0 + lengths[$1] } <= rows, "rows \(rows): \(batch)")
            }
            // Longest batches first, each sentence no longer than any in the batches before.
            let ordered = batches.reversed().flatMap { $0 }.map { lengths[$0] }
            #expect(ordered == ordered.sorted())
        }
        // A batch for every worker when the sentences go round; full batches for many.
        #expect(SentenceEncoder.plan(lengths: [10, 11], rows: 256, workers: 2) == [[1], [0]])
        #expect(SentenceEncoder.plan(lengths: [4, 12, 7, 30, 9, 15, 6], rows: 256, workers: 2).count >= 2)
        let many = SentenceEncoder.plan(lengths: (0..<1_000).map { 8 + $0 % 12 }, rows: 256, workers: 2)
        #expect(many.allSatisfy { $0.reduce(0) { $0 + 8 + $1 % 12 } <= 256 })
        #expect(many.count < 60)
        #expect(SentenceEncoder.plan(lengths: [], rows: 256, workers: 2).isEmpty)
        #expect(SentenceEncoder.plan(lengths: [5], rows: 256, workers: 2) == [[0]])
    }
}

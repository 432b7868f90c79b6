import Foundation
import Synchronization

/// Many sentences at once: planned into batches of stacked token rows, the batches run by one worker per
/// core, each worker with its own `ForwardScratch`.
///
/// (OpenBLAS stays on one thread: the workers are the parallelism.)
extension SentenceEncoder {
    /// The most token rows in a batch: enough that packing the weights for a product costs little per row,
    /// few enough that a worker's activations stay near its cache.
    static let batchRows = 256

    /// The embeddings of token id lists (as `tokenizer.encode` makes them), in order, in batches of up to
    /// `rows` tokens run by up to `workers` workers.
    func encode(batch sentences: [[Int32]], rows batchRows: Int = batchRows,
                workers: Int = ProcessInfo.processInfo.activeProcessorCount) -> [Embedding] {
        guard !sentences.isEmpty else { return [] }
        let sentences = sentences.map(valid)
        let batches = Self.plan(lengths: sentences.map(\.count), rows: batchRows, workers: workers)
        let workers = min(workers, batches.count)
        let rows = batches.map { $0.reduce(0) { $0 + sentences[$1].count } }.max() ?? 0
        let longest = sentences.map(\.count).max() ?? 0

        let next = Atomic<Int>(0)
        let results = Mutex([Embedding](repeating: Embedding(normalizing: []), count: sentences.count))
        let work = { @Sendable [self] (_: Int) in
            let scratch = ForwardScratch(rows: rows, longestSentence: longest, configuration: configuration)
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < batches.count else { return }
                let batch = batches[index]
                let vectors = meanPooled(batch.map { sentences[$0] }, in: scratch).map(Embedding.init(normalizing:))
                results.withLock { results in
                    for (sentence, vector) in zip(batch, vectors) { results[sentence] = vector }
                }
            }
        }
        if workers > 1 { DispatchQueue.concurrentPerform(iterations: workers, execute: work) } else { work(0) }
        return results.withLock { $0 }
    }

    /// Sentences of token counts `lengths` grouped into batches of at most `rows` tokens (a longer
    /// sentence alone), by index: sorted by length so a batch holds sentences of similar length, the
    /// longest batches first, the tokens spread evenly over the batches, and enough batches for every
    /// worker to have one (unless a few long sentences hold most of the tokens).
    static func plan(lengths: [Int], rows: Int, workers: Int) -> [[Int]] {
        guard !lengths.isEmpty else { return [] }
        let order = lengths.indices.sorted { (lengths[$0], $0) < (lengths[$1], $1) }
        let tokens = lengths.reduce(0, +)
        let count = max((tokens + rows - 1) / rows, min(max(workers, 1), lengths.count))
        let target = max(1, tokens / count)
        var batches: [[Int]] = []
        var batch: [Int] = [], batchTokens = 0
        for index in order {
            if !batch.isEmpty && batchTokens + lengths[index] > target {
                batches.append(batch)
                batch = []
                batchTokens = 0
            }
            batch.append(index)
            batchTokens += lengths[index]
        }
        batches.append(batch)
        return batches.reversed()
    }
}

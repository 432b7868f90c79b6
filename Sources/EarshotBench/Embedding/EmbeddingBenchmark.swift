import EarshotEmbedding
import Foundation

/// How fast the sentence encoder is: loading all-MiniLM-L6-v2, and encoding one short utterance
/// (target: 5 ms in a release build).
public enum EmbeddingBenchmark {
    /// Typical utterances to a voice device, 5 to 13 tokens.
    public static let utterances = [
        "order soup with soup chef",
        "what's the weather like tomorrow?",
        "set a timer for 25 minutes",
        "play some jazz in the kitchen",
        "remind me to call my sister about the party on Saturday",
    ]

    /// What one run measured.
    public struct Report: Sendable {
        /// Reading and checking the files and building the encoder, milliseconds.
        public var loadMilliseconds: Double
        /// Encoding one utterance (tokenizing included), milliseconds, after warm-up.
        public var medianMilliseconds: Double
        /// The 95th percentile of the same, milliseconds.
        public var p95Milliseconds: Double
        /// How many encodes were timed, and their mean length in tokens.
        public var encodes: Int
        public var meanTokens: Double
        /// The folder the model was loaded from.
        public var folder: String

        /// The numbers as a Markdown table, with the target.
        public var markdown: String {
            [
                "| measure | value | target |", "|---|---:|---:|",
                "| sentence model load (all-MiniLM-L6-v2, \(folder)) | \(String(format: "%.0f ms", loadMilliseconds)) | |",
                "| encode one utterance (\(String(format: "%.1f", meanTokens)) tokens on average), median of \(encodes) | \(String(format: "%.2f ms", medianMilliseconds)) | ≤ 5 ms |",
                "| encode one utterance, 95th percentile | \(String(format: "%.2f ms", p95Milliseconds)) | |",
            ].joined(separator: "\n")
        }
    }

    /// Loads the model from `folder` and times `encodes` encodes of `utterances` in turn, after
    /// `warmUp` untimed ones.
    public static func run(folder: String = EmbeddingModel.defaultFolder(), utterances: [String] = utterances,
                           encodes: Int = 200, warmUp: Int = 20) throws(EmbeddingError) -> Report {
        precondition(!utterances.isEmpty && encodes > 0)
        let clock = ContinuousClock()
        let start = clock.now
        let encoder = try SentenceEncoder(folder: folder)
        let load = clock.now - start
        for index in 0..<warmUp { _ = encoder.encode(utterances[index % utterances.count]) }
        var times: [Double] = []
        times.reserveCapacity(encodes)
        var tokens = 0
        for index in 0..<encodes {
            let text = utterances[index % utterances.count]
            let begin = clock.now
            // Through the tokenizer and the model every time (encode(_:) would remember the text).
            let embedding = encoder.encode(ids: encoder.tokenizer.encode(text))
            times.append(milliseconds(clock.now - begin))
            precondition(embedding.dimension == encoder.dimension)
            tokens += encoder.tokenizer.encode(text).count
        }
        times.sort()
        return Report(loadMilliseconds: milliseconds(load), medianMilliseconds: times[times.count / 2],
                      p95Milliseconds: times[min(times.count - 1, Int(Double(times.count) * 0.95))],
                      encodes: encodes, meanTokens: Double(tokens) / Double(encodes), folder: folder)
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1_000 + Double(parts.attoseconds) / 1e15
    }
}

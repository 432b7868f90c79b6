import EarshotBench
import EarshotSemantic
import Testing

@Suite("Development set")
struct DevSetTests {
    /// `earshot bench --only flexible` measures precision 0.951 and recall 0.829 (BENCHMARKS.md).
    @Test("flexible matching keeps its precision and recall on the development set")
    func precisionAndRecall() throws {
        let encoder = try #require(sharedEncoder)
        let result = try #require(try FlexibleMatchingAccuracy.measure(encoder: encoder, settings: [.calibrated]).first)
        #expect(result.rows >= 300)
        #expect(result.positives >= 150)
        #expect(result.precision >= 0.94, "\(result.confusions)")
        #expect(result.recall >= 0.80, "\(result.confusions)")
        #expect(result.correctValues == result.correct, "\(result.confusions)")
    }
}

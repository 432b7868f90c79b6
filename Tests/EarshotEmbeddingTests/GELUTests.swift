@testable import EarshotEmbedding
import Foundation
import Testing

@Suite("GELU")
struct GELUTests {
    @Test("the vectorised erf stays within 5e-7 (a few float ulps) of libm's over the range that matters, and is ±1 beyond")
    func erfMatchesLibm() {
        var largest = 0.0
        for step in -60_000...60_000 {
            let x = Float(step) / 10_000
            largest = max(largest, abs(Double(SentenceEncoder.erf(x)) - Foundation.erf(Double(x))))
        }
        #expect(largest < 5e-7, "largest error \(largest)")
        #expect(SentenceEncoder.erf(9) == 1 && SentenceEncoder.erf(-40) == -1)
        #expect(SentenceEncoder.erf(0) == 0)
    }

    @Test("GELU: x·Φ(x), 0 at 0, x for large x, 0 for very negative x")
    func gelu() {
        var values: [Float] = [0, 1, -1, 10, -10]
        values.withUnsafeMutableBufferPointer { SentenceEncoder.gelu($0.baseAddress!, count: $0.count) }
        #expect(values[0] == 0)
        #expect(abs(values[1] - 0.841_344_7) < 1e-6)
        #expect(abs(values[2] + 0.158_655_3) < 1e-6)
        #expect(values[3] == 10)
        #expect(abs(values[4]) < 1e-6)
    }
}

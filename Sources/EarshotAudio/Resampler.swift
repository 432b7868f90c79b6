import CSoxr

/// Sample-rate conversion with libsoxr (high quality, `SOXR_HQ`).
public enum Resampler {
    /// Mono `samples` at `from` Hz converted to `to` Hz.
    ///
    /// The output has `count × to / from` samples (rounded), so durations are kept.
    /// Returns the input unchanged when the rates are equal or it is empty.
    /// - Precondition: both rates are positive.
    public static func resample(_ samples: [Float], from: Int, to: Int) -> [Float] {
        precondition(from > 0 && to > 0, "sample rates must be positive (from \(from) to \(to))")
        guard from != to, !samples.isEmpty else { return samples }
        let outputCount = Int((Double(samples.count) * Double(to) / Double(from)).rounded())
        guard outputCount > 0 else { return [] }
        var output = [Float](repeating: 0, count: outputCount)
        var produced = 0
        var quality = soxr_quality_spec(UInt(SOXR_HQ), 0)
        let error: soxr_error_t? = samples.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                soxr_oneshot(
                    Double(from), Double(to), 1,
                    input.baseAddress, input.count, nil,
                    out.baseAddress, out.count, &produced,
                    nil, &quality, nil
                )
            }
        }
        // soxr only fails on invalid arguments or out of memory; neither can be fixed by a caller.
        if let error {
            preconditionFailure("soxr_oneshot failed: \(String(cString: error))")
        }
        if produced < outputCount { output.removeLast(outputCount - produced) }
        return output
    }
}

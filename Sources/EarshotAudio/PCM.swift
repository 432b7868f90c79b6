/// Conversions between normalised floating-point samples (−1…1) and 16-bit integers.
enum PCM {
    /// Float samples to Int16 with rounding and clipping; `1.0` maps to 32767, `-1.0` to −32768.
    static func int16(_ samples: [Float]) -> [Int16] {
        samples.map { sample in
            let scaled = (sample * 32768).rounded()
            if scaled.isNaN { return 0 }
            return Int16(max(-32768, min(32767, scaled)))
        }
    }

    /// Int16 samples to floats in −1…1 (divided by 32768, as libsndfile does).
    static func float(_ samples: [Int16]) -> [Float] {
        samples.map { Float($0) / 32768 }
    }
}

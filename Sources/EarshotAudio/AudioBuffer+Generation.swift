import Foundation

extension AudioBuffer {
    /// Root mean square level as a fraction of full scale (0 for silence or no samples;
    /// about 0.354 for a sine of amplitude 0.5).
    public var rms: Double {
        guard !samples.isEmpty else { return 0 }
        var sum = 0.0
        for sample in samples {
            let value = Double(sample) / 32768
            sum += value * value
        }
        return (sum / Double(samples.count)).squareRoot()
    }

    /// `seconds` of digital silence at `sampleRate` (16 kHz by default).
    public static func silence(seconds: Double, sampleRate: Int = AudioBuffer.recognitionRate) -> AudioBuffer {
        let count = max(0, Int((seconds * Double(sampleRate)).rounded()))
        return AudioBuffer(samples: [Int16](repeating: 0, count: count), sampleRate: sampleRate)
    }

    /// Faint, repeatable noise: `count` samples uniform in ±`amplitude` (of 32768) from a linear
    /// congruential generator started at `seed` — a quiet room rather than digital silence, which
    /// pocketsphinx's silence model fits worse.
    public static func faintNoise(count: Int, amplitude: Int = 30, seed: UInt32 = 12345) -> [Int16] {
        var state = seed
        return (0..<max(0, count)).map { _ in
            state = state &* 1_103_515_245 &+ 12345
            return Int16(Int((state >> 16) % UInt32(2 * amplitude + 1)) - amplitude)
        }
    }

    /// A sine tone of `frequency` Hz lasting `seconds`, with peak `amplitude` as a fraction of
    /// full scale (clamped to 0…1), at `sampleRate` (16 kHz by default).
    public static func tone(frequency: Double, seconds: Double, amplitude: Double = 0.5,
                            sampleRate: Int = AudioBuffer.recognitionRate) -> AudioBuffer {
        let count = max(0, Int((seconds * Double(sampleRate)).rounded()))
        let peak = max(0, min(1, amplitude)) * 32767
        let step = 2 * Double.pi * frequency / Double(sampleRate)
        let samples = (0..<count).map { index in
            Int16((peak * sin(step * Double(index))).rounded())
        }
        return AudioBuffer(samples: samples, sampleRate: sampleRate)
    }
}

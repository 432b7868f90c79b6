/// Mono 16-bit audio at a known sample rate: what the recognizer hears and the synthesizer speaks.
public struct AudioBuffer: Sendable, Equatable {
    /// The rate everything inside Earshot uses.
    public static let recognitionRate = 16_000

    public var samples: [Int16]
    public var sampleRate: Int

    public init(samples: [Int16], sampleRate: Int = AudioBuffer.recognitionRate) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    /// Length in seconds.
    public var duration: Double { Double(samples.count) / Double(sampleRate) }
}

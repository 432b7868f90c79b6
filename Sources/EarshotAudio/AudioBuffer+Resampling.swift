extension AudioBuffer {
    /// The same audio at `rate` Hz (libsoxr, high quality); `self` when the rate is already `rate`.
    /// - Precondition: `rate` is positive.
    public func resampled(to rate: Int) -> AudioBuffer {
        guard rate != sampleRate else { return self }
        let converted = Resampler.resample(PCM.float(samples), from: sampleRate, to: rate)
        return AudioBuffer(samples: PCM.int16(converted), sampleRate: rate)
    }
}

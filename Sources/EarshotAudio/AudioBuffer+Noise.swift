import Foundation

extension AudioBuffer {
    /// The buffer with pink noise (equal power per octave, like a room's hum and hiss more than white
    /// noise is) mixed in at `snr` decibels below the speech, repeatable for a given `seed`.
    ///
    /// The speech level is the root mean square of the 20 ms frames within 30 dB of the loudest one, so
    /// pauses around an utterance do not make its level look lower than it is. Samples are clipped to
    /// 16 bits. A buffer of digital silence is returned unchanged (it has no level to compare against).
    public func addingNoise(snr: Double, seed: UInt64) -> AudioBuffer {
        let speech = speechLevel
        guard speech > 0 else { return self }
        let noise = Self.pinkNoise(count: samples.count, seed: seed)
        var noisePower = 0.0
        for value in noise { noisePower += value * value }
        noisePower /= Double(max(noise.count, 1))
        guard noisePower > 0 else { return self }
        // speech / noise power = 10^(snr/10)
        let gain = (speech * speech / pow(10, snr / 10) / noisePower).squareRoot()
        var out = samples
        for index in out.indices {
            let mixed = Double(out[index]) + noise[index] * gain
            out[index] = Int16(max(-32768, min(32767, mixed.rounded())))
        }
        return AudioBuffer(samples: out, sampleRate: sampleRate)
    }

    /// The level of the speech in the buffer (in sample units): the root mean square of the 20 ms frames
    /// within 30 dB of the loudest frame.
    public var speechLevel: Double {
        let frame = max(1, sampleRate / 50)
        var powers: [Double] = []
        var start = 0
        while start < samples.count {
            let end = min(start + frame, samples.count)
            var sum = 0.0
            for index in start..<end { sum += Double(samples[index]) * Double(samples[index]) }
            powers.append(sum / Double(end - start))
            start = end
        }
        guard let loudest = powers.max(), loudest > 0 else { return 0 }
        let active = powers.filter { $0 >= loudest / 1000 }
        return (active.reduce(0, +) / Double(active.count)).squareRoot()
    }

    /// `count` samples of pink noise (Paul Kellet's filter over white noise from a xorshift generator).
    static func pinkNoise(count: Int, seed: UInt64) -> [Double] {
        var state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
        var b0 = 0.0, b1 = 0.0, b2 = 0.0, b3 = 0.0, b4 = 0.0, b5 = 0.0, b6 = 0.0
        var out = [Double](repeating: 0, count: max(0, count))
        for index in out.indices {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            let white = Double(state >> 11) / Double(1 << 53) * 2 - 1
            b0 = 0.99886 * b0 + white * 0.0555179
            b1 = 0.99332 * b1 + white * 0.0750759
            b2 = 0.96900 * b2 + white * 0.1538520
            b3 = 0.86650 * b3 + white * 0.3104856
            b4 = 0.55000 * b4 + white * 0.5329522
            b5 = -0.7616 * b5 - white * 0.0168980
            out[index] = b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362
            b6 = white * 0.115926
        }
        return out
    }
}

extension AudioBuffer {
    /// The buffer with `noise` (same sample rate; looped when shorter, read from `offset`) mixed in at
    /// `snr` decibels below the speech, measured as ``speechLevel`` against the noise's RMS. For noises
    /// other than pink: babble (several voices at once), a recorded kitchen.
    public func mixing(_ noise: AudioBuffer, snr: Double, offset: Int = 0) -> AudioBuffer {
        let speech = speechLevel
        guard speech > 0, !noise.samples.isEmpty else { return self }
        var noisePower = 0.0
        for value in noise.samples { noisePower += Double(value) * Double(value) }
        noisePower /= Double(noise.samples.count)
        guard noisePower > 0 else { return self }
        let gain = (speech * speech / pow(10, snr / 10) / noisePower).squareRoot()
        var out = samples
        let count = noise.samples.count
        for index in out.indices {
            let mixed = Double(out[index]) + Double(noise.samples[(index + offset) % count]) * gain
            out[index] = Int16(max(-32768, min(32767, mixed.rounded())))
        }
        return AudioBuffer(samples: out, sampleRate: sampleRate)
    }
}

extension AudioBuffer {
    /// The buffer `decibels` louder (negative: quieter), clipped to 16 bits: a person further from the
    /// microphone, or a recording made at a lower gain.
    public func scaled(byDecibels decibels: Double) -> AudioBuffer {
        let gain = pow(10, decibels / 20)
        return AudioBuffer(samples: samples.map { Int16(max(-32768, min(32767, (Double($0) * gain).rounded()))) }, sampleRate: sampleRate)
    }
}

extension AudioBuffer {
    /// The buffer raised to speak at `target` dB of full scale (its ``speechLevel``), when it speaks more
    /// quietly: a person far from the microphone, a recording made at a low gain. Never made quieter,
    /// raised by `maximumGain` dB at most and never past a peak of −1 dBFS; silence is left as it is.
    /// Returns the buffer and the gain applied (dB, 0 when none).
    public func levelled(to target: Double, maximumGain: Double) -> (audio: AudioBuffer, gain: Double) {
        let gain = levellingGain(to: target, maximumGain: maximumGain)
        return gain > 0 ? (scaled(byDecibels: gain), gain) : (self, 0)
    }

    /// The gain (dB) ``levelled(to:maximumGain:)`` applies: 0 when the buffer speaks at `target` or louder,
    /// is silent, or would gain half a decibel or less.
    public func levellingGain(to target: Double, maximumGain: Double) -> Double {
        let level = speechLevel / 32768
        let peak = Double(samples.lazy.map { Int($0).magnitude }.max() ?? 0) / 32768
        guard level > 0, peak > 0 else { return 0 }
        let gain = min(target - 20 * log10(level), maximumGain, -1 - 20 * log10(peak))
        return gain > 0.5 ? gain : 0
    }
}

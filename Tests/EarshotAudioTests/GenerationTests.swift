import EarshotAudio
import Foundation
import Testing

@Suite("Generated audio and resampling")
struct GenerationTests {
    @Test("silence is the right length and has no energy")
    func silence() {
        let quiet = AudioBuffer.silence(seconds: 0.25)
        #expect(quiet.sampleRate == 16_000)
        #expect(quiet.samples.count == 4_000)
        #expect(quiet.rms == 0)
        #expect(AudioBuffer.silence(seconds: 1, sampleRate: 8_000).samples.count == 8_000)
    }

    @Test("a tone has the level of its amplitude")
    func tone() {
        let tone = AudioBuffer.tone(frequency: 1_000, seconds: 1, amplitude: 0.5)
        #expect(tone.samples.count == 16_000)
        #expect(abs(tone.rms - 0.5 / 2.0.squareRoot()) < 0.001)
        #expect(AudioBuffer.tone(frequency: 440, seconds: 1, amplitude: 0).rms == 0)
        #expect(AudioBuffer(samples: []).rms == 0)
    }

    @Test("a quiet recording is raised to a speaking level; a loud one, a peaky one and silence are not pushed past it")
    func levelling() {
        // A tone at −40 dBFS (RMS) is raised to −24.
        let quiet = AudioBuffer.tone(frequency: 300, seconds: 1, amplitude: 0.01 * 2.0.squareRoot())
        let (raised, gain) = quiet.levelled(to: -24, maximumGain: 40)
        #expect(abs(gain - 16) < 0.2, "gain \(gain)")
        #expect(abs(20 * log10(raised.rms) + 24) < 0.2, "level \(20 * log10(raised.rms))")
        // Already louder than the target: left as it is.
        let loud = AudioBuffer.tone(frequency: 300, seconds: 1, amplitude: 0.3)
        #expect(loud.levelled(to: -24, maximumGain: 40).audio == loud)
        // Raised at most by the most allowed, and never past a peak of −1 dBFS.
        let faint = AudioBuffer.tone(frequency: 300, seconds: 1, amplitude: 0.0005)
        #expect(abs(faint.levelled(to: -24, maximumGain: 20).gain - 20) < 0.01)
        let click = AudioBuffer(samples: [Int16](repeating: 0, count: 8_000) + [16_000] + [Int16](repeating: 10, count: 8_000))
        let (clicked, clickGain) = click.levelled(to: -24, maximumGain: 40)
        #expect(clickGain > 0 && (clicked.samples.map { Int($0).magnitude }.max() ?? 0) <= 29_205)
        #expect(AudioBuffer.silence(seconds: 1).levelled(to: -24, maximumGain: 40).gain == 0)
    }

    @Test("espeak's 22,050 Hz resampled to 16 kHz keeps length and level")
    func resampleSpeechRate() {
        let speech = AudioBuffer.tone(frequency: 440, seconds: 2, amplitude: 0.5, sampleRate: 22_050)
        let heard = speech.resampled(to: 16_000)
        #expect(heard.sampleRate == 16_000)
        #expect(heard.samples.count == 32_000)
        #expect(abs(heard.rms - speech.rms) < 0.005, "\(heard.rms) vs \(speech.rms)")
        #expect(speech.resampled(to: 22_050) == speech)
    }

    @Test("the float resampler keeps length; frequencies above the new Nyquist are removed")
    func resamplerFiltersAliases() {
        let rate = 48_000
        let step = 2 * Double.pi * 12_000 / Double(rate)
        let high: [Float] = (0..<rate).map { index in Float(0.5 * sin(step * Double(index))) }
        let down = Resampler.resample(high, from: rate, to: 16_000)
        #expect(down.count == 16_000)
        let energy: Double = down.reduce(0) { sum, sample in sum + Double(sample) * Double(sample) }
        let rms = (energy / Double(down.count)).squareRoot()
        #expect(rms < 0.01, "a 12 kHz tone should not survive at 16 kHz (rms \(rms))")
        #expect(Resampler.resample([], from: 8_000, to: 16_000).isEmpty)
        #expect(Resampler.resample([0.1, 0.2], from: 16_000, to: 16_000) == [0.1, 0.2])
    }
}

import EarshotAudio
import Foundation
import EarshotSpeech
import Testing

/// The noise front end (speexdsp) that people's speech goes through before pocketsphinx.
@Suite("Noise suppression before recognition")
struct NoiseSuppressorTests {
    @Test("pink noise 10 dB under a sentence is pushed down where no one speaks, and the speech keeps its level (within 4 dB)")
    func suppressesBackground() throws {
        let speech = try Synthesizer().speak("can I get the tomato one please")
        let quiet = AudioBuffer.silence(seconds: 1).samples
        let noisy = AudioBuffer(samples: quiet + speech.samples + quiet).addingNoise(snr: 10, seed: 7)
        let suppressor = NoiseSuppressor(suppression: -15)
        suppressor.learn(noisy.samples)
        let cleaned = AudioBuffer(samples: suppressor.process(noisy.samples) + suppressor.flush())
        #expect(cleaned.samples.count == noisy.samples.count)
        // The second half of the leading second: the room alone.
        let before = AudioBuffer(samples: Array(noisy.samples[8_000..<16_000])).rms
        let after = AudioBuffer(samples: Array(cleaned.samples[8_000..<16_000])).rms
        // At most −15 dB: speexdsp's estimate takes about 6 dB out of pink noise this loud.
        #expect(20 * log10(before / after) >= 4, "background \(before) → \(after)")
        let level = 20 * log10(cleaned.speechLevel / noisy.speechLevel)
        #expect(abs(level) <= 4, "speech level changed by \(level) dB")
    }

    @Test("how far speech stands above its background: a quiet room counts as quiet, pink noise 10 dB under the speech does not")
    func levelSpread() throws {
        let speech = try Synthesizer().speak("can I get the tomato one please")
        let quiet = AudioBuffer.faintNoise(count: 8_000, amplitude: 30, seed: 5)
        let room = AudioBuffer(samples: quiet + speech.samples + quiet)
        let noisy = room.addingNoise(snr: 10, seed: 7)
        let threshold = try Recognizer().quietSpread
        // A quiet room: no allowance for noise (the language models' transcripts judged as always).
        #expect(room.levelSpread() >= threshold, "quiet: \(room.levelSpread()) dB")
        // In noise the spread falls well under it: their rejection widens.
        #expect(noisy.levelSpread() < threshold - 5, "pink 10 dB: \(noisy.levelSpread()) dB")
    }

    @Test("a recording from a quiet room is heard as it came; one with pink noise 10 dB under the speech goes through the noise suppression")
    func quietClipsAsTheyCame() throws {
        let speech = try Synthesizer().speak("can I get the tomato one please", voice: .init(name: "en-us+m5", rate: 165))
        let room = AudioBuffer(samples: AudioBuffer.faintNoise(count: 4_000, amplitude: 30, seed: 5) + speech.samples)
        let context = RecognitionContext(name: "answer", sentences: ["the tomato one", "the clam chowder", "tomato soup"], kind: .answer)
        let person = try Recognizer()
        #expect(person.noiseSuppression != nil, "the person model suppresses noise")
        let unsuppressed = try Recognizer()
        unsuppressed.noiseSuppression = nil
        // Quiet: exactly what a recognizer without the front end hears (transcript, confidence, word times).
        let heard = try person.recognize(room, in: context)
        #expect(person.lastStageSeconds[.suppression] == nil)
        #expect(heard == (try unsuppressed.recognize(room, in: context)))
        // As before 2026-11-26, when every clip went through it:
        person.suppressesQuietClips = true
        _ = try person.recognize(room, in: context)
        #expect(person.lastStageSeconds[.suppression] != nil)
        // In noise the background is taken out first.
        person.suppressesQuietClips = false
        _ = try person.recognize(room.addingNoise(snr: 10, seed: 7), in: context)
        #expect(person.lastStageSeconds[.suppression] != nil)
        #expect(person.lastSpread < person.quietSpread)
    }

    @Test("audio given in pieces of any length comes out whole, in order")
    func streamsInPieces() {
        let noise = AudioBuffer(samples: AudioBuffer.faintNoise(count: 5_000, amplitude: 3_000, seed: 3))
        let whole = NoiseSuppressor(suppression: -15)
        let expected = whole.process(noise.samples) + whole.flush()
        let pieces = NoiseSuppressor(suppression: -15)
        var out: [Int16] = []
        var start = 0
        for length in [1, 100, 319, 321, 960, 2_000] where start < noise.samples.count {
            let end = min(noise.samples.count, start + length)
            out += pieces.process(Array(noise.samples[start..<end]))
            start = end
        }
        out += pieces.process(Array(noise.samples[start...])) + pieces.flush()
        #expect(out.count == noise.samples.count)
        // Frames are cleaned alike whether they came at once or in pieces (the last, partial one aside).
        #expect(Array(out.prefix(4_800)) == Array(expected.prefix(4_800)))
    }
}

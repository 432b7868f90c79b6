import EarshotAudio
import Foundation
import Testing

/// Files in the formats, rates and channel counts users bring come out as 16 kHz mono.
@Suite("Reading audio files")
struct ReadingTests {
    /// A 1 s, 440 Hz sine at half scale has RMS 0.5/√2 ≈ 0.354 of full scale.
    static let halfScaleSineRMS = 0.5 / 2.0.squareRoot()

    /// Checks what a user notices: 16 kHz, one second long (± 1 %), the tone's level kept.
    func expectOneSecondTone(_ buffer: AudioBuffer, rmsTolerance: Double = 0.02,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(buffer.sampleRate == 16_000, sourceLocation: sourceLocation)
        #expect(abs(buffer.duration - 1.0) <= 0.01, "duration \(buffer.duration) s", sourceLocation: sourceLocation)
        #expect(abs(buffer.rms - Self.halfScaleSineRMS) <= rmsTolerance, "rms \(buffer.rms)", sourceLocation: sourceLocation)
    }

    @Test("96 kHz stereo 32-bit float WAV becomes 16 kHz mono, same length, tone kept")
    func floatStereo96k() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.sox("x.wav", ["-n", "-r", "96000", "-c", "2", "-e", "floating-point", "-b", "32",
                                              "x.wav", "synth", "1", "sine", "440", "vol", "0.5"])
        let buffer = try AudioFile.read(path)
        expectOneSecondTone(buffer)
        // The tone is still at 440 Hz: about 2 × 440 zero crossings in one second.
        let crossings = zip(buffer.samples, buffer.samples.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        #expect(abs(crossings - 880) <= 4, "\(crossings) zero crossings")
    }

    @Test("stereo channels are averaged: opposite channels cancel")
    func downmixAverages() throws {
        let fixtures = try Fixtures()
        // Left: the tone; right: the same tone inverted. Their average is silence.
        let path = try fixtures.sox("cancel.wav", ["-n", "-r", "16000", "-c", "2", "cancel.wav",
                                                   "synth", "1", "sine", "440", "vol", "0.5", "remix", "1", "1v-1"])
        let buffer = try AudioFile.read(path)
        #expect(buffer.samples.count == 16_000)
        #expect(buffer.rms < 0.001, "rms \(buffer.rms)")
    }

    @Test("integer WAV of 8, 16, 24 and 32 bits", arguments: [8, 16, 24, 32])
    func integerWAV(bits: Int) throws {
        let fixtures = try Fixtures()
        let path = try fixtures.sox("x.wav", ["-n", "-r", "44100", "-c", "1", "-b", "\(bits)",
                                              "x.wav", "synth", "1", "sine", "440", "vol", "0.5"])
        // 8-bit audio is noisy (and sox dithers it): allow more level error there.
        expectOneSecondTone(try AudioFile.read(path), rmsTolerance: bits == 8 ? 0.03 : 0.01)
    }

    @Test("8 kHz mono WAV is upsampled to 16 kHz")
    func upsample8k() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.sox("x.wav", ["-n", "-r", "8000", "-c", "1", "-b", "16",
                                              "x.wav", "synth", "1", "sine", "440", "vol", "0.5"])
        expectOneSecondTone(try AudioFile.read(path))
    }

    @Test("16 kHz mono 16-bit WAV is read sample for sample")
    func nativeRateIsExact() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.sox("x.wav", ["-n", "-r", "16000", "-c", "1", "-b", "16",
                                              "x.wav", "synth", "1", "sine", "440", "vol", "0.5"])
        let buffer = try AudioFile.read(path)
        expectOneSecondTone(buffer, rmsTolerance: 0.005)
        let raw = try Data(contentsOf: URL(fileURLWithPath: path))
        let firstSample = raw.subdata(in: 44..<46).withUnsafeBytes { Int16(littleEndian: $0.loadUnaligned(as: Int16.self)) }
        #expect(buffer.samples.first == firstSample)
    }

    @Test("FLAC, 48 kHz stereo")
    func flac() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.sox("x.flac", ["-n", "-r", "48000", "-c", "2", "-b", "16",
                                               "x.flac", "synth", "1", "sine", "440", "vol", "0.5"])
        expectOneSecondTone(try AudioFile.read(path))
    }

    // Ogg Vorbis is lossy, so the level is allowed a little more slack. Skipped only when this
    // machine's sox was built without Ogg support.
    @Test("Ogg Vorbis, 44.1 kHz stereo", .enabled(if: Fixtures.soxWrites("ogg"), "this sox cannot write Ogg"))
    func ogg() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.sox("x.ogg", ["-n", "-r", "44100", "-c", "2",
                                              "x.ogg", "synth", "1", "sine", "440", "vol", "0.5"])
        expectOneSecondTone(try AudioFile.read(path), rmsTolerance: 0.03)
    }

    // Crowd-sourced recordings often come as MP3 (libsndfile reads and writes it through mpg123 and LAME).
    @Test("MP3, 44.1 kHz")
    func mp3() throws {
        let fixtures = try Fixtures()
        let step = 2 * Double.pi * 440 / 44_100
        let tone = AudioBuffer(samples: (0..<44_100).map { Int16(0.5 * 32_767 * sin(step * Double($0))) }, sampleRate: 44_100)
        let path = fixtures.path("x.mp3")
        try AudioFile.write(tone, to: path)
        let head = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(3)
        // An MP3 file starts with an ID3 tag or a frame sync, not a RIFF header.
        #expect(head.starts(with: Array("ID3".utf8)) || head.first == 0xFF, "\(Array(head))")
        let buffer = try AudioFile.read(path)
        #expect(buffer.sampleRate == 16_000)
        // The encoder's padding may add a frame or two at the ends.
        #expect(abs(buffer.duration - 1.0) <= 0.1, "duration \(buffer.duration) s")
        #expect(abs(buffer.rms - Self.halfScaleSineRMS) <= 0.03, "rms \(buffer.rms)")
    }

    @Test("loud float samples beyond full scale are clipped, not wrapped")
    func clipping() throws {
        let fixtures = try Fixtures()
        // A float WAV can hold samples above 1.0 (sox clips on writing, so it is made by hand):
        // a 440 Hz sine of peak 2, one second at 16 kHz.
        let step = 2 * Double.pi * 440 / 16_000
        var data = Fixtures.wavHeader(rate: 16_000, channels: 1, bits: 32, dataBytes: 16_000 * 4, format: 3)
        for index in 0..<16_000 {
            withUnsafeBytes(of: Float(2 * sin(step * Double(index))).bitPattern.littleEndian) { data.append(contentsOf: $0) }
        }
        let path = try fixtures.file("loud.wav", data)
        let buffer = try AudioFile.read(path)
        #expect(buffer.samples.max() == Int16.max)
        #expect(buffer.samples.min() == Int16.min)
        // Clipped at ±1, a sine of peak 2 is mostly at the rails: RMS near full scale, not wrapped noise.
        #expect(buffer.rms > 0.85, "rms \(buffer.rms)")
    }
}

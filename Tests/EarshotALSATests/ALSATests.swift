import EarshotAudio
import EarshotTesting
import Foundation
import Testing
@testable import EarshotALSA

/// A temporary folder and a private ALSA configuration over the `file` plugin, so the real
/// alsa-lib path runs without a sound card:
///
///     pcm.earshot_in  { type file; slave.pcm { type null }; file "/dev/null"; infile "<in.raw>"; format "raw" }
///     pcm.earshot_out { type file; slave.pcm { type null }; file "<out.raw>"; format "raw" }
///
/// The configuration is private (`snd_pcm_open_lconf`), so the slave is defined inline:
/// the system's `pcm.null` does not exist in it.
struct FilePluginRig: ~Copyable {
    let folder: URL
    var input: URL { folder.appendingPathComponent("in.raw") }
    var output: URL { folder.appendingPathComponent("out.raw") }

    init() throws {
        folder = try temporaryFolder("earshot-alsa-tests")
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    var asoundrc: String { ALSAConfiguration.filePluginText(input: input.path, output: output.path) }

    func configuration() throws -> ALSAConfiguration { try ALSAConfiguration(text: asoundrc) }

    /// Writes `samples` as raw S16_LE, the capture fixture.
    func writeInput(_ samples: [Int16]) throws {
        let data = samples.withUnsafeBufferPointer { Data(buffer: $0) }
        try data.write(to: input)
    }

    /// The playback output as S16_LE samples.
    func readOutput() throws -> [Int16] {
        let data = try Data(contentsOf: output)
        return data.withUnsafeBytes { raw in
            (0..<data.count / 2).map { Int16(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self)) }
        }
    }
}

@Suite("ALSA over the file plugin")
struct ALSATests {
    @Test("capture reads back a raw 16 kHz mono fixture sample for sample")
    func captureReadsFixture() throws {
        let rig = try FilePluginRig()
        let tone = AudioBuffer.tone(frequency: 440, seconds: 1)
        try rig.writeInput(tone.samples)
        let capture = try ALSACapture(name: "earshot_in", configuration: rig.configuration())
        #expect(capture.device.negotiated.format == .s16LE)
        #expect(capture.device.negotiated.rate == 16_000)
        #expect(capture.device.negotiated.channels == 1)
        var samples: [Int16] = []
        for _ in 0..<10 {
            let block = try capture.read(frames: 1_600)
            #expect(block.sampleRate == 16_000)
            #expect(block.samples.count == 1_600)
            samples += block.samples
        }
        #expect(samples == tone.samples)
        #expect(capture.overruns == 0)
    }

    @Test("playback of a buffer ends up in the out file sample for sample")
    func playbackWritesFile() throws {
        let rig = try FilePluginRig()
        let tone = AudioBuffer.tone(frequency: 440, seconds: 0.5)
        do {
            let playback = try ALSAPlayback(name: "earshot_out", configuration: rig.configuration())
            #expect(playback.device.negotiated.format == .s16LE)
            #expect(playback.device.negotiated.rate == 16_000)
            #expect(playback.device.negotiated.channels == 1)
            try playback.write(tone)
            try playback.drain()
            #expect(playback.underruns == 0)
        }
        #expect(try rig.readOutput() == tone.samples)
    }

    @Test("one reply after another: writing after a drain plays the next buffer too")
    func playbackAfterDrain() throws {
        let rig = try FilePluginRig()
        let first = AudioBuffer.tone(frequency: 440, seconds: 0.25)
        let second = AudioBuffer.tone(frequency: 660, seconds: 0.25)
        do {
            let playback = try ALSAPlayback(name: "earshot_out", configuration: rig.configuration())
            try playback.write(first)
            try playback.drain()
            try playback.write(second)
            try playback.drain()
        }
        #expect(try rig.readOutput() == first.samples + second.samples)
    }

    @Test("a buffer at another rate is resampled to the device rate before playing")
    func playbackResamples() throws {
        let rig = try FilePluginRig()
        let tone = AudioBuffer.tone(frequency: 440, seconds: 0.5, sampleRate: 22_050)
        do {
            let playback = try ALSAPlayback(name: "earshot_out", configuration: rig.configuration())
            try playback.write(tone)
            try playback.drain()
        }
        let played = AudioBuffer(samples: try rig.readOutput())
        #expect(played.samples.count == 8_000)
        #expect(abs(played.rms - tone.rms) / tone.rms < 0.01)
    }

    @Test("a device that does not exist gives a one-line error naming it and a fix")
    func missingDevice() throws {
        let rig = try FilePluginRig()
        let configuration = try rig.configuration()
        #expect {
            try ALSACapture(name: "earshot_nowhere", configuration: configuration)
        } throws: { error in
            guard let error = error as? ALSAError else { return false }
            return error.kind == .noSuchDevice && !error.description.contains("\n")
                && error.description == "capture device \"earshot_nowhere\": no such device (ALSA: No such file or directory). Fix: list devices with 'arecord -L' and pass one with --capture."
        }
        // The system configuration: card 9 does not exist here (nor on almost any machine).
        #expect {
            try ALSAPlayback(name: "hw:9")
        } throws: { error in
            guard let error = error as? ALSAError else { return false }
            return error.kind == .noSuchDevice
                && error.description.hasPrefix("playback device \"hw:9\": no such device (ALSA: ")
                && error.description.hasSuffix("Fix: list devices with 'aplay -L' and pass one with --playback.")
        }
    }

    @Test("a busy device says so and names a fix")
    func busyMessage() {
        let error = ALSAError(kind: .busy, device: "hw:0", stream: .capture, code: -EBUSY)
        #expect(error.description == "capture device \"hw:0\": busy, another program is using it (ALSA: Device or resource busy). Fix: close that program (see 'fuser -v /dev/snd/*') or list devices with 'arecord -L' and pass one with --capture.")
        #expect(ALSAError.opening("hw:0", .capture, code: -EBUSY).kind == .busy)
    }

    @Test("configuration text that does not parse is an error, not a crash")
    func badConfiguration() {
        #expect(throws: ALSAError.self) { try ALSAConfiguration(text: "pcm.broken { type file ") }
    }

    /// The `null` slave behind the file plugin never reports an underrun (it has no clock that
    /// runs out), so a starved write cannot provoke `-EPIPE` here. This test checks starving
    /// loses nothing; the next one forces the recovery path with `-EPIPE` itself.
    @Test("starved playback (write, sleep longer than the buffer, write) keeps every sample")
    func starvedPlayback() throws {
        let rig = try FilePluginRig()
        let first = AudioBuffer.tone(frequency: 440, seconds: 0.1)
        let second = AudioBuffer.tone(frequency: 660, seconds: 0.1)
        do {
            let playback = try ALSAPlayback(name: "earshot_out", configuration: rig.configuration(),
                                            bufferMicroseconds: 100_000)
            try playback.write(first)
            Thread.sleep(forTimeInterval: 0.3)
            try playback.write(second)
            try playback.drain()
            #expect(playback.underruns == 0, "the null slave is not expected to underrun")
        }
        #expect(try rig.readOutput() == first.samples + second.samples)
    }

    @Test("an underrun (-EPIPE, forced) is recovered, counted, and playback goes on")
    func forcedUnderrun() throws {
        let rig = try FilePluginRig()
        let first = AudioBuffer.tone(frequency: 440, seconds: 0.1)
        let second = AudioBuffer.tone(frequency: 660, seconds: 0.1)
        do {
            let playback = try ALSAPlayback(name: "earshot_out", configuration: rig.configuration())
            try playback.write(first)
            try playback.recover(from: -Int(EPIPE))
            #expect(playback.underruns == 1)
            try playback.write(second)
            try playback.drain()
        }
        let output = try rig.readOutput()
        #expect(output.suffix(second.samples.count).elementsEqual(second.samples))
    }

    @Test("an overrun (-EPIPE, forced) is recovered, counted, and capture goes on")
    func forcedOverrun() throws {
        let rig = try FilePluginRig()
        let tone = AudioBuffer.tone(frequency: 440, seconds: 0.5)
        try rig.writeInput(tone.samples)
        let capture = try ALSACapture(name: "earshot_in", configuration: rig.configuration())
        let first = try capture.read(frames: 1_600)
        try capture.recover(from: -Int(EPIPE))
        #expect(capture.overruns == 1)
        let second = try capture.read(frames: 1_600)
        #expect(first.samples == Array(tone.samples[0..<1_600]))
        #expect(second.samples.count == 1_600)
    }

    @Test("an error that is not an xrun is not swallowed by recovery")
    func unrecoverable() throws {
        let rig = try FilePluginRig()
        let playback = try ALSAPlayback(name: "earshot_out", configuration: rig.configuration())
        #expect(throws: ALSAError.self) { try playback.recover(from: -Int(EIO)) }
    }
}

@Suite("Frame conversion")
struct FrameConversionTests {
    @Test("S32_LE stereo is downmixed to mono Int16 (top 16 bits, channels averaged)")
    func s32Stereo() {
        let frames: [Int32] = [Int32(1_000) << 16, Int32(3_000) << 16, Int32(-2_000) << 16, Int32(-2_000) << 16]
        let mono = frames.withUnsafeBytes { FrameConversion.mono($0, format: .s32LE, channels: 2) }
        #expect(mono == [2_000, -2_000])
    }

    @Test("FLOAT_LE stereo is downmixed to mono Int16")
    func floatStereo() {
        let frames: [Float] = [0.5, 0.5, -1, 0, 1, 1]
        let mono = frames.withUnsafeBytes { FrameConversion.mono($0, format: .floatLE, channels: 2) }
        #expect(mono == [16_384, -16_384, 32_767])
    }

    @Test("mono Int16 goes out to every channel and comes back unchanged in every format")
    func roundTrip() {
        let samples: [Int16] = [0, 1, -1, 12_345, -32_768, 32_767]
        for format in ALSASampleFormat.allCases {
            for channels in [1, 2, 6] {
                let bytes = FrameConversion.interleaved(samples, format: format, channels: channels)
                #expect(bytes.count == samples.count * channels * format.bytesPerSample)
                let back = bytes.withUnsafeBytes { FrameConversion.mono($0, format: format, channels: channels) }
                #expect(back == samples, "\(format), \(channels) channels")
            }
        }
    }
}

import EarshotAudio
import Foundation
import Testing

@Suite("Writing WAV files")
struct WritingTests {
    @Test("write then read a tone keeps its length, samples and level")
    func roundTrip() throws {
        let fixtures = try Fixtures()
        let tone = AudioBuffer.tone(frequency: 440, seconds: 1.5, amplitude: 0.5)
        let path = fixtures.path("tone.wav")
        try AudioFile.write(tone, to: path)
        let back = try AudioFile.read(path)
        #expect(back.samples.count == tone.samples.count)
        #expect(back.duration == 1.5)
        #expect(abs(back.rms - tone.rms) < 0.0001)
        #expect(back == tone)
    }

    @Test("the file is 16-bit PCM mono WAV at the buffer's rate (sox agrees)")
    func formatOnDisk() throws {
        let fixtures = try Fixtures()
        let path = fixtures.path("speech.wav")
        try AudioFile.write(.tone(frequency: 300, seconds: 1, sampleRate: 22_050), to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        func u16(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        #expect(String(decoding: data.prefix(4), as: UTF8.self) == "RIFF")
        #expect(String(decoding: data[8..<12], as: UTF8.self) == "WAVE")
        #expect(u16(20) == 1)       // PCM
        #expect(u16(22) == 1)       // mono
        #expect(u32(24) == 22_050)  // rate
        #expect(u16(34) == 16)      // bits
        // Read back, it is resampled to 16 kHz and keeps its length.
        let back = try AudioFile.read(path)
        #expect(back.sampleRate == 16_000)
        #expect(abs(back.duration - 1.0) < 0.001)
        // And sox reads it as a 1 s file.
        _ = try fixtures.sox("copy.wav", ["speech.wav", "copy.wav"])
    }

    @Test("missing parent folders are created")
    func createsFolders() throws {
        let fixtures = try Fixtures()
        let path = fixtures.path("replies/turn-1/reply.wav")
        try AudioFile.write(.silence(seconds: 0.5), to: path)
        #expect(try AudioFile.read(path).samples.count == 8_000)
    }

    @Test("a parent that is a file gives one clear error")
    func parentIsFile() throws {
        let fixtures = try Fixtures()
        _ = try fixtures.file("replies", Data("not a folder".utf8))
        let path = fixtures.path("replies/reply.wav")
        let error = audioError({ () throws(AudioError) in try AudioFile.write(.silence(seconds: 0.1), to: path) })
        guard case .unwritable = error else {
            Issue.record("expected .unwritable, got \(String(describing: error))")
            return
        }
        #expect(error?.description.hasPrefix("\(path): cannot be written") == true, "\(String(describing: error))")
        #expect(error?.description.contains(". Fix: ") == true)
    }
}

import EarshotAudio
import Foundation
import Testing

/// Files that are not usable audio each give one clear line naming the file and the fix.
@Suite("Audio files that cannot be used")
struct ReadingErrorTests {
    /// Reads `path` expecting a failure; checks the message is one line, names the file and has a fix.
    func failure(_ path: String, limits: AudioLimits = .init(),
                 sourceLocation: SourceLocation = #_sourceLocation) -> AudioError? {
        let error = audioError({ () throws(AudioError) in _ = try AudioFile.read(path, limits: limits) },
                               sourceLocation: sourceLocation)
        if let error {
            let line = error.description
            #expect(line.hasPrefix("\(path): "), "\(line)", sourceLocation: sourceLocation)
            #expect(line.contains(". Fix: "), "\(line)", sourceLocation: sourceLocation)
            #expect(!line.contains("\n"), "\(line)", sourceLocation: sourceLocation)
            #expect(error.path == path, sourceLocation: sourceLocation)
        }
        return error
    }

    @Test("a missing file")
    func missing() throws {
        let fixtures = try Fixtures()
        let path = fixtures.path("nowhere.wav")
        #expect(failure(path) == .notFound(path: path))
        #expect(failure(path)?.description == "\(path): no such file. Fix: check the spelling and the folder, or give the full path")
    }

    @Test("suggested commands quote paths the shell would split")
    func quotedPathInFix() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.file("Sam's notes.wav", Data("not audio".utf8))
        let line = failure(path)?.description ?? ""
        #expect(line.contains(#"`ffmpeg -i '"# + fixtures.folder.path + #"/Sam'\''s notes.wav' out.wav`"#), "\(line)")
    }

    @Test("a folder")
    func folder() throws {
        let fixtures = try Fixtures()
        #expect(failure(fixtures.folder.path) == .isDirectory(path: fixtures.folder.path))
    }

    @Test("an empty (0-byte) file")
    func empty() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.file("empty.wav", Data())
        #expect(failure(path) == .emptyFile(path: path))
        #expect(failure(path)?.description.contains("empty (0 bytes)") == true)
    }

    @Test("a pipe (FIFO) is not read, and says so instead of 'empty'")
    func fifo() throws {
        let fixtures = try Fixtures()
        let path = fixtures.path("pipe.wav")
        #expect(mkfifo(path, 0o600) == 0)
        #expect(failure(path) == .unreadable(path: path, reason: "it is a pipe (FIFO), not a regular file"))
    }

    @Test("an Ogg file cut short reads what is there or is damaged, never a duration of SF_COUNT_MAX frames")
    func truncatedOgg() throws {
        let fixtures = try Fixtures()
        let whole = fixtures.path("whole.ogg")
        try AudioFile.write(AudioBuffer.tone(frequency: 440, seconds: 3), to: whole)
        let data = try Data(contentsOf: URL(fileURLWithPath: whole))
        for fraction in [0.3, 0.6, 0.9] {
            let path = try fixtures.file("cut-\(fraction).ogg", data.prefix(Int(Double(data.count) * fraction)))
            do {
                let buffer = try AudioFile.read(path)
                #expect(buffer.duration > 0 && buffer.duration < 3.1, "\(fraction): \(buffer.duration) s")
            } catch {
                #expect(!error.description.contains("lasts"), "\(fraction): \(error.description)")
                #expect(error.description.contains("damaged") || error.description.contains("no samples"), "\(error.description)")
            }
        }
    }

    @Test("a text file named .wav says it is not audio, with libsndfile's reason")
    func textFile() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.file("notes.wav", Data("Buy milk.\nCall Sam about the soup order.\n".utf8))
        let error = failure(path)
        #expect(error == .notAudio(path: path, reason: "Format not recognised."))
        #expect(error?.description.contains("not an audio file") == true, "\(String(describing: error))")
        #expect(error?.description.contains("(Format not recognised)") == true, "\(String(describing: error))")
    }

    @Test("a WAV cut off inside its header is damaged")
    func truncatedHeader() throws {
        let fixtures = try Fixtures()
        let header = Fixtures.wavHeader(rate: 16_000, channels: 1, bits: 16, dataBytes: 32_000)
        let path = try fixtures.file("cut.wav", header.prefix(30))
        guard case .corrupt(_, let reason) = failure(path) else {
            Issue.record("expected .corrupt, got \(String(describing: failure(path)))")
            return
        }
        #expect(reason.contains("data"), "\(reason)")
    }

    @Test("a RIFF/WAVE header followed by garbage instead of chunks is damaged")
    func garbageAfterRIFF() throws {
        let fixtures = try Fixtures()
        var data = Fixtures.wavHeader(rate: 16_000, channels: 1, bits: 16, dataBytes: 32_000).prefix(12)
        var generator = SystemRandomNumberGenerator()
        data.append(contentsOf: (0..<3_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let error = failure(try fixtures.file("garbage.wav", Data(data)))
        guard case .corrupt = error else {
            Issue.record("expected .corrupt, got \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("damaged") == true)
    }

    /// Decided behaviour: a valid header whose data is cut short reads as the samples present
    /// (libsndfile trims the length to the bytes there), like most players. Garbage bytes in the
    /// data chunk read as noise: they cannot be told from audio.
    @Test("a valid header with truncated data reads the samples that are there")
    func truncatedData() throws {
        let fixtures = try Fixtures()
        var data = Fixtures.wavHeader(rate: 16_000, channels: 1, bits: 16, dataBytes: 32_000) // claims 1 s
        data.append(Data(count: 8_000)) // holds 0.25 s of silence
        let buffer = try AudioFile.read(try fixtures.file("short.wav", data))
        #expect(buffer.samples.count == 4_000)
        #expect(buffer.rms == 0)
    }

    @Test("a valid WAV with zero frames says it holds no samples")
    func zeroFrames() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.file("none.wav", Fixtures.wavHeader(rate: 16_000, channels: 1, bits: 16, dataBytes: 0))
        #expect(failure(path) == .noSamples(path: path))
        #expect(failure(path)?.description.contains("no samples") == true)
    }

    @Test("a zero-frame WAV made by sox says it holds no samples")
    func zeroFramesFromSox() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.sox("none.wav", ["-n", "-r", "16000", "-c", "1", "-b", "16", "none.wav", "trim", "0", "0"])
        #expect(failure(path) == .noSamples(path: path))
    }

    @Test("a 1-hour file is refused from its header, fast, naming the limit")
    func oneHour() throws {
        let fixtures = try Fixtures()
        // A real 1-hour 16 kHz 16-bit WAV (115 MB on disk, under the byte limit), made cheaply as a
        // sparse file: the header, then the file extended to its full length.
        let dataBytes = 3_600 * 16_000 * 2
        let path = try fixtures.file("hour.wav", Fixtures.wavHeader(rate: 16_000, channels: 1, bits: 16, dataBytes: dataBytes))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(44 + dataBytes))
        try handle.close()

        let clock = ContinuousClock()
        var error: AudioError?
        let elapsed = clock.measure { error = failure(path) }
        #expect(error == .tooLong(path: path, seconds: 3_600, limit: 300))
        #expect(elapsed < .seconds(1), "took \(elapsed)")
        let line = error?.description ?? ""
        #expect(line.contains("3600 s"), "\(line)")
        #expect(line.contains("limit of 300 s"), "\(line)")
        #expect(line.contains("`sox \(path) out.wav trim 0 300`"), "\(line)")
    }

    @Test("a 1-hour file made by sox is refused too")
    func oneHourFromSox() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.sox("long.wav", ["-n", "-r", "8000", "-c", "1", "-b", "8", "long.wav", "trim", "0", "3600"])
        let clock = ContinuousClock()
        var error: AudioError?
        let elapsed = clock.measure { error = failure(path) }
        #expect(error == .tooLong(path: path, seconds: 3_600, limit: 300))
        #expect(elapsed < .seconds(1), "took \(elapsed)")
    }

    @Test("limits can be tightened: duration and bytes")
    func customLimits() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.sox("x.wav", ["-n", "-r", "16000", "-c", "1", "-b", "16", "x.wav", "synth", "2", "sine", "440"])
        #expect(failure(path, limits: AudioLimits(maxSeconds: 1.5)) == .tooLong(path: path, seconds: 2, limit: 1.5))
        let tooLarge = failure(path, limits: AudioLimits(maxBytes: 1_000))
        #expect(tooLarge == .tooLarge(path: path, bytes: 64_044, limit: 1_000))
        #expect(tooLarge?.description.contains("0.1 MB, over the limit of 0 MB") == true, "\(String(describing: tooLarge))")
        #expect(try AudioFile.read(path, limits: AudioLimits(maxSeconds: 2)).duration == 2)
    }

    @Test("a file without read permission is unreadable", .enabled(if: getuid() != 0, "root reads anything"))
    func noPermission() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.sox("x.wav", ["-n", "-r", "16000", "-c", "1", "x.wav", "synth", "0.1", "sine", "440"])
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
        guard case .unreadable = failure(path) else {
            Issue.record("expected .unreadable, got \(String(describing: failure(path)))")
            return
        }
    }
}

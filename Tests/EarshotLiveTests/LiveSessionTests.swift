import Earshot
import EarshotAudio
import EarshotEvaluation
import EarshotDialogue
import EarshotSpeech
import EarshotTesting
import Foundation
import Testing
@testable import EarshotALSA
@testable import EarshotLive

/// A live HomePod session over synthesised speech: a person says the wake phrase and a request, waits
/// for each reply and answers it.
@Suite("Live sessions", .serialized)
struct LiveSessionTests {
    static func session() throws -> Session {
        try Workspace.load(appPaths: [repoPath("examples/soupchef")])
            .session(profile: "homepod")
    }

    static let fixtures = Result { try AudioFixtures(folder: repoPath("audio-fixtures")) }

    /// `text` said in en-us: its clip from audio-fixtures/ (espeak-ng is not repeatable from one call to
    /// the next, the committed clips are).
    static func speech(_ text: String) throws -> [Int16] {
        let fixtures = try Self.fixtures.get()
        let entry = try #require(fixtures.entries.first { $0.text.lowercased() == text }, "no fixture says \"\(text)\"")
        return try AudioFile.read(fixtures.path(entry, voice: "en-us")).samples
    }

    /// Quiet room noise (about −60 dBFS), repeatable.
    static func pause(_ seconds: Double) -> [Int16] {
        AudioBuffer.faintNoise(count: Int(seconds * 16000), amplitude: 32, seed: 7)
    }

    /// What a person says, each line after the device's reply to the one before and a second's thought
    /// (the replies are those the typed lines get, spoken in the profile's voice). `replies: false`: the
    /// replies take no time of the recording (ALSA's file plugin, which drops nothing while the device
    /// talks).
    static func recording(_ lines: [String], wake: String? = "hey siri", replies: Bool = true) async throws -> [Int16] {
        var session = try session()
        let voice = session.profile.voice
        var samples = pause(1)
        for (index, line) in lines.enumerated() {
            if index == 0, let wake { samples += try speech(wake) + pause(0.15) }
            let reply = await session.respond(to: line).reply.text
            let replySeconds = try Synthesizer().speak(reply, voice: .init(name: voice.name, rate: voice.rate, pitch: voice.pitch)).duration
            samples += try speech(line) + pause((replies ? replySeconds : 0) + 1.2)
        }
        return samples
    }

    static let lines = ["order soup with soup chef", "tomato soup", "yes", "yes"]

    /// The turns the same lines give typed.
    static func typed(_ lines: [String]) async throws -> [Turn] {
        var session = try session()
        var turns: [Turn] = []
        for line in lines { turns.append(await session.respond(to: line)) }
        return turns
    }

    /// Runs a live session over `samples`, returning its events' turns and everything else it reported.
    static func live(_ samples: [Int16], input: LiveInput? = nil, output: LiveOutput, extra: Double = 0) async throws
        -> (turns: [Turn], latencies: [Double], timeouts: Int, wakes: [String]) {
        let live = LiveSession(session: try session(), loop: try SpeechLoop())
        var turns: [Turn] = [], latencies: [Double] = [], timeouts = 0, wakes: [String] = []
        let input = input ?? FileInput(AudioBuffer(samples: samples, sampleRate: 16000))
        let limit = Double(samples.count) / 16000 + extra
        nonisolated(unsafe) let watched = live
        let debug = ProcessInfo.processInfo.environment["LIVE_DEBUG"] != nil
        try await live.run(input: input, output: output, shouldStop: { watched.inputSeconds >= limit }) { event in
            if debug { print("DBG \(watched.inputSeconds) \(event)") }
            switch event {
            case .turn(let turn, let latency):
                turns.append(turn)
                latencies.append(latency)
            case .timedOut: timeouts += 1
            case .woke(let phrase, _): wakes.append(phrase)
            default: break
            }
        }
        return (turns, latencies, timeouts, wakes)
    }

    @Test("wake phrase, order, follow-up answers: the turns the typed lines give, the replies written whole")
    func orderFromARecording() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputPath = folder.appendingPathComponent("replies.wav").path
        let output = FileOutput(path: outputPath)
        let result = try await Self.live(try await Self.recording(Self.lines), output: output)
        let expected = try await Self.typed(Self.lines)
        #expect(result.wakes == ["hey siri"])
        #expect(result.turns.map(\.reply.text) == expected.map(\.reply.text))
        #expect(result.turns.map(\.outcome) == expected.map(\.outcome))
        #expect(result.turns.last?.outcome == .success)
        // Word timings are in the recording's time: "order" starts after 1 s of quiet, the wake phrase and 0.15 s.
        let orderStart = 1 + Double(try Self.speech("hey siri").count) / 16000 + 0.15
        let first = try #require(result.turns.first?.heard.words?.first)
        #expect(first.word == "order")
        #expect(abs(first.start - orderStart) < 0.2, "\(first.start) vs \(orderStart); words \(result.turns.first?.heard.words ?? [])")
        // The replies were written whole, one after another.
        let written = try AudioFile.read(outputPath)
        #expect(written.duration > 3)
        #expect(!FileManager.default.fileExists(atPath: outputPath + ".partial.wav"))
    }

    @Test("speech without the wake phrase is never answered")
    func noWakeNoTurn() async throws {
        let samples = try await Self.recording(["order soup with soup chef", "what's the weather like tomorrow", "tomato soup"], wake: nil)
        let result = try await Self.live(samples, output: FileOutput(path: "/dev/null"))
        #expect(result.turns.isEmpty)
        #expect(result.wakes.isEmpty)
    }

    @Test("the wake phrase and then nothing: back to waiting without a word")
    func wakeThenSilence() async throws {
        let samples = Self.pause(1) + (try Self.speech("hey siri")) + Self.pause(7)
        let result = try await Self.live(samples, output: FileOutput(path: "/dev/null"))
        #expect(result.wakes == ["hey siri"])
        #expect(result.turns.isEmpty)
        #expect(result.timeouts == 1)
    }

    @Test("a follow-up nobody answers ends the conversation quietly; the next request needs the wake phrase again")
    func unansweredFollowUp() async throws {
        var samples = Self.pause(1) + (try Self.speech("hey siri")) + Self.pause(0.15) + (try Self.speech("order soup with soup chef"))
        samples += Self.pause(14) + (try Self.speech("tomato soup")) + Self.pause(3)
        let result = try await Self.live(samples, output: FileOutput(path: "/dev/null"))
        #expect(result.turns.count == 1)
        #expect(result.timeouts == 1)
    }

    @Test("over real ALSA (file plugin): the same turns; the played replies, recognised again, are the replies; an underrun mid-session is recovered")
    func orderOverALSA() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-live-alsa-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inPath = folder.appendingPathComponent("in.raw").path, outPath = folder.appendingPathComponent("out.raw").path
        let samples = try await Self.recording(Self.lines, replies: false)
        try samples.withUnsafeBufferPointer { Data(buffer: $0) }.write(to: URL(fileURLWithPath: inPath))
        let configuration = try ALSAConfiguration(text: ALSAConfiguration.filePluginText(input: inPath, output: outPath))
        var played: [Int] = []
        var rate = 0
        let result: (turns: [Turn], latencies: [Double], timeouts: Int, wakes: [String])
        do {
            let capture = try ALSACapture(name: "earshot_in", configuration: configuration)
            let playback = try ALSAPlayback(name: "earshot_out", configuration: configuration)
            rate = playback.device.negotiated.rate
            // The null slave behind the file plugin never underruns by itself: after the first reply,
            // playback meets one (-EPIPE) the way a starved card reports it.
            let spy = SpyOutput(playback) { count in if count == 1 { try playback.recover(from: -Int(EPIPE)) } }
            result = try await Self.live(samples, input: capture, output: spy, extra: 2)
            played = spy.lengths
            #expect(playback.underruns == 1)
        }
        let expected = try await Self.typed(Self.lines)
        #expect(result.turns.map(\.reply.text) == expected.map(\.reply.text))
        #expect(played.count == expected.count)
        // What the speaker got, cut at the replies' lengths and recognised against the replies expected.
        let data = try Data(contentsOf: URL(fileURLWithPath: outPath))
        let channels = data.count / 2 / max(1, played.reduce(0, +) * rate / 16000)
        let raw: [Int16] = data.withUnsafeBytes { bytes in
            (0..<(data.count / 2)).map { Int16(littleEndian: bytes.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self)) }
        }
        let mono = stride(from: 0, to: raw.count - channels + 1, by: max(1, channels)).map { raw[$0] }
        let heard = AudioBuffer(samples: mono, sampleRate: rate).resampled(to: 16000).samples
        let context = RecognitionContext(name: "replies", sentences: expected.map(\.reply.text))
        // Replies are long sentences with pauses: the grammar search needs wider beams than for requests.
        let recognizer = try Recognizer(decoderOptions: ["-beam", "1e-80", "-wbeam", "1e-60", "-pbeam", "1e-80"])
        var offset = 0
        for (index, length) in played.enumerated() where index < expected.count {
            let slice = Array(heard[min(offset, heard.count)..<min(offset + length, heard.count)])
            offset += length
            let recognition = try recognizer.recognize(AudioBuffer(samples: slice, sampleRate: 16000), in: context)
            if ProcessInfo.processInfo.environment["LIVE_DEBUG"] != nil { print("DBG reply \(index) rate \(rate) channels \(channels) slice \(slice.count) heard \(recognition.bestGuess) \(recognition.confidence)") }
            // The grammar's best sentence among the four replies (their pauses between sentences make
            // the rejection's timing check unfit for them): each slice must be its own reply.
            #expect(recognition.bestGuess == RecognitionContext.words(expected[index].reply.text), "reply \(index + 1)")
        }
    }
}

/// Plays through another output and notes how long each reply was (16 kHz samples).
final class SpyOutput: LiveOutput {
    let inner: LiveOutput
    let afterReply: (Int) throws -> Void
    var lengths: [Int] = []
    var current = 0
    init(_ inner: LiveOutput, afterReply: @escaping (Int) throws -> Void = { _ in }) {
        self.inner = inner
        self.afterReply = afterReply
    }
    func play(_ audio: AudioBuffer) throws {
        current += audio.resampled(to: 16000).samples.count
        try inner.play(audio)
    }
    func drain() throws {
        try inner.drain()
        lengths.append(current)
        current = 0
        try afterReply(lengths.count)
    }
    func finish() throws { try inner.finish() }
}

@Suite("Live replies")
struct LiveReplyTests {
    @Test("a reply is spoken sentence by sentence, nothing lost")
    func sentences() {
        #expect(LiveSession.sentences("OK. Ordering. Soup Chef says: Your soup will be ready in 10 minutes.")
                == ["OK.", "Ordering.", "Soup Chef says: Your soup will be ready in 10 minutes."])
        #expect(LiveSession.sentences("Your Tomato Soup comes to $4.50. Ready to order?") == ["Your Tomato Soup comes to $4.50.", "Ready to order?"])
        #expect(LiveSession.sentences("Which soup?") == ["Which soup?"])
    }
}

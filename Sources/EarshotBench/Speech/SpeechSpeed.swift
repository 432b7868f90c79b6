import Earshot
import EarshotAudio
import EarshotDialogue
import EarshotEvaluation
import EarshotSpeech
import Foundation

/// How fast the speech loop is: decoder start-up, recognition real-time factor, the time from the last
/// audio sample of a turn to the first sample of the reply, and pocketsphinx_continuous on the same files.
public struct SpeechSpeed: Sendable {
    /// Loading the acoustic model and dictionary (`Recognizer()`).
    public var modelLoadSeconds: Double
    /// Building the invocation grammar of the example apps on HomePod, unknown words included.
    public var grammarSeconds: Double
    /// Invocation audio: seconds of audio, seconds decoding with the grammar, and with the phone loop.
    public var audioSeconds: Double
    public var grammarDecodeSeconds: Double
    public var phoneLoopSeconds: Double
    /// Last audio sample → first reply sample, per turn (recognise, resolve, answer, synthesise), seconds.
    public var replyLatencies: [Double]
    /// pocketsphinx_continuous on the same files with the same grammar: its own decode time (from its
    /// log) and wall time of the process, or why it could not run.
    public var continuous: Result<(decode: Double, wall: Double), SpeechBenchError>

    public var realTimeFactor: Double { (grammarDecodeSeconds + phoneLoopSeconds) / audioSeconds }
    public var grammarRealTimeFactor: Double { grammarDecodeSeconds / audioSeconds }

    /// Plays `limit` en-us invocation fixtures on HomePod, as files (real-time factor) and as a live stream
    /// (latency), recognised with `model`.
    public static func measure(_ fixtures: AudioFixtures, workspace: Workspace, limit: Int = 40,
                               model: Recognizer.Model = .debian) async throws -> SpeechSpeed {
        let clock = ContinuousClock()
        var start = clock.now
        let recognizer = try Recognizer(model: model)
        let modelLoad = (clock.now - start).seconds
        let loop = try SpeechLoop(recognizer: recognizer)
        let fresh = try workspace.session(profile: "homepod")
        guard let context = fresh.recognitionContext else { throw SpeechBenchError("no invocation grammar") }
        start = clock.now
        _ = try recognizer.prepare(context)
        let grammarBuild = (clock.now - start).seconds

        let voice = fixtures.voices.first ?? "en-us"
        // Invocations whose intent runs no handler (a handler's time is the app's, not Earshot's), spread
        // over every app.
        let plain = fixtures.entries(.phrase).filter { entry in
            guard let match = fresh.resolver.resolve(entry.text).matches.first else { return false }
            let intent = fresh.catalog.apps[match.expansion.app].manifest.intents.first { $0.id == match.expansion.intent }
            return intent?.handler == nil
        }
        let step = max(1, plain.count / limit)
        let files = stride(from: 0, to: plain.count, by: step).prefix(limit).map { fixtures.path(plain[$0], voice: voice) }
        var audioSeconds = 0.0, grammarSeconds = 0.0, phoneSeconds = 0.0
        var latencies: [Double] = []
        let voiceSettings = Synthesizer.Voice(name: fresh.profile.voice.name, rate: fresh.profile.voice.rate, pitch: fresh.profile.voice.pitch)
        for file in files {
            let audio = try AudioFile.read(file)
            // Batch: the whole file decoded at once, for the real-time factor.
            _ = try recognizer.recognize(audio, in: context)
            audioSeconds += audio.duration
            grammarSeconds += recognizer.lastTimings.grammar
            phoneSeconds += recognizer.lastTimings.phoneLoop
            // Live: the audio arrives in 100 ms blocks, as from a microphone, and is decoded as it comes.
            // Timed from the last block's arrival to the reply's first sample: the last block decoded, the
            // utterance judged, resolved and answered, and espeak-ng's first audio of the reply.
            let block = AudioBuffer.recognitionRate / 10
            let blocks = stride(from: 0, to: audio.samples.count, by: block).map { Array(audio.samples[$0..<min($0 + block, audio.samples.count)]) }
            var session = fresh
            try recognizer.startUtterance(in: context)
            for samples in blocks.dropLast() { try recognizer.process(samples) }
            start = clock.now
            try recognizer.process(blocks.last ?? [])
            let recognition = try recognizer.finishUtterance()
            let turn = await session.respond(to: Turn.Heard(text: recognition.text, source: .audio, confidence: recognition.confidence))
            let reply = try loop.synthesizer.speakFirstSamples(turn.reply.text, voice: voiceSettings)
            latencies.append((clock.now - start).seconds)
            precondition(!reply.samples.isEmpty)
        }
        let continuous = Result { () throws(SpeechBenchError) in
            try PocketsphinxContinuous.decode(files: files, context: context, recognizer: recognizer)
        }
        return SpeechSpeed(modelLoadSeconds: modelLoad, grammarSeconds: grammarBuild, audioSeconds: audioSeconds,
                           grammarDecodeSeconds: grammarSeconds, phoneLoopSeconds: phoneSeconds, replyLatencies: latencies,
                           continuous: continuous)
    }

    public var markdown: String {
        let sorted = replyLatencies.sorted()
        func ms(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        let p95 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
        var lines = [
            "| measure | value | target |", "|---|---:|---:|",
            "| decoder start-up: model and dictionary | \(ms(modelLoadSeconds)) | |",
            "| decoder start-up: invocation grammar of the examples (HomePod) | \(ms(grammarSeconds)) | |",
            "| recognition RTF, grammar + phone loop (\(replyLatencies.count) invocations, \(String(format: "%.1f", audioSeconds)) s of audio) | \(String(format: "%.3f", realTimeFactor)) | ≤ 0.05 |",
            "| recognition RTF, grammar search alone | \(String(format: "%.3f", grammarRealTimeFactor)) | |",
            "| last audio sample → first reply sample, median | \(ms(median)) | ≤ 100 ms |",
            "| last audio sample → first reply sample, 95th percentile / worst | \(ms(p95)) / \(ms(sorted.last ?? 0)) | |",
        ]
        switch continuous {
        case .success(let measured):
            lines.append("| pocketsphinx_continuous, same files and grammar: its decode time (its log) | \(ms(measured.decode)) (RTF \(String(format: "%.3f", measured.decode / audioSeconds))) | |")
            lines.append("| Earshot's grammar search ÷ pocketsphinx_continuous's decode | \(String(format: "%.2f", grammarDecodeSeconds / measured.decode)) | |")
            lines.append("| pocketsphinx_continuous wall time, \(replyLatencies.count) processes (model load each) | \(String(format: "%.2f s", measured.wall)) | |")
        case .failure(let error):
            lines.append("| pocketsphinx_continuous | not run: \(error.message) | |")
        }
        return lines.joined(separator: "\n")
    }
}

/// Why a speech benchmark could not run.
public struct SpeechBenchError: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

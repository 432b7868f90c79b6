import Earshot
import EarshotAudio
import EarshotSignal
import EarshotDialogue
import EarshotSpeech
import Foundation

/// A device listening live, the way a HomePod does: it waits for a wake phrase, takes the request
/// that follows, answers aloud, listens for the follow-up answers without the wake phrase while the
/// conversation lasts, and goes back to waiting when it ends.
///
/// Audio comes from a ``LiveInput`` (an ALSA microphone or a recording) and replies go to a
/// ``LiveOutput`` (an ALSA speaker or a file). While the device talks, what the microphone picked up
/// is dropped: it never hears its own reply. Reading, decoding and playing run on a queue of the
/// session's own, outside Swift's shared concurrency pool.
public final class LiveSession {
    /// How the device listens.
    public struct Settings: Sendable {
        /// Seconds of audio read at a time (the end of speech is noticed at this granularity).
        public var block = 0.02
        /// Seconds with no speech after the wake phrase (or a question) before the device gives up,
        /// quietly.
        public var noSpeechTimeout = 5.0
        /// Seconds of silence that end a request the grammar has a whole sentence for...
        public var completeSilence = 0.15
        /// ...and one it has not (a pause mid-sentence is shorter than this).
        public var endSilence = 0.8
        /// The longest request, in seconds.
        public var longest = 15.0

        public init() {}
    }

    /// What the device is doing.
    public enum State: String, Sendable {
        case waiting = "waiting for the wake phrase"
        case listening
        case thinking
        case speaking
    }

    /// What happens, as it happens.
    public enum Event: Sendable {
        case state(State)
        /// The wake phrase was heard, ending `at` seconds into the input.
        case woke(phrase: String, at: Double)
        /// The grammar's best sentence so far.
        case partial(String)
        /// Nobody spoke after the wake phrase or a question: the device went back to waiting.
        case timedOut
        /// A turn, and the seconds from the end of the person's speech to the reply being ready to
        /// play (the silence the device waited to be sure, and the time it took to answer).
        case turn(Turn, latency: Double)
        /// Something the person should know, in one line (an answer speech cannot take).
        case notice(String)
    }

    /// The device and its conversation.
    public private(set) var session: Session
    public let settings: Settings
    /// Seconds of input consumed so far.
    public private(set) var inputSeconds = 0.0
    private let loop: SpeechLoop
    private let spotter: WakeListener
    private let work = WorkQueue(label: "earshot.live")

    /// - Parameters:
    ///   - session: the device (profile, apps, conversation state); its profile's `wake` phrases wake it.
    ///   - loop: recognizer and synthesizer; used by this session alone while it runs.
    ///   - wakeThreshold: the confidence a wake phrase needs (``WakeListener``).
    public init(session: Session, loop: SpeechLoop, wakeThreshold: Double = WakeListener.defaultThreshold,
                settings: Settings = Settings()) {
        self.session = session
        self.loop = loop
        spotter = WakeListener(phrases: session.profile.wake, recognizer: loop.recognizer, threshold: wakeThreshold)
        self.settings = settings
    }

    /// Runs until the input ends or `shouldStop` says so (checked between blocks); `output` is
    /// finished (a file written whole) before it returns, also when it throws.
    public func run(input: LiveInput, output: LiveOutput, shouldStop: @escaping @Sendable () -> Bool = { false },
                    events: (Event) -> Void) async throws {
        nonisolated(unsafe) let finishing = output
        do {
            try await converse(input: input, output: output, shouldStop: shouldStop, events: events)
        } catch {
            try? await io { try finishing.finish() }
            throw error
        }
        try await io { try finishing.finish() }
    }

    private func converse(input: LiveInput, output: LiveOutput, shouldStop: @escaping @Sendable () -> Bool,
                          events: (Event) -> Void) async throws {
        while !shouldStop() {
            events(.state(.waiting))
            guard var carried = try await waitForWake(input, shouldStop: shouldStop, events: events) else { return }
            repeat {
                events(.state(.listening))
                let heard = try await listen(input, carried: carried, shouldStop: shouldStop, events: events)
                carried = []
                guard case .heard(let recognition, let silence, let decided) = heard else {
                    if case .ended = heard { return }
                    session.endConversation()
                    events(.timedOut)
                    break
                }
                events(.state(.thinking))
                let turn = await loop.respond(to: recognition, session: &session)
                // Sentence by sentence: the first plays while the next is synthesised.
                nonisolated(unsafe) let input = input, output = output
                var talked = 0.0
                for (index, sentence) in Self.sentences(turn.reply.text).enumerated() {
                    let speech = try await loop.speak(sentence, profile: session.profile)
                    if index == 0 {
                        events(.turn(turn, latency: silence + (ContinuousClock.now - decided).seconds))
                        events(.state(.speaking))
                    }
                    try await io { try output.play(speech) }
                    talked += speech.duration
                }
                let spoken = talked
                inputSeconds += try await io {
                    try output.drain()
                    return try input.discardWhileTalking(seconds: spoken)
                }
            } while session.isInConversation && !shouldStop()
        }
    }

    /// Reads until a wake phrase is heard; returns the audio read after it (the request's beginning),
    /// or nil when the input ended or the session was stopped.
    private func waitForWake(_ input: LiveInput, shouldStop: @Sendable () -> Bool,
                             events: (Event) -> Void) async throws -> [Int16]? {
        nonisolated(unsafe) let input = input, spotter = spotter
        await io { spotter.reset() }
        let frames = blockFrames
        while !shouldStop() {
            guard let (block, detection) = try await io({ () throws -> (AudioBuffer, WakeDetection?)? in
                guard let block = try input.nextBlock(frames: frames) else { return nil }
                return (block, try spotter.process(block.samples))
            }) else { return nil }
            inputSeconds += block.duration
            if let detection {
                let after = Double(detection.following.count) / Double(AudioBuffer.recognitionRate)
                events(.woke(phrase: detection.phrase, at: inputSeconds - after))
                return detection.following
            }
        }
        return nil
    }

    private enum Heard {
        /// What was recognised, the silence waited after the speech, and when that wait ended.
        case heard(Recognition, silence: Double, decided: ContinuousClock.Instant)
        case timedOut
        case ended
    }

    /// Listens for one utterance in the context of the conversation, starting with `carried` audio.
    private func listen(_ input: LiveInput, carried: [Int16], shouldStop: @Sendable () -> Bool,
                        events: (Event) -> Void) async throws -> Heard {
        guard let context = session.recognitionContext else {
            events(.notice("The device waits for an open-ended answer, which speech cannot give yet: the conversation ends (type it with `earshot converse`)."))
            return .timedOut
        }
        nonisolated(unsafe) let input = input, recognizer = loop.recognizer
        let sentences = Set(context.sentences)
        var endPointer = EndPointer()
        var partial = ""
        var next: [Int16]? = carried
        let frames = blockFrames
        // Before speech starts: the last second of audio, to give the decoder a little of what came before.
        var before: [Int16] = []
        var beforeStart = 0
        var decoding = false
        // Where the decoded audio starts in the input, for word timings in the input's time.
        var origin = 0.0
        func placed(_ recognition: Recognition) -> Recognition {
            var placed = recognition
            for index in placed.words.indices {
                placed.words[index].start += origin
                placed.words[index].end += origin
            }
            return placed
        }
        while true {
            if shouldStop() {
                if decoding { _ = try? await io { () throws(SpeechError) in try recognizer.finishUtterance() } }
                return .ended
            }
            let block: [Int16]
            if let carried = next {
                block = carried
                next = nil
            } else {
                guard let read = try await io({ () throws -> AudioBuffer? in try input.nextBlock(frames: frames) }) else {
                    // The input ended mid-utterance: what was said so far is the utterance.
                    guard decoding else { return .ended }
                    let recognition = try await io { () throws(SpeechError) in try recognizer.finishUtterance() }
                    return .heard(placed(recognition), silence: endPointer.silence, decided: .now)
                }
                inputSeconds += read.duration
                block = read.samples
            }
            endPointer.process(block)
            let audio: [Int16]
            if decoding {
                audio = block
            } else {
                before += block
                guard endPointer.inSpeech else {
                    guard endPointer.seconds < settings.noSpeechTimeout else { return .timedOut }
                    let keep = AudioBuffer.recognitionRate
                    if before.count > keep {
                        beforeStart += before.count - keep
                        before.removeFirst(before.count - keep)
                    }
                    continue
                }
                // Speech: decode from a little before it started (the decoder needs silence to begin in).
                let from = max(0, (endPointer.speechStart ?? 0) * EndPointer.frame - preRoll - beforeStart)
                audio = Array(before[min(from, before.count)...])
                before = []
                origin = inputSeconds - Double(audio.count) / Double(AudioBuffer.recognitionRate)
            }
            let starting = !decoding
            decoding = true
            // One trip to the queue per block: start (at the speech), decode, and the words so far.
            let hypothesis = try await io { () throws(SpeechError) -> String in
                if starting { try recognizer.startUtterance(in: context) }
                try recognizer.process(audio)
                return recognizer.partialHypothesis
            }
            if hypothesis != partial {
                partial = hypothesis
                events(.partial(hypothesis))
            }
            let silence = endPointer.silence
            let complete = sentences.contains(hypothesis)
            let speaking = endPointer.seconds - Double(endPointer.speechStart ?? 0) / 100
            if silence >= settings.endSilence || (complete && silence >= settings.completeSilence) || speaking >= settings.longest {
                let decided = ContinuousClock.now
                let recognition = try await io { () throws(SpeechError) in try recognizer.finishUtterance() }
                return .heard(placed(recognition), silence: silence, decided: decided)
            }
        }
    }

    /// Samples of audio before the start of speech that the decoder gets (0.3 s).
    private let preRoll = 4800

    /// A reply cut after each sentence ("OK. Ordering. Soup Chef says: …" → three), never into nothing.
    static func sentences(_ text: String) -> [String] {
        var sentences: [String] = []
        var current = ""
        var previous: Character = " "
        for character in text {
            if character == " ", ".?!".contains(previous), !current.trimmingCharacters(in: .whitespaces).isEmpty {
                sentences.append(current)
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty { sentences.append(current) }
        return sentences.isEmpty ? [text] : sentences
    }

    private var blockFrames: Int { max(160, Int(settings.block * Double(AudioBuffer.recognitionRate))) }

    private func io<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        try await work.run(body)
    }
}

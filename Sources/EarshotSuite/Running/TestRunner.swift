import Earshot
import EarshotAudio
import EarshotDialogue
import EarshotImport
import EarshotModel
import EarshotSpeech
import Foundation
import Synchronization

/// Runs the cases of a ``TestSuite``: each conversation on a fresh device, turn by turn, typed or
/// through the speech loop, checking every expectation.
///
/// Cases run on `jobs` workers at once, each with its own recognizer; results come back in the order of
/// the cases whatever finished first. A conversation stops at its first failing turn.
public struct TestRunner: Sendable {
    /// How a run goes.
    public struct Options: Sendable {
        /// Typed text, or the whole speech loop.
        public enum Mode: String, Sendable { case text, audio }

        public var mode: Mode
        /// The espeak-ng voice that speaks the `say:` lines in audio runs (default: each profile's).
        public var voice: String?
        /// Noise mixed into every recognised utterance, this many decibels below the speech.
        public var noise: Double?
        /// Cases run at once.
        public var jobs: Int
        /// Keep what was heard and the replies as audio (for the HTML report).
        public var keepAudio: Bool
        /// The device settings every conversation starts from (test files may change them).
        public var settings: DeviceSettings
        public var handlers: HandlerRunner

        public init(mode: Mode = .text, voice: String? = nil, noise: Double? = nil, jobs: Int = 1, keepAudio: Bool = false,
                    settings: DeviceSettings = DeviceSettings(), handlers: HandlerRunner = HandlerRunner()) {
            self.mode = mode
            self.voice = voice
            self.noise = noise
            self.jobs = jobs
            self.keepAudio = keepAudio
            self.settings = settings
            self.handlers = handlers
        }
    }

    /// How far a run is.
    public struct Progress: Sendable {
        public var done: Int
        public var total: Int
        public var failed: Int
    }

    public let suite: TestSuite
    public let options: Options

    public init(suite: TestSuite, options: Options = Options()) {
        self.suite = suite
        self.options = options
    }

    /// Runs `cases` and checks every expectation.
    ///
    /// - Throws: what stops the whole run before any case starts: a profile or the sentence model that
    ///   cannot be loaded, a `--voice` espeak-ng does not have. Failures inside a conversation
    ///   (including speech that cannot be synthesised or recognised) are results, not errors.
    public func run(_ cases: [TestCase], progress: (@Sendable (Progress) -> Void)? = nil) async throws -> SuiteResult {
        let started = ContinuousClock.now
        var result = try await run(cases, devices: try devices(for: cases), progress: progress)
        result.seconds = (ContinuousClock.now - started).seconds
        return result
    }

    /// The devices `cases` start from, compiled once per test file and profile (the apps' phrases, and
    /// for flexible devices the similarity index): give them to ``run(_:devices:progress:)`` to run the
    /// same cases again without compiling them again.
    ///
    /// - Throws: ``LoadError`` for a profile or locale that cannot be used, ``EmbeddingError`` when a
    ///   flexible device needs the sentence model and it is missing.
    public func devices(for cases: [TestCase]) throws -> Devices {
        var sessions: [String: Session] = [:]
        for testCase in cases where sessions[key(testCase)] == nil {
            let workspace = suite.files[testCase.fileIndex].workspace
            sessions[key(testCase)] = try workspace.matchingSession(profile: testCase.profile, settings: options.settings,
                                                                    handlers: options.handlers)
        }
        return Devices(sessions: sessions)
    }

    /// Fresh devices for the cases of a run, by test file and profile.
    public struct Devices: Sendable {
        fileprivate var sessions: [String: Session]
    }

    /// Runs `cases` on `devices` (from ``devices(for:)``); `seconds` of the result leave out compiling them.
    public func run(_ cases: [TestCase], devices: Devices, progress: (@Sendable (Progress) -> Void)? = nil) async throws -> SuiteResult {
        let started = ContinuousClock.now
        if options.mode == .audio || options.keepAudio {
            try checkVoices(Array(devices.sessions.values))
        }
        let templateList = devices.sessions
        let next = Locked(0)
        let tally = Locked(Progress(done: 0, total: cases.count, failed: 0))
        let workers = max(1, min(options.jobs, cases.count))
        let results = await withTaskGroup(of: [(Int, CaseResult)].self) { group in
            for _ in 0..<workers {
                group.addTask {
                    var worker = Worker()
                    var done: [(Int, CaseResult)] = []
                    while true {
                        let index = next.withLock { value -> Int in
                            defer { value += 1 }
                            return value
                        }
                        guard index < cases.count, let template = templateList[key(cases[index])] else { break }
                        let result = await runCase(cases[index], on: template, worker: &worker)
                        done.append((index, result))
                        let now = tally.withLock { value -> Progress in
                            value.done += 1
                            if !result.passed { value.failed += 1 }
                            return value
                        }
                        progress?(now)
                    }
                    return done
                }
            }
            var all: [(Int, CaseResult)] = []
            for await done in group { all += done }
            return all.sorted { $0.0 < $1.0 }.map(\.1)
        }
        return SuiteResult(cases: results, seconds: (ContinuousClock.now - started).seconds, options: options)
    }

    private func key(_ testCase: TestCase) -> String { "\(testCase.fileIndex)|\(testCase.profile)" }

    /// Fails fast, before any case, when espeak-ng lacks a voice the run would speak with.
    private func checkVoices(_ sessions: [Session]) throws(SpeechError) {
        var names = Set(sessions.map(\.profile.voice.name))
        if let voice = options.voice { names.insert(voice) }
        for name in names.sorted() {
            if Piper.isVoice(name) {
                try Piper.checkInstalled()
                continue
            }
            _ = try Synthesizer().speakFirstSamples("test", voice: .init(name: name))
        }
    }

    /// The speech machinery of one worker, made when first needed: a loop per acoustic model, since
    /// `say:` lines are espeak-ng's speech and `audio:` recordings a person's.
    struct Worker {
        private var loops: [SpeechSource: SpeechLoop] = [:]

        mutating func speechLoop(for source: SpeechSource) throws(SpeechError) -> SpeechLoop {
            if let loop = loops[source] { return loop }
            let made = try SpeechLoop(source: source)
            loops[source] = made
            return made
        }
    }

    func runCase(_ testCase: TestCase, on template: Session, worker: inout Worker) async -> CaseResult {
        let started = ContinuousClock.now
        let file = suite.files[testCase.fileIndex].test
        var session = template
        session.settings = file.settings.overridden(by: testCase.conversation.settings).applied(to: options.settings)
        var result = CaseResult(testCase: testCase, turns: [], notRun: 0, error: nil, deviceName: session.profile.name,
                                seconds: 0, audioSeconds: 0)
        var speaker = session.profile
        if let voice = options.voice { speaker.voice.name = voice }
        let steps = testCase.conversation.turns
        let grader = SiriGrader(apps: suite.files[testCase.fileIndex].workspace.apps)
        turns: for (index, step) in steps.enumerated() {
            do {
                var note: String?
                // What goes through recognition: the synthesised `say:` line in audio runs, a recording always;
                // each heard with the acoustic model for whoever spoke it.
                var spoken: AudioBuffer?
                var source = SpeechSource.synthetic
                switch step.input {
                case .say(let text):
                    if options.mode == .audio {
                        if session.recognitionContext != nil {
                            spoken = try await worker.speechLoop(for: .synthetic).speak(text, profile: speaker)
                            source = SpeechSource.of(voice: speaker.voice.name)
                        } else {
                            note = "typed: the device waits for an open-ended answer here, which speech recognition cannot take"
                        }
                    }
                case .audio(let path):
                    guard session.recognitionContext != nil else {
                        result.error = "turn \(index + 1) (\(step.location)): the device waits for an open-ended answer here, "
                            + "which speech recognition cannot take; write this turn as 'say:'"
                        result.notRun = steps.count - index - 1
                        break turns
                    }
                    spoken = suite.recordings[path]
                    source = .person
                }
                let turn: Turn
                var heardAudio: AudioBuffer?
                if var audio = spoken {
                    if let snr = options.noise { audio = audio.addingNoise(snr: snr, seed: Self.seed(testCase, turn: index)) }
                    let loop = try worker.speechLoop(for: source)
                    let recognition = try await loop.recognize(audio, session: session)
                    turn = await loop.respond(to: recognition, session: &session)
                    result.audioSeconds += audio.duration
                    if options.keepAudio { heardAudio = audio }
                } else if case .say(let text) = step.input {
                    turn = await session.respond(to: text)
                } else {
                    result.error = "turn \(index + 1) (\(step.location)): the recording was not loaded"
                    break turns
                }
                var replyAudio: AudioBuffer?
                if options.keepAudio, !turn.reply.text.isEmpty {
                    replyAudio = try await worker.speechLoop(for: source).speak(turn.reply.text, profile: session.profile)
                }
                var failures = step.expectation.failures(for: turn)
                var skipped: [SkippedExpectation] = []
                if !step.siri.isEmpty {
                    let graded = grader.grade(step.siri, turns: [turn], first: index, previous: result.turns.last?.turn)
                    failures += graded.failures
                    skipped = graded.skipped
                }
                result.turns.append(TurnResult(step: step, turn: turn, failures: failures, note: note,
                                               heardAudio: heardAudio, replyAudio: replyAudio, skipped: skipped))
                if !failures.isEmpty, !testCase.conversation.gradesEveryTurn {
                    result.notRun = steps.count - index - 1
                    break turns
                }
            } catch {
                result.error = "turn \(index + 1) (\(step.location)): \(error)"
                result.notRun = steps.count - index - 1
                break turns
            }
        }
        // A scenario's own expectations see every turn that ran (a run that stopped early is graded on those).
        if !testCase.conversation.siri.isEmpty {
            let graded = grader.grade(testCase.conversation.siri, turns: result.turns.map(\.turn), first: 0, previous: nil, scenario: true)
            result.scenarioFailures = graded.failures
            result.scenarioSkipped = graded.skipped
        }
        result.seconds = (ContinuousClock.now - started).seconds
        return result
    }

    /// A repeatable seed for the noise of one utterance: the test file's name (not its path, so `./t` and
    /// `t` get the same noise), the conversation, the profile and the turn.
    static func seed(_ testCase: TestCase, turn: Int) -> UInt64 {
        seed("\((testCase.file as NSString).lastPathComponent)|\(testCase.conversation.name)|\(testCase.profile)|\(turn)")
    }

    /// FNV-1a of `text`.
    static func seed(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}

/// A value the workers of a run share, behind a lock.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result { mutex.withLock { body(&$0) } }
}

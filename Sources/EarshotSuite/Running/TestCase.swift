import EarshotAudio
import EarshotDialogue
import EarshotModel

/// One conversation of a test file on one device: the unit a run passes or fails, a JUnit test case.
public struct TestCase: Sendable {
    /// Which file of the suite.
    public var fileIndex: Int
    /// The test file's path.
    public var file: String
    public var conversation: ConversationTest
    /// The profile as the test file names it (an id or a profile file).
    public var profile: String

    /// "file › conversation › profile", how reports name the case.
    public var name: String { "\(file) › \(conversation.name) › \(profile)" }
}

/// What became of one test case.
public struct CaseResult: Sendable {
    public var testCase: TestCase
    /// The turns that ran, up to and including the first one that failed.
    public var turns: [TurnResult]
    /// Turns not run because an earlier one failed.
    public var notRun: Int
    /// Why the conversation could not go on (speech synthesis or recognition failed), if it could not.
    public var error: String?
    /// The device's name (the profile's), for transcripts.
    public var deviceName: String
    /// Wall-clock seconds the case took.
    public var seconds: Double
    /// Seconds of audio recognised (audio turns only).
    public var audioSeconds: Double
    /// A SiriEvaluations scenario's own expectations that did not hold (checked over all its turns).
    public var scenarioFailures: [ExpectationFailure] = []
    /// A scenario's own expectations Earshot does not check (`Loads`), each with why.
    public var scenarioSkipped: [SkippedExpectation] = []

    /// Whether every expectation held.
    public var passed: Bool { error == nil && turns.allSatisfy(\.failures.isEmpty) && scenarioFailures.isEmpty }

    /// The expectations that did not hold.
    public var failures: [ExpectationFailure] { turns.flatMap(\.failures) + scenarioFailures }

    /// Every expectation not checked, the turns' then the scenario's.
    public var skipped: [SkippedExpectation] { turns.flatMap(\.skipped) + scenarioSkipped }
}

/// An expectation Earshot reads but does not check, reported as skipped, never as passed: `Loads` (App
/// Skills are not emulated), an entity property Earshot's values do not have.
public struct SkippedExpectation: Sendable, Equatable {
    public var key: TurnExpectation.Key
    /// Why it is not checked.
    public var note: String
    public var location: SourceLocation?
}

/// One turn as it ran.
public struct TurnResult: Sendable {
    /// The turn as the test file wrote it.
    public var step: TestTurn
    /// What the device did.
    public var turn: Turn
    public var failures: [ExpectationFailure]
    /// Something a reader of the transcript should know about how the turn ran.
    public var note: String?
    /// What the device heard, when it was audio and the run keeps audio.
    public var heardAudio: AudioBuffer?
    /// The reply in the profile's voice, when the run keeps audio.
    public var replyAudio: AudioBuffer?
    /// Expectations of the turn not checked, with why.
    public var skipped: [SkippedExpectation] = []
}

/// The outcome of running cases.
public struct SuiteResult: Sendable {
    /// In the order the cases were selected, whatever the number of jobs.
    public var cases: [CaseResult]
    public var seconds: Double
    public var options: TestRunner.Options

    public var passed: Bool { cases.allSatisfy(\.passed) }
    public var failedCases: [CaseResult] { cases.filter { !$0.passed } }
    public var turnCount: Int { cases.reduce(0) { $0 + $1.turns.count } }
    public var audioSeconds: Double { cases.reduce(0) { $0 + $1.audioSeconds } }
}

import EarshotDialogue
import EarshotImport
import EarshotModel
import Foundation

/// A conversation test file (`*.convo.yaml`): the apps under test, the devices, and the conversations
/// with what each turn must produce.
public struct ConversationTestFile: Sendable {
    /// The file's path as given.
    public var path: String
    /// Manifest paths (or folders holding `app.yaml`), resolved against the test file's folder.
    public var apps: [Located<String>]
    /// The profiles every conversation runs on unless it names its own.
    public var profiles: [Located<String>]
    /// Device settings for every conversation (each may override them).
    public var settings: TestSettings
    public var conversations: [ConversationTest]
}

/// One scripted conversation.
public struct ConversationTest: Sendable {
    /// Unique within its file.
    public var name: String
    public var location: SourceLocation
    /// Its own profiles, replacing the file's.
    public var profiles: [Located<String>]?
    /// Device settings (over the file's).
    public var settings: TestSettings
    /// Labels that `--tag` selects by.
    public var tags: [String]
    public var turns: [TestTurn]
    /// A SiriEvaluations scenario's own expectations, checked against all its turns together.
    public var siri: [SiriExpectation] = []
    /// Whether every turn runs and is graded whatever an earlier one did (SiriEvaluations scenarios), rather
    /// than stopping at the first failing turn (`*.convo.yaml` conversations).
    public var gradesEveryTurn = false
}

/// One turn of a scripted conversation: what the person says and what must come of it.
public struct TestTurn: Sendable {
    /// What the person says.
    public enum Input: Sendable {
        /// Typed text; spoken by the synthesizer and recognised in `--audio` runs.
        case say(String)
        /// An audio file (its path resolved against the test file's folder), always recognised.
        case audio(path: String)
    }

    public var input: Input
    public var expectation: TurnExpectation
    public var location: SourceLocation
    /// A SiriEvaluations `UserTurn`'s expectations, checked against this turn only.
    public var siri: [SiriExpectation] = []
}

/// Device settings a test file may set (our extension of the spec): the same switches as the CLI's
/// `--no-personal-requests`, `--not-worn` and `--locked`, and the device's clock (`clock`, a local date and
/// time, read in `timeZone` or UTC) for answers such as "tomorrow at three p m". `nil` leaves the value as it is.
public struct TestSettings: Sendable, Equatable {
    public var personalRequests: Bool?
    public var worn: Bool?
    public var unlocked: Bool?
    public var clock: Date?
    public var timeZone: TimeZone?

    public init(personalRequests: Bool? = nil, worn: Bool? = nil, unlocked: Bool? = nil, clock: Date? = nil, timeZone: TimeZone? = nil) {
        self.personalRequests = personalRequests
        self.worn = worn
        self.unlocked = unlocked
        self.clock = clock
        self.timeZone = timeZone
    }

    /// These settings over `base`. A clock without a time zone keeps the zone it was read in (UTC).
    public func applied(to base: DeviceSettings) -> DeviceSettings {
        var settings = base
        if let personalRequests { settings.personalRequests = personalRequests }
        if let worn { settings.worn = worn }
        if let unlocked { settings.unlocked = unlocked }
        if let clock {
            settings.now = clock
            settings.timeZone = timeZone ?? TimeZone(identifier: "UTC")
        } else if let timeZone {
            settings.timeZone = timeZone
        }
        return settings
    }

    /// `other` over these.
    public func overridden(by other: TestSettings) -> TestSettings {
        TestSettings(personalRequests: other.personalRequests ?? personalRequests, worn: other.worn ?? worn,
                     unlocked: other.unlocked ?? unlocked, clock: other.clock ?? clock, timeZone: other.timeZone ?? timeZone)
    }
}

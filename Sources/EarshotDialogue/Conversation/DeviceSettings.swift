#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Settings of the simulated device: what authentication depends on (profiles spec, "authentication"), and its
/// clock, which answers such as "tomorrow at three p m" are read against.
public struct DeviceSettings: Sendable, Equatable {
    /// HomePod: Personal Requests are on for the recognised voice.
    public var personalRequests: Bool
    /// Watch: worn on the wrist (and so unlocked).
    public var worn: Bool
    /// iPhone (and devices that use its passcode): unlocked.
    public var unlocked: Bool
    /// The clock, stopped at this time (conversation tests set it); `nil`: the machine's clock.
    public var now: Date?
    /// The device's time zone; `nil`: the machine's.
    public var timeZone: TimeZone?

    public init(personalRequests: Bool = true, worn: Bool = true, unlocked: Bool = true, now: Date? = nil, timeZone: TimeZone? = nil) {
        self.personalRequests = personalRequests
        self.worn = worn
        self.unlocked = unlocked
        self.now = now
        self.timeZone = timeZone
    }
}

/// Settings of the simulated device that authentication depends on (profiles spec, "authentication").
public struct DeviceSettings: Sendable, Equatable {
    /// HomePod: Personal Requests are on for the recognised voice.
    public var personalRequests: Bool
    /// Watch: worn on the wrist (and so unlocked).
    public var worn: Bool
    /// iPhone (and devices that use its passcode): unlocked.
    public var unlocked: Bool

    public init(personalRequests: Bool = true, worn: Bool = true, unlocked: Bool = true) {
        self.personalRequests = personalRequests
        self.worn = worn
        self.unlocked = unlocked
    }
}

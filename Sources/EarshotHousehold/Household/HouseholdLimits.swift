/// What the household takes in one turn, whatever the transport it came by (the HTTP API, a device
/// stream, Wyoming): the transports refuse more before the household sees it.
public struct HouseholdLimits: Sendable, Equatable {
    /// The longest typed turn (or text to recognise, handle or speak), in characters.
    public var turnText: Int
    /// The longest spoken turn, in seconds.
    public var audioSeconds: Double

    public init(turnText: Int = 1_000, audioSeconds: Double = 60) {
        (self.turnText, self.audioSeconds) = (turnText, audioSeconds)
    }

    /// The limits `earshot serve` uses unless told otherwise.
    public static let standard = HouseholdLimits()
}

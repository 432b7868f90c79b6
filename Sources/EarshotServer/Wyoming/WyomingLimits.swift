/// Limits on what one Wyoming client may send and how many may be connected.
public struct WyomingLimits: Sendable, Equatable {
    /// Sizes of one event's header, data and payload.
    public var frame: WyomingFrameLimits
    /// The longest utterance to transcribe, in seconds.
    public var maxAudioSeconds: Double
    /// Connections served at once; one more gets an `error` event ("too-many-connections") and is closed.
    public var maxConnections: Int
    /// A connection that sends nothing for this long gets an `error` event ("idle-timeout") and is
    /// closed; nil waits for ever.
    public var idleTimeout: Duration?

    public init(frame: WyomingFrameLimits = WyomingFrameLimits(), maxAudioSeconds: Double = 60, maxConnections: Int = 16,
                idleTimeout: Duration? = .seconds(300)) {
        self.frame = frame
        self.maxAudioSeconds = maxAudioSeconds
        self.maxConnections = maxConnections
        self.idleTimeout = idleTimeout
    }
}

/// How large the parts of one incoming event may be; a sender that claims more is refused before
/// any of it is read.
public struct WyomingFrameLimits: Sendable, Equatable {
    /// The longest header line, in bytes, without its newline.
    public var maxHeaderBytes: Int
    /// The largest `data_length`.
    public var maxDataBytes: Int
    /// The largest `payload_length` (one audio chunk; 2 MiB holds a minute of 16 kHz 16-bit mono).
    public var maxPayloadBytes: Int

    public init(maxHeaderBytes: Int = 64 << 10, maxDataBytes: Int = 1 << 20, maxPayloadBytes: Int = 2 << 20) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxDataBytes = maxDataBytes
        self.maxPayloadBytes = maxPayloadBytes
    }
}

/// How much audio `AudioFile.read` accepts, so a wrong file (an hour-long recording, a huge
/// download) is refused quickly with a clear error instead of filling memory.
public struct AudioLimits: Sendable, Equatable {
    /// Longest audio accepted, in seconds; judged from the file's header before samples are read.
    public var maxSeconds: Double
    /// Biggest file accepted, in bytes; judged from its size on disk before it is opened.
    public var maxBytes: Int

    /// Five minutes and 200 MB (200 × 10⁶ bytes) by default.
    public init(maxSeconds: Double = 300, maxBytes: Int = 200_000_000) {
        self.maxSeconds = maxSeconds
        self.maxBytes = maxBytes
    }
}

/// The services a backend offers; `describe` lists one program for each.
public struct WyomingServices: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Speech to text: `transcribe` and audio → `transcript`.
    public static let asr = WyomingServices(rawValue: 1 << 0)
    /// Text to speech: `synthesize` → audio.
    public static let tts = WyomingServices(rawValue: 1 << 1)
    /// Intent recognition: `recognize` → `intent` / `not-recognized`.
    public static let intent = WyomingServices(rawValue: 1 << 2)
    /// Intent handling: `transcript` or `intent` → `handled` / `not-handled`.
    public static let handle = WyomingServices(rawValue: 1 << 3)
    public static let all: WyomingServices = [.asr, .tts, .intent, .handle]
}

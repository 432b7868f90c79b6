/// The type of a Wyoming event: the ones this server reads or writes by name, and any other as it
/// came (a newer client's; the server drops those, as the protocol asks).
///
/// Written as the protocol's text (`audio-chunk`), and as a string literal where that reads better:
/// `WyomingEvent(type: "describe")`.
public enum WyomingEventType: Sendable, Hashable, RawRepresentable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// `describe` → `info`: what the server offers.
    case describe, info
    /// `ping` → `pong`.
    case ping, pong
    /// Something went wrong: `text` and `code`.
    case error
    /// Speech to text: `transcribe` and the audio → `transcript`.
    case transcribe, transcript
    /// Audio, in (to transcribe) or out (synthesised).
    case audioStart, audioChunk, audioStop
    /// Text to speech: `synthesize` → audio.
    case synthesize
    /// Intent recognition: `recognize` → `intent` or `not-recognized`.
    case recognize, intent, notRecognized
    /// Intent handling: `transcript` or `intent` → `handled` or `not-handled`.
    case handled, notHandled
    /// Any other type, as it came.
    case other(String)

    /// The types with a case of their own, by their text.
    private static let named: [String: WyomingEventType] = Dictionary(uniqueKeysWithValues: [
        WyomingEventType.describe, .info, .ping, .pong, .error, .transcribe, .transcript, .audioStart, .audioChunk, .audioStop,
        .synthesize, .recognize, .intent, .notRecognized, .handled, .notHandled,
    ].map { ($0.rawValue, $0) })

    public init(rawValue: String) {
        self = Self.named[rawValue] ?? .other(rawValue)
    }

    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// The type as the protocol writes it.
    public var rawValue: String {
        switch self {
        case .describe: "describe"
        case .info: "info"
        case .ping: "ping"
        case .pong: "pong"
        case .error: "error"
        case .transcribe: "transcribe"
        case .transcript: "transcript"
        case .audioStart: "audio-start"
        case .audioChunk: "audio-chunk"
        case .audioStop: "audio-stop"
        case .synthesize: "synthesize"
        case .recognize: "recognize"
        case .intent: "intent"
        case .notRecognized: "not-recognized"
        case .handled: "handled"
        case .notHandled: "not-handled"
        case .other(let type): type
        }
    }

    public var description: String { rawValue }
}

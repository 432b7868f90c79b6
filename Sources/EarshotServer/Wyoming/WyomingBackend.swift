/// What a ``WyomingServer`` serves: speech to text, intent recognition, intent handling and text to
/// speech. The server speaks the protocol (framing, audio conversion, limits, errors) and calls these;
/// each connection's requests are made one at a time, but connections run concurrently.
///
/// A thrown error becomes an `error` event (`code` "backend-failed", `text` the error's description)
/// and the connection stays open.
public protocol WyomingBackend: Sendable {
    /// What `describe` answers: the program, the services it offers, its languages and voices.
    /// Requests for a service left out of ``WyomingInfo/services`` get an `error` event ("not-supported").
    var info: WyomingInfo { get }

    /// `transcribe` + `audio-start` / `audio-chunk`… / `audio-stop` (in either order) → `transcript`.
    ///
    /// - Parameters:
    ///   - samples: the whole utterance as 16 kHz mono 16-bit samples (the server has already mixed
    ///     down channels, converted sample widths and resampled).
    ///   - sampleRate: always 16 000 (``WyomingServer/recognitionRate``).
    ///   - language: the `transcribe` event's `language`, if any.
    /// - Returns: the transcript text.
    func transcribe(samples: [Int16], sampleRate: Int, language: String?) async throws -> String

    /// `recognize` {text} → `intent` {name, entities, text} or `not-recognized` {text}.
    func recognize(text: String) async throws -> WyomingRecognition

    /// `transcript` {text} sent to a handling service → `handled` {text} or `not-handled` {text}.
    /// (Home Assistant's conversation agent sends the user's words this way.)
    func handle(text: String) async throws -> WyomingHandling

    /// `intent` {name, entities} sent to a handling service → `handled` or `not-handled`.
    /// By default: `not-handled`, as only text is handled.
    func handle(intent: WyomingIntent) async throws -> WyomingHandling

    /// `synthesize` {text, voice?} → `audio-start`, `audio-chunk`…, `audio-stop`.
    ///
    /// - Parameters:
    ///   - voice: the `name` of the event's `voice`, if any (one of ``WyomingInfo/voices``).
    /// - Returns: mono 16-bit samples and their rate, sent as they are.
    func synthesize(text: String, voice: String?) async throws -> (samples: [Int16], sampleRate: Int)
}

extension WyomingBackend {
    public func handle(intent: WyomingIntent) async throws -> WyomingHandling { .notHandled(reply: nil) }
}

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

/// A text-to-speech voice, as `describe` lists it and `synthesize` names it.
public struct WyomingVoice: Sendable, Hashable {
    public var name: String
    public var languages: [String]
    public var description: String?

    public init(name: String, languages: [String], description: String? = nil) {
        self.name = name
        self.languages = languages
        self.description = description
    }
}

/// What `describe` answers. Every service offered is listed as one program named ``name`` with one
/// model (for text to speech: one per voice), all sharing the attribution, version and languages.
public struct WyomingInfo: Sendable, Hashable {
    /// The program's name, e.g. "earshot".
    public var name: String
    public var description: String?
    public var version: String?
    /// Who made it, and where it is from (both required by the protocol).
    public var attributionName: String
    public var attributionURL: String
    /// BCP 47 codes such as "en" or "en-GB".
    public var languages: [String]
    public var services: WyomingServices
    /// The voices for text to speech; when empty, one voice named ``name`` in ``languages``.
    public var voices: [WyomingVoice]

    public init(name: String, description: String? = nil, version: String? = nil,
                attributionName: String = "Earshot", attributionURL: String = "",
                languages: [String] = ["en"], services: WyomingServices = .all, voices: [WyomingVoice] = []) {
        self.name = name
        self.description = description
        self.version = version
        self.attributionName = attributionName
        self.attributionURL = attributionURL
        self.languages = languages
        self.services = services
        self.voices = voices
    }

    /// The data of the `info` event, in the shape `wyoming.info.Info.from_event` parses (every field the
    /// Python dataclasses require is present).
    public var eventData: [String: WyomingValue] {
        func artifact(_ name: String, description: String?, _ extra: [String: WyomingValue]) -> WyomingValue {
            var fields: [String: WyomingValue] = [
                "name": .string(name),
                "attribution": ["name": .string(attributionName), "url": .string(attributionURL)],
                "installed": true,
                "description": description.map(WyomingValue.string) ?? .null,
                "version": version.map(WyomingValue.string) ?? .null,
            ]
            fields.merge(extra) { _, new in new }
            return .object(fields)
        }
        let languages = WyomingValue.array(self.languages.map(WyomingValue.string))
        let models = WyomingValue.array([artifact(name, description: description, ["languages": languages])])
        let voices = (self.voices.isEmpty ? [WyomingVoice(name: name, languages: self.languages, description: description)] : self.voices)
            .map { voice in
                artifact(voice.name, description: voice.description,
                         ["languages": .array(voice.languages.map(WyomingValue.string)), "speakers": .null])
            }

        var data: [String: WyomingValue] = ["asr": [], "tts": [], "handle": [], "intent": [], "wake": [], "mic": [], "snd": []]
        if services.contains(.asr) {
            data["asr"] = [artifact(name, description: description, [
                "models": models,
                "supports_transcript_streaming": false,
                "requires_external_vad": true,
                "prefers_auto_gain_enabled": true,
                "prefers_noise_reduction_enabled": true,
            ])]
        }
        if services.contains(.tts) {
            data["tts"] = [artifact(name, description: description, [
                "voices": .array(voices),
                "supports_synthesize_streaming": false,
            ])]
        }
        if services.contains(.intent) {
            data["intent"] = [artifact(name, description: description, ["models": models])]
        }
        if services.contains(.handle) {
            data["handle"] = [artifact(name, description: description, [
                "models": models,
                "supports_handled_streaming": false,
                "supports_home_control": false,
            ])]
        }
        return data
    }
}

/// A named value found in the words, e.g. `dish` = "soup".
public struct WyomingEntity: Sendable, Hashable {
    public var name: String
    /// Any JSON value; usually a string or a number.
    public var value: WyomingValue?

    public init(name: String, value: WyomingValue? = nil) {
        self.name = name
        self.value = value
    }
}

/// A recognised intent: what `intent` carries.
public struct WyomingIntent: Sendable, Hashable {
    public var name: String
    public var entities: [WyomingEntity]
    /// What to say back, if anything.
    public var text: String?

    public init(name: String, entities: [WyomingEntity] = [], text: String? = nil) {
        self.name = name
        self.entities = entities
        self.text = text
    }

    /// The data of the `intent` event (`entities` left out when empty, as the Python library does).
    public var eventData: [String: WyomingValue] {
        var data: [String: WyomingValue] = ["name": .string(name)]
        if !entities.isEmpty {
            data["entities"] = .array(entities.map { ["name": .string($0.name), "value": $0.value ?? .null] })
        }
        if let text { data["text"] = .string(text) }
        return data
    }

    /// The intent in an `intent` event's data; nil without a `name`.
    public init?(eventData data: [String: WyomingValue]) {
        guard let name = data["name"]?.stringValue else { return nil }
        let entities = (data["entities"]?.arrayValue ?? []).compactMap { entity -> WyomingEntity? in
            guard let name = entity["name"]?.stringValue else { return nil }
            let value = entity["value"]
            return WyomingEntity(name: name, value: value == .null ? nil : value)
        }
        self.init(name: name, entities: entities, text: data["text"]?.stringValue)
    }
}

/// The answer to `recognize`.
public enum WyomingRecognition: Sendable, Hashable {
    /// → `intent`.
    case recognized(WyomingIntent)
    /// → `not-recognized`, with what to say back, if anything.
    case notRecognized(reply: String?)
}

/// The answer to a handling request.
public enum WyomingHandling: Sendable, Hashable {
    /// → `handled`, with what to say back, if anything.
    case handled(reply: String?)
    /// → `not-handled`, with what to say back, if anything.
    case notHandled(reply: String?)
}

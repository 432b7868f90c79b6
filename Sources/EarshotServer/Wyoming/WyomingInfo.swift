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

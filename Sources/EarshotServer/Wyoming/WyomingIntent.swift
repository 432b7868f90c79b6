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

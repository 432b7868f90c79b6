// The Wyoming protocol's framing (Home Assistant's voice stack; github.com/OHF-Voice/wyoming), as the
// `wyoming` 1.10.2 Python library reads and writes it:
//
//   {"type": "audio-chunk", "version": "1.10.2", "data_length": 54, "payload_length": 2048}\n
//   <data_length bytes: a UTF-8 JSON object, the event's data>
//   <payload_length bytes: the binary payload, usually PCM audio>
//
// A writer leaves `data_length` out when the data is empty and `payload_length` when there is no
// payload. A reader also accepts older senders that put `data` in the header line itself: the data
// block, when there is one, is merged on top of it.

/// One Wyoming event: a type (`describe`, `audio-chunk`, `transcript`, …), its data (a JSON object)
/// and a binary payload (PCM audio for `audio-chunk`, empty otherwise).
public struct WyomingEvent: Sendable, Equatable {
    /// The version written into every header: the `wyoming` library release whose framing this follows.
    public static let protocolVersion = "1.10.2"

    public var type: WyomingEventType
    public var data: [String: WyomingValue]
    /// Empty when the event has no payload (the header then has no `payload_length`).
    public var payload: [UInt8]

    public init(type: WyomingEventType, data: [String: WyomingValue] = [:], payload: [UInt8] = []) {
        self.type = type
        self.data = data
        self.payload = payload
    }

    /// The member `key` of the data as a string.
    public func string(_ key: String) -> String? { data[key]?.stringValue }

    /// The member `key` of the data as a whole number.
    public func int(_ key: String) -> Int? { data[key]?.intValue }

    /// The event on the wire: the header line, the data block (when the data is not empty) and the
    /// payload (when there is one) — byte for byte what `wyoming.event.async_write_event` writes, but
    /// for the order of keys and the spacing inside the JSON.
    public func encoded(version: String = WyomingEvent.protocolVersion) -> [UInt8] {
        var header: [String: WyomingValue] = ["type": .string(type.rawValue), "version": .string(version)]
        let dataBytes = data.isEmpty ? [] : Array(WyomingValue.object(data).jsonText.utf8)
        if !dataBytes.isEmpty { header["data_length"] = .int(dataBytes.count) }
        if !payload.isEmpty { header["payload_length"] = .int(payload.count) }
        var bytes = Array(WyomingValue.object(header).jsonText.utf8)
        bytes.reserveCapacity(bytes.count + 1 + dataBytes.count + payload.count)
        bytes.append(0x0A)
        bytes.append(contentsOf: dataBytes)
        bytes.append(contentsOf: payload)
        return bytes
    }
}

import Foundation

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

/// A JSON value inside a Wyoming event's data: whole numbers and fractions stay apart (Python reads
/// `16000` as an `int`, `16000.0` as a `float`).
public enum WyomingValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([WyomingValue])
    case object([String: WyomingValue])

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The whole number, if this is one (a fraction with nothing after the point counts).
    public var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value):
            guard value.isFinite, value.rounded() == value, abs(value) < 9.0e15 else { return nil }
            return Int(value)
        default: return nil
        }
    }

    /// The number, if this is one.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// The Boolean, if this is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, if this is an array.
    public var arrayValue: [WyomingValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, if this is an object.
    public var objectValue: [String: WyomingValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member `key` of an object; nil for a missing key or another kind of value.
    public subscript(key: String) -> WyomingValue? { objectValue?[key] }

    /// Compact JSON text with the keys of objects sorted (so the same value always gives the same
    /// bytes). A fraction that is not finite becomes `null`, which JSON has no other way to say.
    public var jsonText: String {
        var text = ""
        Self.write(self, to: &text)
        return text
    }

    private static func write(_ value: WyomingValue, to text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .int(let value): text += String(value)
        case .double(let value): text += value.isFinite ? "\(value)" : "null"
        case .string(let value): writeString(value, to: &text)
        case .array(let values):
            text += "["
            for (index, element) in values.enumerated() {
                if index > 0 { text += ", " }
                write(element, to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { text += ", " }
                writeString(key, to: &text)
                text += ": "
                write(members[key]!, to: &text)
            }
            text += "}"
        }
    }

    private static func writeString(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case _ where scalar.value < 0x20 || scalar == "\u{2028}" || scalar == "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}

extension WyomingValue: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([WyomingValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: WyomingValue].self))
        }
    }

    /// `bytes` parsed as JSON that must be an object; nil when it is not JSON or not an object.
    static func parseObject(_ bytes: some Collection<UInt8>) -> [String: WyomingValue]? {
        try? JSONDecoder().decode([String: WyomingValue].self, from: Data(bytes))
    }
}

extension WyomingValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: WyomingValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, WyomingValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }
}

/// One Wyoming event: a type (`describe`, `audio-chunk`, `transcript`, …), its data (a JSON object)
/// and a binary payload (PCM audio for `audio-chunk`, empty otherwise).
public struct WyomingEvent: Sendable, Equatable {
    /// The version written into every header: the `wyoming` library release whose framing this follows.
    public static let protocolVersion = "1.10.2"

    public var type: String
    public var data: [String: WyomingValue]
    /// Empty when the event has no payload (the header then has no `payload_length`).
    public var payload: [UInt8]

    public init(type: String, data: [String: WyomingValue] = [:], payload: [UInt8] = []) {
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
        var header: [String: WyomingValue] = ["type": .string(type), "version": .string(version)]
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

/// Why a byte stream is not Wyoming events. The stream cannot be followed past one of these: the
/// connection should get an `error` event with ``code`` and be closed.
public enum WyomingFrameError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No newline within the first `limit` bytes of a header.
    case headerTooLong(limit: Int)
    /// The header line is not a JSON object with a `type`, or its lengths are not whole numbers.
    case malformedHeader(String)
    /// The header announces more data than allowed.
    case dataTooLong(length: Int, limit: Int)
    /// The header announces a larger payload than allowed.
    case payloadTooLong(length: Int, limit: Int)
    /// The data block is not a JSON object.
    case malformedData(String)

    /// The `code` of the `error` event that reports it.
    public var code: String {
        switch self {
        case .headerTooLong: "header-too-long"
        case .malformedHeader: "malformed-header"
        case .dataTooLong: "data-too-long"
        case .payloadTooLong: "payload-too-long"
        case .malformedData: "malformed-data"
        }
    }

    public var description: String {
        switch self {
        case .headerTooLong(let limit):
            "The event header has no newline within \(limit) bytes; a header is one line of JSON."
        case .malformedHeader(let problem): "The event header is not valid: \(problem)."
        case .dataTooLong(let length, let limit):
            "The event announces \(length) bytes of data; at most \(limit) are accepted."
        case .payloadTooLong(let length, let limit):
            "The event announces a payload of \(length) bytes; at most \(limit) are accepted (send audio in smaller chunks)."
        case .malformedData(let problem): "The event data is not valid: \(problem)."
        }
    }
}

/// Turns a byte stream, fed in pieces as they arrive, into Wyoming events.
///
/// ```swift
/// var decoder = WyomingDecoder()
/// decoder.append(bytes)
/// while let event = try decoder.next() { … }
/// ```
///
/// Lengths are checked against the limits as soon as a header is complete, so an oversized event is
/// refused before its body is buffered. After an error the decoder keeps throwing it.
public struct WyomingDecoder: Sendable {
    public let limits: WyomingFrameLimits

    /// The bytes received and not yet consumed start at `start`.
    private var buffer: [UInt8] = []
    private var start = 0
    /// How far past `start` the current header has been searched for a newline.
    private var scanned = 0
    /// A complete header whose data and payload are still arriving.
    private var pending: (type: String, data: [String: WyomingValue], dataLength: Int, payloadLength: Int)?
    private var failure: WyomingFrameError?

    public init(limits: WyomingFrameLimits = WyomingFrameLimits()) {
        self.limits = limits
    }

    /// Bytes received but not yet returned as events.
    public var bufferedByteCount: Int { buffer.count - start }

    /// Adds bytes from the stream.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete event, or nil until more bytes arrive.
    public mutating func next() throws(WyomingFrameError) -> WyomingEvent? {
        if let failure { throw failure }
        do {
            return try decodeNext()
        } catch {
            failure = error
            throw error
        }
    }

    private mutating func decodeNext() throws(WyomingFrameError) -> WyomingEvent? {
        if pending == nil {
            guard let newline = buffer[(start + scanned)...].firstIndex(of: 0x0A) else {
                scanned = buffer.count - start
                if scanned > limits.maxHeaderBytes { throw .headerTooLong(limit: limits.maxHeaderBytes) }
                return nil
            }
            if newline - start > limits.maxHeaderBytes { throw .headerTooLong(limit: limits.maxHeaderBytes) }
            let line = buffer[start..<newline]
            start = newline + 1
            scanned = 0
            pending = try parseHeader(line)
        }
        guard let header = pending, bufferedByteCount >= header.dataLength + header.payloadLength else { return nil }
        var data = header.data
        if header.dataLength > 0 {
            guard let block = WyomingValue.parseObject(buffer[start..<(start + header.dataLength)]) else {
                throw .malformedData("the \(header.dataLength) bytes after the header of `\(header.type)` are not a JSON object")
            }
            data.merge(block) { _, fromBlock in fromBlock }
        }
        let payloadStart = start + header.dataLength
        let payload = Array(buffer[payloadStart..<(payloadStart + header.payloadLength)])
        start = payloadStart + header.payloadLength
        pending = nil
        compact()
        return WyomingEvent(type: header.type, data: data, payload: payload)
    }

    private func parseHeader(_ line: ArraySlice<UInt8>) throws(WyomingFrameError)
        -> (type: String, data: [String: WyomingValue], dataLength: Int, payloadLength: Int) {
        guard let header = WyomingValue.parseObject(line) else {
            let preview = String(decoding: line.prefix(40), as: UTF8.self)
            throw .malformedHeader("the line \(WyomingValue.string(preview).jsonText) is not a JSON object")
        }
        guard let type = header["type"]?.stringValue, !type.isEmpty else {
            throw .malformedHeader("it has no `type` string")
        }
        var data: [String: WyomingValue] = [:]
        switch header["data"] {
        case nil, .null?: break
        case .object(let inline)?: data = inline
        default: throw .malformedHeader("its `data` is not a JSON object")
        }
        let dataLength = try length(header["data_length"], key: "data_length")
        if dataLength > limits.maxDataBytes { throw .dataTooLong(length: dataLength, limit: limits.maxDataBytes) }
        let payloadLength = try length(header["payload_length"], key: "payload_length")
        if payloadLength > limits.maxPayloadBytes {
            throw .payloadTooLong(length: payloadLength, limit: limits.maxPayloadBytes)
        }
        return (type, data, dataLength, payloadLength)
    }

    /// A length from the header: absent or null is 0; anything else must be a whole number ≥ 0
    /// (one too large for `Int` is reported as `Int.max`, which no limit allows).
    private func length(_ value: WyomingValue?, key: String) throws(WyomingFrameError) -> Int {
        switch value {
        case nil, .null?: return 0
        case .int(let length)? where length >= 0: return length
        case .double(let length)? where length >= 0 && length.rounded() == length:
            return length < 9.0e18 ? Int(length) : Int.max
        default: throw .malformedHeader("its `\(key)` is not a whole number of bytes ≥ 0")
        }
    }

    /// Drops consumed bytes once they are most of the buffer.
    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
        } else if start >= 1 << 16, start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }
}

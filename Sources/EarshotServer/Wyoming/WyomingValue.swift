import EarshotModel
import Foundation

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
        text += QuotedText.quoted(string) { scalar in
            switch scalar {
            case "\u{08}": return "\\b"
            case "\u{0C}": return "\\f"
            case _ where scalar.value < 0x20 || scalar == "\u{2028}" || scalar == "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: return nil
            }
        }
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

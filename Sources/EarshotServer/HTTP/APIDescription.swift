import Foundation
import Yams

/// The API's own description, docs/openapi.yaml, built into the binary: `GET /openapi.yaml` serves it
/// as written, `GET /openapi.json` the same document as JSON, so a client can generate code from a
/// running server.
enum APIDescription {
    /// docs/openapi.yaml as it was when the server was built.
    static let yaml = String(decoding: PackageResources.openapi_yaml, as: UTF8.self)

    /// The same document as JSON (keys sorted); `nil` if the built-in YAML could not be read.
    static let json: Data? = {
        guard let document = try? Yams.load(yaml: yaml) else { return nil }
        return try? JSONSerialization.data(withJSONObject: plain(document), options: [.sortedKeys, .withoutEscapingSlashes])
    }()

    /// A YAML value as JSONSerialization takes it: string keys, dates as ISO 8601 text, nothing else changed.
    static func plain(_ value: Any) -> Any {
        switch value {
        case let mapping as [AnyHashable: Any]:
            var out: [String: Any] = [:]
            for (key, value) in mapping { out[String(describing: key.base)] = plain(value) }
            return out
        case let sequence as [Any]:
            return sequence.map(plain)
        case let date as Date:
            return ISO8601DateFormatter().string(from: date)
        case let data as Data:
            return data.base64EncodedString()
        case is NSNull, is String, is Bool, is Int, is Double:
            return value
        default:
            return String(describing: value)
        }
    }
}

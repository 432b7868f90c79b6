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

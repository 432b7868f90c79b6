/// An error a ``WyomingBackend`` throws to say what the `error` event it becomes says: its `text` and
/// `code`. Any other error a backend throws is sent as "backend-failed" with its description.
public struct WyomingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `error` event's `text`: one line for a person.
    public var text: String
    /// The `error` event's `code`, e.g. "backend-failed".
    public var code: String

    public init(_ text: String, code: String = WyomingError.backendFailed) {
        self.text = text
        self.code = code
    }

    /// The code of a request the backend could not answer.
    public static let backendFailed = "backend-failed"

    public var description: String { text }
}

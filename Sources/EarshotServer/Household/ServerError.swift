import EarshotModel
import Foundation
import Hummingbird

/// A request the server refuses, or a problem with its state: an HTTP status, one line saying what is
/// wrong, and the fix. The API sends it as `{"error": {"status": ..., "message": ..., "fix": ...}}`.
public struct ServerError: UserFacingError, HTTPResponseError {
    public var status: HTTPResponse.Status
    public var message: String
    public var fix: String?

    public init(_ status: HTTPResponse.Status, _ message: String, fix: String? = nil) {
        self.status = status
        // One short line, whatever it quotes (a list of ten thousand ids is cut).
        self.message = LoadError.quote(Self.oneLine(message), limit: LoadError.longest)
        self.fix = fix.map { LoadError.quote(Self.oneLine($0), limit: LoadError.longest) }
    }

    /// `text` on one line: line breaks and tabs (a client's own text, quoted) become spaces.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }

    /// A request concerns no file a user wrote.
    public var sourceLocation: SourceLocation? { nil }

    public var description: String { message + (fix.map { " Fix: \($0)" } ?? "") }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let data = try JSONEncoder().encode(ErrorBody(error: .init(status: status.code, message: message, fix: fix)))
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// `{"error": {...}}`.
struct ErrorBody: Codable {
    struct Detail: Codable {
        var status: Int
        var message: String
        var fix: String?
    }

    var error: Detail
}

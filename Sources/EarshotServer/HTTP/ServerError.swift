import EarshotHousehold
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
        self.message = LoadError.quote(HouseholdError.oneLine(message), limit: LoadError.longest)
        self.fix = fix.map { LoadError.quote(HouseholdError.oneLine($0), limit: LoadError.longest) }
    }

    /// The household's error as the API answers it: its kind as a status, its message and fix as they are.
    public init(_ error: HouseholdError) {
        self.init(Self.status(of: error.kind), error.message, fix: error.fix)
    }

    /// The HTTP status of each kind of household error.
    public static func status(of kind: HouseholdError.Kind) -> HTTPResponse.Status {
        switch kind {
        case .invalid: .badRequest
        case .notFound: .notFound
        case .conflict: .conflict
        case .unusable: .unprocessableContent
        case .tooLarge: .contentTooLarge
        case .unavailable: .serviceUnavailable
        case .failed: .internalServerError
        }
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

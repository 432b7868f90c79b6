import EarshotAudio
import Foundation
import Hummingbird

/// Reading requests and writing responses, for every resource's routes.
extension HouseholdAPI {
    /// A path parameter, percent-decoded ("Soup%20Chef" → "Soup Chef").
    static func parameter(_ context: some RequestContext, _ name: String) throws -> String {
        let raw = try context.parameters.require(name)
        return raw.removingPercentEncoding ?? raw
    }

    /// The `at` query parameter (ISO 8601), if any.
    static func date(_ request: Request) throws -> Date? {
        guard let at = request.uri.queryParameters.get("at") else { return nil }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let parsed = ISO8601DateFormatter().date(from: String(at)) ?? fractional.date(from: String(at)) else {
            throw ServerError(.badRequest, "'at' is not an ISO 8601 time.", fix: "Write it like 2026-11-23T08:00:00Z.")
        }
        return parsed
    }

    /// The request body as audio (WAV, FLAC, Ogg, MP3; any rate and channels), 16 kHz mono.
    static func audio(_ request: Request, limits: Limits) async throws -> AudioBuffer {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: limits.audioBody)
        } catch {
            throw ServerError(.contentTooLarge, "the audio is over \(limits.audioBody) bytes.", fix: "Send one utterance a turn (at most \(Int(limits.audioSeconds)) s).")
        }
        do {
            return try AudioFile.decode(Data(buffer: buffer), name: "the request body",
                                        limits: AudioLimits(maxSeconds: limits.audioSeconds, maxBytes: limits.audioBody))
        } catch {
            throw ServerError(.unprocessableContent, "the body is not usable audio: \(error.problem).",
                              fix: "Send a WAV, FLAC or Ogg file of one utterance, at most \(Int(limits.audioSeconds)) s.")
        }
    }

    /// The request body as `T`, read up to `limit` bytes. Only `application/json` is read: a web page
    /// can send a form or text to a local server without asking, never JSON.
    static func decode<T: Decodable>(_ type: T.Type, _ request: Request, _ context: BasicRequestContext, limit: Int) async throws -> T {
        guard isJSON(request.headers[.contentType]) else {
            throw ServerError(.unsupportedMediaType, "this endpoint takes a JSON body.", fix: "Send Content-Type: application/json (UTF-8).")
        }
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: limit)
        } catch {
            throw ServerError(.contentTooLarge, "the request body is over \(limit) bytes.", fix: "Send less, or start the server with a larger --max-body.")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer: buffer))
        } catch DecodingError.dataCorrupted {
            throw ServerError(.badRequest, "the body is not JSON.", fix: "Send a JSON object (Content-Type: application/json).")
        } catch let error as DecodingError {
            throw ServerError(.badRequest, "the body is not the JSON this endpoint takes: \(Self.describe(error)).", fix: "See docs/server.md for the fields.")
        } catch {
            throw ServerError(.badRequest, "the body is not JSON.", fix: "Send a JSON object (Content-Type: application/json).")
        }
    }

    /// Whether a Content-Type is JSON in UTF-8: `application/json`, with at most a `charset=utf-8`
    /// parameter (not `application/jsonx`, not `charset=utf-16`).
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let parts = contentType.lowercased().split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.first == "application/json" else { return false }
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0] == "charset", ["utf-8", "\"utf-8\"", "utf8"].contains(pair[1]) else { return false }
        }
        return true
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "'\(key.stringValue)' is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
        case .dataCorrupted(let context): context.debugDescription.isEmpty ? "it does not parse" : context.debugDescription
        @unknown default: "it does not parse"
        }
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }

    static func raw(_ json: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: json)))
    }
}

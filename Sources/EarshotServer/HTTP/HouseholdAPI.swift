import EarshotAudio
import EarshotDialogue
import EarshotModel
import Earshot
import Foundation
import Hummingbird
import HummingbirdCore
import Synchronization
import HummingbirdWebSocket

/// The household's HTTP API: devices, apps, entities, people's shortcuts, turns, transcripts and
/// suggestions, as JSON (docs/server.md). Every refusal is a 4xx with `{"error": {...}}`.
public struct HouseholdAPI: Sendable {
    /// Limits on what a request may ask.
    public struct Limits: Sendable {
        /// The largest request body, in bytes.
        public var body = 1 << 20
        /// The longest typed turn, in characters.
        public var turnText = 1_000
        /// The largest audio body, in bytes.
        public var audioBody = 16 << 20
        /// The longest spoken turn, in seconds.
        public var audioSeconds = 60.0
        /// Device streams (WebSockets) open at once.
        public var streams = 16
        /// Connections open at once: more wait to be accepted.
        public var connections = 1_000
        /// Seconds a connection may stay idle, or take to send a request's head, before it is closed.
        public var idleSeconds = 30.0
        /// Seconds a device stream may go without a message before it is closed.
        public var streamIdleSeconds = 120.0
        /// The longest request line (method, URL, version), in bytes: longer is 414.
        public var urlBytes = 8_192
        /// The largest request head (request line and headers), in bytes: larger is 431.
        public var headerBytes = 32_768
        /// The most header fields in a request: more is 431.
        public var headerCount = 100
        /// Seconds a request's body may take to arrive whole, from its head: later is 408 (``BodyDeadline``).
        public var bodySeconds = 30.0

        public init(body: Int = 1 << 20, turnText: Int = 1_000, audioBody: Int = 16 << 20, audioSeconds: Double = 60, streams: Int = 16,
                    connections: Int = 1_000, idleSeconds: Double = 30, streamIdleSeconds: Double = 120) {
            self.body = body
            self.turnText = turnText
            self.audioBody = audioBody
            self.audioSeconds = audioSeconds
            self.streams = streams
            self.connections = connections
            self.idleSeconds = idleSeconds
            self.streamIdleSeconds = streamIdleSeconds
        }
    }

    public let household: Household
    /// Every request must carry `Authorization: Bearer <token>` when set.
    public let token: String?
    public let limits: Limits
    /// Device streams open now.
    let streams = Counter()

    public init(household: Household, token: String? = nil, limits: Limits = Limits()) {
        self.household = household
        self.token = token
        self.limits = limits
    }

    /// Serves the API on `host`:`port` (0: any free port) until the process is told to stop (SIGINT,
    /// SIGTERM); `onRunning` gets the port it listens on.
    public func run(host: String, port: Int, onRunning: @escaping @Sendable (Int) -> Void = { _ in }) async throws {
        try await application(host: host, port: port, onRunning: onRunning).runService()
    }

    /// The server: the HTTP routes, and WebSocket upgrades for the streams.
    public func application(host: String = "127.0.0.1", port: Int = 0,
                            onRunning: @escaping @Sendable (Int) -> Void = { _ in }) -> some ApplicationProtocol {
        // Binary messages of PCM up to 1 MiB (32 s of audio) in one frame. Requests' heads are bounded
        // (RequestGuard, the decoder's limits), idle connections closed, connections capped.
        let limits = limits
        let webSockets = webSocketRouter().buildResponder()
        let decoder = HTTP1Channel.Configuration.DecoderConfiguration(maxHeaderFieldSize: limits.headerBytes, maxHeaderListSize: limits.headerBytes,
                                                                      maxHeaderFieldCount: limits.headerCount)
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(additionalChannelHandlers: [BodyDeadline(seconds: limits.bodySeconds)],
                         idleTimeout: .milliseconds(Int64(limits.idleSeconds * 1_000)), httpDecoderConfiguration: decoder),
            ws: .init(maxFrameSize: 1 << 20))
        let server = HTTPServerBuilder { responder in
            GuardedChannel(base: HTTP1WebSocketUpgradeChannel(responder: responder, webSocketResponder: webSockets, configuration: configuration),
                           limits: limits)
        }
        return Application(router: router(), server: server,
                           configuration: .init(address: .hostname(host, port: port), serverName: "earshot",
                                                availableConnectionsDelegate: MaximumAvailableConnections(limits.connections)),
                           onServerRunning: { channel in onRunning(channel.localAddress?.port ?? port) })
    }

    /// The WebSocket routes: `/devices/{id}/stream` (``DeviceStream``). The token may come as the
    /// `Authorization` header or as `?token=` (browsers cannot set headers on a WebSocket).
    public func webSocketRouter() -> Router<BasicWebSocketRequestContext> {
        let router = Router(context: BasicWebSocketRequestContext.self)
        let household = household
        let token = token
        let open = streams
        let limit = limits.streams
        let streamIdle = limits.streamIdleSeconds
        let turnText = limits.turnText
        // The upgrade is always taken: a refused upgrade could only be an empty 400. What is wrong
        // (no token, no such device, too many streams) comes as one `error` event, then the close.
        router.ws("devices/:id/stream") { _, _ in .upgrade([:]) } onUpgrade: { inbound, outbound, context in
            let request = context.request
            func refuse(_ error: ServerError) async throws {
                let body = ["type": "error", "status": Int(error.status.code), "message": error.message, "fix": error.fix ?? ""] as [String: Any]
                let data = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
                try await outbound.write(.text(String(decoding: data, as: UTF8.self)))
                try await outbound.close(.policyViolation, reason: error.message)
            }
            if let refusal = SameOriginMiddleware.refusal(origin: request.headers[.origin], authority: request.head.authority ?? "",
                                                          tokenProtected: token != nil) {
                return try await refuse(refusal)
            }
            if let token, request.headers[.authorization] != "Bearer \(token)", request.uri.queryParameters.get("token").map({ String($0) }) != token {
                return try await refuse(ServerError(.unauthorized, "this server needs a token.", fix: "Send 'Authorization: Bearer <token>', or ?token=<token>."))
            }
            let id = try Self.parameter(context.requestContext, "id")
            guard (try? await household.device(id)) != nil else {
                return try await refuse(ServerError(.notFound, "no device '\(id)'.", fix: "GET /devices lists them."))
            }
            guard open.reserve(below: limit) else {
                return try await refuse(ServerError(.tooManyRequests, "\(limit) device streams are open, the most this server takes.",
                                                    fix: "Close one, or try again later."))
            }
            defer { open.add(-1) }
            try await DeviceStream(household: household, device: id, idle: .milliseconds(Int64(streamIdle * 1_000)), turnText: turnText)
                .run(inbound: inbound, outbound: outbound)
        }
        return router
    }

    /// The routes, with the token check in front when there is a token.
    public func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: JSONErrorMiddleware())
        router.add(middleware: SameOriginMiddleware(tokenProtected: token != nil))
        if let token { router.add(middleware: TokenMiddleware(token: token)) }
        let household = household
        let limits = limits

        router.get("health") { _, _ in try Self.json(["ok": true]) }
        // The API's own description (docs/openapi.yaml as built), for clients that generate code from it.
        router.get("openapi.yaml") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                     body: .init(byteBuffer: ByteBuffer(string: APIDescription.yaml)))
        }
        router.get("openapi.json") { _, _ in
            guard let json = APIDescription.json else {
                throw ServerError(.internalServerError, "the built-in API description cannot be read as YAML.",
                               fix: "Rebuild earshot from a checkout whose docs/openapi.yaml is valid YAML.")
            }
            return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: json)))
        }

        router.get("devices") { _, _ in try Self.json(["devices": try await household.devices()]) }
        router.post("devices") { request, context in
            struct Body: Decodable { var id: String; var profile: String; var name: String? }
            let body = try await Self.decode(Body.self, request, context, limit: limits.body)
            return try Self.json(try await household.addDevice(id: body.id, profile: body.profile, name: body.name), status: .created)
        }
        router.get("devices/:id") { _, context in try Self.json(try await household.device(try Self.parameter(context, "id"))) }
        router.delete("devices/:id") { _, context in
            try await household.removeDevice(try Self.parameter(context, "id"))
            return Response(status: .noContent)
        }
        router.post("devices/:id/turns") { request, context in
            struct Body: Decodable { var text: String }
            let id = try Self.parameter(context, "id")
            let type = request.headers[.contentType]?.lowercased() ?? ""
            if type.hasPrefix("audio/") || type.hasPrefix("application/octet-stream") {
                let audio = try await Self.audio(request, limits: limits)
                let turn = try await household.turn(device: id, audio: audio)
                return Self.raw(TranscriptWriter.json(turn))
            }
            let body = try await Self.decode(Body.self, request, context, limit: limits.body)
            guard body.text.unicodeScalars.count <= limits.turnText else {
                throw ServerError(.contentTooLarge, "the turn's text has \(body.text.unicodeScalars.count) characters; at most \(limits.turnText).",
                                  fix: "Send one utterance a turn.")
            }
            let turn = try await household.turn(device: id, text: body.text)
            return Self.raw(TranscriptWriter.json(turn))
        }
        router.get("devices/:id/replies/:file") { _, context in
            let file = try Self.parameter(context, "file")
            guard file.hasSuffix(".wav"), let number = Int64(file.dropLast(4)) else {
                throw ServerError(.notFound, "no reply '\(file)'.", fix: "Use the reply.audio path a turn gave.")
            }
            let data = try await household.replyAudio(device: try Self.parameter(context, "id"), turn: number)
            return Response(status: .ok, headers: [.contentType: "audio/wav"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        router.get("devices/:id/watchface") { request, context in
            let date = try Self.date(request)
            return try Self.json(["shortcuts": try await household.relevantShortcuts(device: try Self.parameter(context, "id"), at: date)])
        }
        router.get("devices/:id/transcript") { _, context in
            let lines = try await household.transcript(device: try Self.parameter(context, "id"))
            return Self.raw("{\"turns\":[" + lines.joined(separator: ",") + "]}")
        }

        router.get("apps") { _, _ in try Self.json(["apps": try await household.apps()]) }
        router.post("apps") { request, context in
            struct Body: Decodable { var path: String?; var manifest: String? }
            let body = try await Self.decode(Body.self, request, context, limit: limits.body)
            let app: Household.InstalledApp
            switch (body.path, body.manifest) {
            case (let path?, nil): app = try await household.installApp(path: path)
            case (nil, let text?): app = try await household.installApp(yaml: text)
            default:
                throw ServerError(.badRequest, "give either \"path\" (an app.yaml on the server's machine) or \"manifest\" (its text).")
            }
            return try Self.json(app, status: .created)
        }
        router.delete("apps/:name") { _, context in
            try await household.removeApp(try Self.parameter(context, "name"))
            return Response(status: .noContent)
        }
        router.put("apps/:name/entities/:entity") { request, context in
            struct Body: Decodable { var values: [Value] }
            let body = try await Self.decode(Body.self, request, context, limit: limits.body)
            let deleted = try await household.setEntities(app: try Self.parameter(context, "name"), entity: try Self.parameter(context, "entity"),
                                                          values: body.values)
            return try Self.json(["deletedDonations": deleted.donations, "deletedShortcuts": deleted.shortcuts])
        }

        router.get("shortcuts") { _, _ in try Self.json(["shortcuts": try await household.userShortcuts()]) }
        router.post("shortcuts") { request, context in
            struct Body: Decodable { var phrase: String; var app: String; var intent: String; var values: [String: String]?; var device: String? }
            let body = try await Self.decode(Body.self, request, context, limit: limits.body)
            let record = try await household.addUserShortcut(UserShortcut(phrase: body.phrase, app: body.app, intent: body.intent, values: body.values ?? [:]),
                                                             from: body.device)
            return try Self.json(record, status: .created)
        }
        router.delete("shortcuts/:id") { _, context in
            guard let id = Int64(try Self.parameter(context, "id")) else {
                throw ServerError(.badRequest, "a shortcut id is a number.", fix: "GET /shortcuts lists them.")
            }
            try await household.deleteUserShortcut(id: id)
            return Response(status: .noContent)
        }

        router.get("suggestions") { request, _ in
            let device = request.uri.queryParameters.get("device")
            return try Self.json(["suggestions": try await household.suggestions(device: device, at: try Self.date(request))])
        }
        return router
    }

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

    /// The request body as audio (WAV, FLAC, Ogg; any rate and channels), 16 kHz mono.
    static func audio(_ request: Request, limits: Limits) async throws -> AudioBuffer {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: limits.audioBody)
        } catch {
            throw ServerError(.contentTooLarge, "the audio is over \(limits.audioBody) bytes.", fix: "Send one utterance a turn (at most \(Int(limits.audioSeconds)) s).")
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-turn-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            try Data(buffer: buffer).write(to: URL(fileURLWithPath: path))
        } catch {
            throw ServerError(.internalServerError, "the audio could not be stored: \(error)")
        }
        do {
            return try AudioFile.read(path, limits: AudioLimits(maxSeconds: limits.audioSeconds, maxBytes: limits.audioBody))
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

/// A count shared by concurrent requests.
final class Counter: Sendable {
    private let value = Mutex(0)
    var count: Int { value.withLock { $0 } }
    func add(_ delta: Int) { value.withLock { $0 += delta } }
    /// Adds one when the count is below `limit`; whether it did.
    func reserve(below limit: Int) -> Bool {
        value.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }
}

/// Hummingbird's own refusals (no such route, a method the route does not take) as the API's JSON error.
struct JSONErrorMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            let message = error.status == .notFound ? "no such endpoint: \(request.method) \(request.uri.path)."
                : (error.body ?? error.status.reasonPhrase)
            throw ServerError(error.status, message, fix: error.status == .notFound ? "See docs/server.md for the endpoints." : nil)
        }
    }
}

/// Refuses what a web page could send a local server behind its user's back: a request whose `Origin`
/// is another site (403), and, on a server without a token, one whose `Host` is not loopback (403: a
/// DNS-rebinding page).
struct SameOriginMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let tokenProtected: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let refusal = Self.refusal(origin: request.headers[.origin], authority: request.head.authority ?? "", tokenProtected: tokenProtected) {
            throw refusal
        }
        return try await next(request, context)
    }

    /// Why a request (or a stream's upgrade request) is refused as a web page's, or nil when it is not.
    static func refusal(origin: String?, authority host: String, tokenProtected: Bool) -> ServerError? {
        if let origin, isForeign(origin: origin, authority: host) {
            return ServerError(.forbidden, "requests from other sites (Origin \(origin)) are refused.",
                               fix: "Call the API from a program, not a web page of another site.")
        }
        if !tokenProtected, !host.isEmpty {
            let name = host.hasPrefix("[") ? String(host.prefix { $0 != "]" }.dropFirst()) : String(host.split(separator: ":").first ?? "")
            guard ServerOptions.isLoopback(name) else {
                return ServerError(.forbidden, "this server answers only at a loopback address (Host \(host)).",
                                   fix: "Use http://127.0.0.1:<port>, or start it with --host and --token.")
            }
        }
        return nil
    }

    /// Whether `origin` is a web page of another site than the server at `authority` (its `Host`).
    /// Browsers send the page's own origin (http, https, or `null` for a file or sandbox); an origin
    /// with a WebSocket scheme comes from a program that says where it connects, not from a page.
    static func isForeign(origin: String, authority: String) -> Bool {
        let origin = origin.trimmingCharacters(in: .whitespaces).lowercased()
        guard !origin.isEmpty else { return false }
        guard let url = URL(string: origin), let scheme = url.scheme, let host = url.host else { return true }
        if scheme == "ws" || scheme == "wss" { return false }
        let defaultPort = scheme == "https" ? 443 : 80
        let authority = authority.lowercased()
        let server: (host: String, port: Int)
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            let rest = authority[authority.index(after: close)...]
            server = (String(authority[...close]), rest.hasPrefix(":") ? Int(rest.dropFirst()) ?? -1 : defaultPort)
        } else {
            let parts = authority.split(separator: ":", maxSplits: 1)
            server = (parts.first.map(String.init) ?? "", parts.count == 2 ? Int(parts[1]) ?? -1 : defaultPort)
        }
        let originHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return originHost != server.host || (url.port ?? defaultPort) != server.port
    }
}

/// Refuses a request without `Authorization: Bearer <token>` (401).
struct TokenMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.headers[.authorization] == "Bearer \(token)" else {
            throw ServerError(.unauthorized, "this server needs a token.", fix: "Send 'Authorization: Bearer <token>' (the --token it was started with).")
        }
        return try await next(request, context)
    }
}

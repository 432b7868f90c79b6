import EarshotHousehold
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket

/// The household's HTTP API: devices, apps, entities, people's shortcuts, turns, transcripts and
/// suggestions, as JSON (docs/server.md). Every refusal is a 4xx with `{"error": {...}}`.
///
/// Each resource's routes are a `RouteCollection` of their own (`HouseholdAPI+*Routes.swift`), each middleware is in
/// a file of its own; the household's errors become statuses in ``ServerError/init(_:)``.
public struct HouseholdAPI: Sendable {
    /// Limits on what a request may ask: the household's own (``HouseholdLimits``), and HTTP's.
    public struct Limits: Sendable {
        /// The largest request body, in bytes.
        public var body = 1 << 20
        /// The longest typed turn, in characters.
        public var turnText = HouseholdLimits.standard.turnText
        /// The largest audio body, in bytes.
        public var audioBody = 16 << 20
        /// The longest spoken turn, in seconds.
        public var audioSeconds = HouseholdLimits.standard.audioSeconds
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

        public init(body: Int = 1 << 20, turnText: Int = HouseholdLimits.standard.turnText, audioBody: Int = 16 << 20,
                    audioSeconds: Double = HouseholdLimits.standard.audioSeconds, streams: Int = 16,
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

    /// A resource's routes, to add to the API's router after its middleware.
    static func routeCollection() -> RouteCollection<BasicRequestContext> {
        RouteCollection(context: BasicRequestContext.self)
    }

    /// The routes, with the token check in front when there is a token.
    public func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: JSONErrorMiddleware())
        router.add(middleware: SameOriginMiddleware(tokenProtected: token != nil))
        if let token { router.add(middleware: TokenMiddleware(token: token)) }
        for routes in [serviceRoutes, deviceRoutes, turnRoutes, appRoutes, shortcutRoutes, suggestionRoutes] {
            router.addRoutes(routes)
        }
        return router
    }
}

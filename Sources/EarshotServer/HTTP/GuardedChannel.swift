import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// The server's child channel: Hummingbird's HTTP/1 with WebSocket upgrades, behind a ``RequestGuard``
/// on the raw bytes (the first request's size and time) and a ``ParserErrorGuard`` after the HTTP
/// decoder (a request the decoder refuses is answered, then closed).
struct GuardedChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value
    let base: HTTP1WebSocketUpgradeChannel
    let limits: HouseholdAPI.Limits

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let limits = limits
        let base = base
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(RequestGuard(limits: limits), position: .first)
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }.flatMapThrowing { value in
            try channel.pipeline.syncOperations.addHandler(ParserErrorGuard())
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

import NIOCore

/// Closes a connection that has been silent too long, telling it why.
final class WyomingIdleCloser: ChannelInboundHandler {
    typealias InboundIn = NIOAny
    typealias OutboundOut = ByteBuffer

    let timeout: Duration

    init(timeout: Duration) { self.timeout = timeout }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        let error = WyomingEvent.error("Closed after \(timeout) without an event.", code: "idle-timeout")
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: error.encoded())), promise: nil)
        context.close(promise: nil)
    }
}

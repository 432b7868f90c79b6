import NIOCore
import NIOHTTP1

/// After the HTTP decoder: a request it cannot parse (garbage, a header over the decoder's limits) is
/// answered 400 or 431 by the ``RequestGuard`` at the front, and the connection closed.
final class ParserErrorGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Never

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let error = error as? HTTPParserError else { return context.fireErrorCaught(error) }
        let tooLarge = error == .headerOverflow
        let front = try? context.pipeline.syncOperations.context(handlerType: RequestGuard.self)
        let guardHandler = try? context.pipeline.syncOperations.handler(type: RequestGuard.self)
        if let front, let guardHandler {
            if tooLarge {
                guardHandler.refuse(front, 431, "Request Header Fields Too Large", message: "the request's headers are too large.",
                                    fix: "Send fewer or smaller headers.")
            } else {
                guardHandler.refuse(front, 400, "Bad Request", message: "the request is not HTTP/1.1.", fix: "Send an HTTP/1.1 request.")
            }
        } else {
            context.close(promise: nil)
        }
    }
}

import NIOCore

/// On the raw bytes of a connection, before the HTTP decoder: the first request's line and head must
/// stay within their sizes (414, 431) and arrive within the idle time, else the connection is
/// answered and closed. Later requests on the connection are bounded by the decoder's own limits and
/// Hummingbird's idle timeout.
final class RequestGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    let limits: HouseholdAPI.Limits
    private var headBytes = 0
    private var lineBytes = 0
    private var lines = 0
    private var firstLine = true
    private var passed = false
    private var refused = false
    private var timer: Scheduled<Void>?

    init(limits: HouseholdAPI.Limits) {
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let milliseconds = Int64(limits.idleSeconds * 1_000)
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(milliseconds)) { [self] in
            guard !passed, !refused else { return }
            refuse(context, 408, "Request Timeout", message: "no whole request came within \(String(format: "%g", limits.idleSeconds)) s.",
                   fix: "Send the request at once.")
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if refused { return }
        if passed { return context.fireChannelRead(data) }
        let buffer = unwrapInboundIn(data)
        for byte in buffer.readableBytesView {
            headBytes += 1
            if byte == UInt8(ascii: "\n") {
                if lineBytes == 0, !firstLine {
                    passed = true
                    timer?.cancel()
                    break
                }
                if lineBytes > 0 || !firstLine {
                    firstLine = false
                    lines += 1
                }
                lineBytes = 0
            } else if byte != UInt8(ascii: "\r") {
                lineBytes += 1
            }
            if firstLine, lineBytes > limits.urlBytes {
                return refuse(context, 414, "URI Too Long", message: "the request line is over \(limits.urlBytes) bytes.", fix: "Send a shorter URL.")
            }
            if headBytes > limits.headerBytes || lines > limits.headerCount + 1 {
                return refuse(context, 431, "Request Header Fields Too Large",
                              message: "the request's headers are over \(limits.headerBytes) bytes or \(limits.headerCount) fields.",
                              fix: "Send fewer or smaller headers.")
            }
        }
        context.fireChannelRead(data)
    }

    func refuse(_ context: ChannelHandlerContext, _ status: Int, _ reason: String, message: String, fix: String) {
        guard !refused else { return }
        refused = true
        timer?.cancel()
        // The answer, then the write side closed; what the client still sends is read and dropped
        // for a moment, so that its unread bytes do not reset the connection before it reads the answer.
        let loop = context.eventLoop.assumeIsolated()
        context.writeAndFlush(NIOAny(RawRefusal.response(status, reason, message: message, fix: fix)), promise: nil)
        loop.execute { context.close(mode: .output, promise: nil) }
        loop.scheduleTask(in: .seconds(2)) { context.close(promise: nil) }
    }
}

/// Answers a request the server will not read (raw HTTP, straight to the socket) and closes.
enum RawRefusal {
    static func response(_ status: Int, _ reason: String, message: String, fix: String) -> ByteBuffer {
        let body = "{\"error\":{\"fix\":\"\(fix)\",\"message\":\"\(message)\",\"status\":\(status)}}"
        return ByteBuffer(string: "HTTP/1.1 \(status) \(reason)\r\nContent-Type: application/json; charset=utf-8\r\n"
                          + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body)
    }
}

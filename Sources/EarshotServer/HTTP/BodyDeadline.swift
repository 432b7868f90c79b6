import Foundation
import Hummingbird
import HummingbirdCore
import NIOCore

/// After the HTTP decoder: a request's body must arrive whole within `seconds` of its head. A body
/// still arriving then (a client trickling a byte at a time, which the idle timeout never sees as
/// idle) is answered 408 and the connection closed, as a head that does not come in time is by the
/// ``RequestGuard``. When the request was answered already (the handler did not need its body), the
/// connection is closed as soon as that answer is out.
final class BodyDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    // Hummingbird's request and response parts (NIOHTTPTypes' HTTPRequestPart, HTTPResponsePart).
    typealias InboundIn = HTTPConnectionStateHandler.InboundIn
    typealias InboundOut = HTTPConnectionStateHandler.InboundIn
    typealias OutboundIn = HTTPConnectionStateHandler.OutboundIn
    typealias OutboundOut = HTTPConnectionStateHandler.OutboundIn

    let seconds: Double
    private var timer: Scheduled<Void>?
    /// Request heads read, response heads (not informational) written, responses ended.
    private var requests = 0
    private var answers = 0
    private var answered = 0
    /// The deadline passed while an answer was being written: close when it ends.
    private var closeAfterAnswer = false
    /// The 408 went out: nothing else is written.
    private var timedOut = false

    init(seconds: Double) {
        self.seconds = seconds
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            requests += 1
            timer?.cancel()
            timer = context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(Int64(seconds * 1_000))) { [self] in
                expire(context)
            }
        case .end:
            timer?.cancel()
            timer = nil
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if timedOut {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status.kind != HTTPResponse.Status.Kind.informational:
            answers += 1
        case .end:
            answered += 1
            if closeAfterAnswer, answered == answers {
                context.writeAndFlush(data, promise: promise)
                context.close(promise: nil)
                return
            }
        default:
            break
        }
        context.write(data, promise: promise)
    }

    /// The body did not come whole in time.
    private func expire(_ context: ChannelHandlerContext) {
        timer = nil
        guard answered == answers else {
            closeAfterAnswer = true
            return
        }
        guard answers < requests else {
            context.close(promise: nil)
            return
        }
        timedOut = true
        let seconds = String(format: "%g", seconds)
        if let front = try? context.pipeline.syncOperations.context(handlerType: RequestGuard.self),
           let guardHandler = try? context.pipeline.syncOperations.handler(type: RequestGuard.self) {
            guardHandler.refuse(front, 408, "Request Timeout", message: "the request's body did not arrive within \(seconds) s.",
                                fix: "Send the body at once.")
        } else {
            context.close(promise: nil)
        }
    }
}

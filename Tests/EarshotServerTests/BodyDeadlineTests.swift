import EarshotServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

@Suite("A request's body has a deadline")
struct BodyDeadlineTests {
    /// Sends `head`, then `body` a byte every `every` seconds (from another thread), and reads what
    /// the server answers until it closes; with the seconds that took.
    static func trickle(_ port: Int, head: String, body: String, every: Double) async -> (RawHTTP.Exchange, Double) {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let fd = RawHTTP.connect(port)
                let start = Date()
                _ = Array(head.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                let bytes = Array(body.utf8)
                // The sender keeps its own descriptor of the socket until it stops, so that no later
                // connection can get its number and the rest of this body.
                let done = Mutex(false)
                let stopped = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    defer { stopped.signal() }
                    for byte in bytes {
                        Thread.sleep(forTimeInterval: every)
                        if done.withLock({ $0 }) { return }
                        var one = byte
                        if send(fd, &one, 1, Int32(MSG_NOSIGNAL)) <= 0 { return }
                    }
                }
                let exchange = RawHTTP.readToClose(dup(fd))
                let seconds = Date().timeIntervalSince(start)
                done.withLock { $0 = true }
                stopped.wait()
                close(fd)
                continuation.resume(returning: (exchange, seconds))
            }
        }
    }

    @Test("a body trickled a byte at a time is answered 408 and closed at the deadline; a refused request's trickled body is cut off too; a body sent at once is taken")
    func trickledBody() async throws {
        // 6 s, not less: under a full parallel test run on two cores, the 415 of the refused request
        // below came after a 3 s deadline (the handler had not run yet) in one fresh-clone run.
        var limits = HouseholdAPI.Limits(idleSeconds: 5)
        limits.bodySeconds = 6
        let api = HouseholdAPI(household: try HouseholdAPITests.household(), limits: limits)
        try await api.application().test(.live) { client in
            let port = try #require(client.port)
            let body = #"{"id": "kitchen", "profile": "homepod"}"#
            func head(_ type: String = "application/json", close: Bool = false) -> String {
                "POST /devices HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\n"
                    + (close ? "Connection: close\r\n" : "") + "\r\n"
            }
            // A byte every 0.4 s never leaves the connection idle; the body would take 16 s.
            let (slow, slowSeconds) = await Self.trickle(port, head: head(), body: body, every: 0.4)
            #expect(slow.statuses == [408] && slow.closed, "\(slow)")
            #expect(slow.head.contains("did not arrive within 6 s"), "\(slow)")
            #expect(slowSeconds < 13, "closed after \(slowSeconds) s")
            // Refused at once (not JSON), its body still trickling: the answer, then the close at the deadline.
            let (refused, refusedSeconds) = await Self.trickle(port, head: head("text/plain"), body: body, every: 0.4)
            #expect(refused.statuses == [415] && refused.closed, "\(refused)")
            #expect(refusedSeconds < 13, "closed after \(refusedSeconds) s")
            // Slow but within the deadline: taken.
            let (fine, _) = await Self.trickle(port, head: head(close: true), body: body, every: 0.001)
            #expect(fine.statuses == [201], "\(fine)")
            let device = try await RawHTTP.exchange(port, "GET /devices/kitchen HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
            #expect(device.statuses == [200], "\(device)")
        }
    }
}

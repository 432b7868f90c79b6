import Earshot
import EarshotHousehold
import EarshotServer
import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded

/// The household server in this process, for fuzzing request bodies: a Watch (exact matching, no
/// sentence model needed) and the Soup Chef and Demo apps installed. A body goes either straight to
/// the server's routes and middleware (``respond(_:route:)``: what a handler answers, no socket), or
/// as a whole request over a loopback socket to the same household served on a free port
/// (``send(_:route:)``: the HTTP layer and its guards too).
final class FuzzServer: @unchecked Sendable {
    /// The routes fuzzed, each with a valid body as its seed.
    static let routes: [(method: String, path: String, body: String)] = [
        ("POST", "/devices", #"{"id": "kitchen", "profile": "watch", "name": "Kitchen"}"#),
        ("POST", "/devices/wrist/turns", #"{"text": "Order tomato soup with Soup Chef"}"#),
        ("POST", "/apps", #"{"manifest": "app: Lists\nentities:\n  L:\n    suggested: [{id: a, title: A}]\nintents:\n  - id: Show\n    title: Show a list\n    parameters: [{id: l, title: L, type: L}]\nshortcuts:\n  - intent: Show\n    phrases: ['Show {l} in {applicationName}']\n"}"#),
        ("POST", "/apps", #"{"path": "EXAMPLES/demo"}"#),
        ("PUT", "/apps/Soup%20Chef/entities/Soup", #"{"values": [{"id": "tomato", "title": "Tomato Soup", "synonyms": ["red soup"]}, {"id": "leek", "title": "Leek Soup"}]}"#),
        ("POST", "/shortcuts", #"{"phrase": "Soup time", "app": "Soup Chef", "intent": "OrderSoup", "values": {"soup": "tomato"}, "device": "wrist"}"#),
    ]

    let port: Int
    private let task: Task<Void, any Error>
    let examples: String
    private let responder: RouterResponder<BasicRequestContext>
    /// A request context's channel is never used by the routes; one stands for all.
    private let channel = NIOAsyncTestingChannel()
    private let logger = { var logger = Logger(label: "earshot.fuzz"); logger.logLevel = .critical; return logger }()

    init(examples: String) async throws {
        self.examples = examples
        let household = Household(store: try HouseholdStore(path: nil), profiles: try Bundled.profiles(), appFolders: [examples])
        _ = try await household.installApp(path: examples + "/soupchef")
        _ = try await household.installApp(path: examples + "/demo")
        _ = try await household.addDevice(id: "wrist", profile: "watch")
        let api = HouseholdAPI(household: household)
        responder = api.router().buildResponder()
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        task = Task { try await api.run(host: "127.0.0.1", port: 0) { continuation.yield($0) } }
        var iterator = stream.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        self.port = port
    }

    func stop() { task.cancel() }

    /// Hands `body` to route `route` in this process, through the routes' middleware as the server
    /// would; the answer is checked as ``send(_:route:)`` checks it.
    func respond(_ body: [UInt8], route: Int) async -> FuzzBenchmark.Outcome {
        let (method, path, _) = Self.routes[route]
        let head = HTTPRequest(method: HTTPRequest.Method(method) ?? .post, scheme: "http", authority: "127.0.0.1:\(port)", path: path,
                               headerFields: [.contentType: "application/json", .contentLength: String(body.count)])
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer(bytes: body)))
        let context = BasicRequestContext(source: .init(channel: channel, logger: logger))
        let response: Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch {
            // The server answers what no handler turned into an answer with a bare 500.
            return .malformed("500: \(error)")
        }
        let collector = Collector()
        do {
            try await response.body.write(collector)
        } catch {
            return .malformed("\(response.status.code): the body could not be written: \(error)")
        }
        return Self.judge(status: response.status.code, body: String(buffer: collector.box.buffer), answer: "\(response.status.code)")
    }

    /// A response body, written in memory.
    struct Collector: ResponseBodyWriter {
        final class Box: @unchecked Sendable { var buffer = ByteBuffer() }
        let box = Box()
        mutating func write(_ buffer: ByteBuffer) async throws { box.buffer.writeImmutableBuffer(buffer) }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    /// An answer must be an HTTP status with a JSON body (an error as `{"error": {"status", "message"}}`
    /// with its message on one line).
    static func judge(status: Int, body: String, answer: String) -> FuzzBenchmark.Outcome {
        let json = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
        if (200..<300).contains(status) { return json == nil && status != 204 ? .malformed("\(status) without JSON") : .accepted }
        guard (400..<500).contains(status), let error = json?["error"] as? [String: Any], let message = error["message"] as? String else {
            return .malformed("\(status): \(answer.prefix(300))")
        }
        return FuzzBenchmark.oneLine(message)
    }

    /// Sends `body` to route `route` as a whole request; an answer must be an HTTP status with a JSON
    /// body (an error as `{"error": {"status", "message"}}` on one line).
    func send(_ body: [UInt8], route: Int) async -> FuzzBenchmark.Outcome {
        let (method, path, _) = Self.routes[route]
        let port = port
        var bytes = Array("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8)
        bytes += body
        let request = bytes
        let answer = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: Self.exchange(port: port, request)) }
        }
        guard let answer, let head = answer.range(of: "\r\n\r\n") else { return .malformed("no answer") }
        let status = Int(answer.dropFirst(9).prefix(3)) ?? 0
        return Self.judge(status: status, body: String(answer[head.upperBound...]), answer: answer)
    }

    static func exchange(port: Int, _ bytes: [UInt8]) -> String? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var limit = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { break }
            sent += count
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count <= 0 { break }
            received += chunk[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}

import Earshot
import EarshotModel
import EarshotHousehold
@testable import EarshotServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// What a hostile client tries (issue 20): reading files through the API, a DNS-rebinding Host,
/// entity updates past the limits, JSON that is not JSON, and request heads that never end.
@Suite("serve: hostile input", .serialized)
struct HostileInputTests {
    @Test("a loopback Host is an IP literal of loopback or localhost: 127.0.0.1.evil.example and 127.1.2.3.nip.io are refused on a server without a token")
    func hostGuard() {
        for host in ["127.0.0.1", "127.1.2.3", "localhost", "LOCALHOST", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1"] {
            #expect(ServerOptions.isLoopback(host), "\(host)")
        }
        for host in ["127.0.0.1.evil.example", "127.1.2.3.nip.io", "127.evil", "localhost.evil.example", "128.0.0.1", "0.0.0.0", "::2",
                     "127.0.0.1 ", "127.0.0.01x", "", "::ffff:10.0.0.1"] {
            #expect(!ServerOptions.isLoopback(host), "\(host)")
        }
        #expect(SameOriginMiddleware.refusal(origin: "http://127.0.0.1.evil.example:8765", authority: "127.0.0.1.evil.example:8765",
                                             tokenProtected: false)?.status == .forbidden)
        #expect(SameOriginMiddleware.refusal(origin: nil, authority: "127.1.2.3.nip.io:8765", tokenProtected: false)?.status == .forbidden)
        #expect(SameOriginMiddleware.refusal(origin: nil, authority: "[::1]:8765", tokenProtected: false) == nil)
        #expect(SameOriginMiddleware.refusal(origin: nil, authority: "localhost:8765", tokenProtected: false) == nil)
    }

    @Test("the DNS-rebinding reproducer over HTTP: POST /devices with Host 127.0.0.1.evil.example and a matching Origin is 403, nothing added")
    func rebinding() async throws {
        let api = HouseholdAPI(household: try HouseholdAPITests.household())
        try await api.application().test(.live) { client in
            let port = try #require(client.port)
            let body = #"{"id": "x", "profile": "homepod"}"#
            for host in ["127.0.0.1.evil.example:\(port)", "127.1.2.3.nip.io:\(port)"] {
                let refused = try await RawHTTP.exchange(port, "POST /devices HTTP/1.1\r\nHost: \(host)\r\nOrigin: http://\(host)\r\n"
                                                         + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body)
                #expect(refused.statuses == [403], "\(host): \(refused)")
            }
            let allowed = try await RawHTTP.exchange(port, "POST /devices HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
                                                     + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body)
            #expect(allowed.statuses == [201], "\(allowed)")
            #expect(try await api.household.devices().map(\.id) == ["x"])
        }
    }

    @Test("start-up refuses a token of spaces and --apps-dir that is not a folder; a host like 127.0.0.1.evil.example needs a token")
    func startUp() {
        #expect(throws: ServerError.self) { try ServerOptions(token: String(repeating: " ", count: 16)).validate() }
        #expect(throws: ServerError.self) { try ServerOptions(token: "0123456789abcdef\t").validate() }
        #expect(throws: ServerError.self) { try ServerOptions(host: "127.0.0.1.evil.example").validate() }
        #expect(throws: ServerError.self) { try ServerOptions(appsDirs: ["/nonexistent/earshot"]).validate() }
        #expect(throws: Never.self) { try ServerOptions(token: "0123456789abcdef-secret").validate() }
        // Without --apps-dir: the folder it started in on loopback (never /), nothing on another host.
        #expect(ServerOptions().appFolders(currentDirectory: "/") == [])
        #expect(ServerOptions(host: "0.0.0.0", token: "0123456789abcdef-secret").appFolders(currentDirectory: "/srv") == [])
        #expect(ServerOptions(appsDirs: ["/srv/apps"]).appFolders(currentDirectory: "/home") == ["/srv/apps"])
    }

    @Test("POST /apps by path: only under --apps-dir; a file's content is never quoted; missing, unreadable and not-a-manifest get the same answer")
    func fileDisclosure() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-apps-\(UUID().uuidString)")
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-secret-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: outside)
        }
        let secret = "root:*:20228:0:99999:7:::"
        try secret.write(to: outside.appendingPathComponent("shadow"), atomically: true, encoding: .utf8)
        try secret.write(to: folder.appendingPathComponent("shadow"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("link.yaml"), withDestinationURL: outside.appendingPathComponent("shadow"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let household = Household(store: try HouseholdStore(path: nil), profiles: try Bundled.profiles(), appFolders: [folder.path])
        let api = HouseholdAPI(household: household)
        try await Application(router: api.router()).test(.router) { client in
            func message(_ path: String) async throws -> (HTTPResponse.Status, String) {
                let answer = try await HouseholdAPITests.send(client, .post, "/apps", ["path": path])
                let error = answer.json["error"] as? [String: Any]
                return (answer.status, "\(error?["message"] ?? "") \(error?["fix"] ?? "")")
            }
            for path in ["/etc/shadow", "/etc/passwd", outside.appendingPathComponent("shadow").path, folder.appendingPathComponent("link.yaml").path,
                         folder.path + "/../" + outside.lastPathComponent + "/shadow"] {
                let (status, text) = try await message(path)
                #expect(status == .unprocessableContent)
                #expect(text.contains("is not in a folder this server installs apps from"), "\(path): \(text)")
                #expect(!text.contains("root"), "\(path): \(text)")
            }
            // Inside the folder: the secret-shaped file does not load, and is not quoted.
            let (status, text) = try await message(folder.appendingPathComponent("shadow").path)
            #expect(status == .unprocessableContent)
            #expect(text.hasPrefix("the manifest does not load (the problem is at line 1, column 1)."), "\(text)")
            #expect(!text.contains("root") && !text.contains("20228"), "\(text)")
            // Missing and a folder without a manifest: one answer, told apart only by the path.
            let missing = try await message(folder.appendingPathComponent("nothing.yaml").path)
            let empty = try await message(folder.appendingPathComponent("empty").path)
            #expect(missing.0 == .unprocessableContent && empty.0 == .unprocessableContent)
            #expect(missing.1.replacingOccurrences(of: "nothing.yaml", with: "empty") == empty.1, "\(missing.1) / \(empty.1)")
        }
        // A server with no folders installs nothing by path.
        let closed = HouseholdAPI(household: Household(store: try HouseholdStore(path: nil), profiles: try Bundled.profiles()))
        try await Application(router: closed.router()).test(.router) { client in
            let answer = try await HouseholdAPITests.send(client, .post, "/apps", ["path": HouseholdAPITests.examples.appendingPathComponent("demo").path])
            #expect(answer.status == .unprocessableContent)
            #expect(((answer.json["error"] as? [String: Any])?["message"] as? String) == "this server installs no apps by path.")
        }
    }

    static let listApp = """
        app: Lists
        platforms: [iOS, watchOS]
        entities:
          TodoList:
            suggested:
              - { id: shopping, title: Shopping }
        intents:
          - id: ShowList
            title: Show a list
            parameters:
              - { id: list, title: List, type: TodoList }
        shortcuts:
          - intent: ShowList
            phrases:
              - "Show {list} in {applicationName}"
              - "Open {list} with {applicationName}"
        """

    @Test("an entity update is held to the limits: 20,000 values 413, 600 values in two phrases (1,200 phrases) 422; the values before stay")
    func entityLimits() async throws {
        let api = HouseholdAPI(household: try HouseholdAPITests.household())
        try await Application(router: api.router()).test(.router) { client in
            #expect(try await HouseholdAPITests.send(client, .post, "/apps", ["manifest": Self.listApp]).status == .created)
            #expect(try await HouseholdAPITests.send(client, .post, "/devices", ["id": "wrist", "profile": "watch"]).status == .created)
            func values(_ count: Int) -> [[String: Any]] { (0..<count).map { ["id": "v\($0)", "title": "List \($0)"] } }
            let huge = try await HouseholdAPITests.send(client, .put, "/apps/Lists/entities/TodoList", ["values": values(20_000)])
            #expect(huge.status == .contentTooLarge, "\(huge.json)")
            let many = try await HouseholdAPITests.send(client, .put, "/apps/Lists/entities/TodoList", ["values": values(600)])
            #expect(many.status == .unprocessableContent, "\(many.json)")
            #expect(((many.json["error"] as? [String: Any])?["message"] as? String)?.contains("would expand to 1200 in en-US; at most 1000") == true, "\(many.json)")
            let long = try await HouseholdAPITests.send(client, .put, "/apps/Lists/entities/TodoList",
                                                        ["values": [["id": "x", "title": String(repeating: "a", count: 5_000)]]])
            #expect(long.status == .contentTooLarge)
            #expect(try await HouseholdAPITests.send(client, .put, "/apps/Lists/entities/TodoList", ["values": values(500)]).status == .ok)
            let turn = try await HouseholdAPITests.say(client, "wrist", "Show list 499 in Lists")
            #expect(turn["outcome"] as? String == "success", "\(turn)")
            #expect(try await HouseholdAPITests.send(client, .get, "/health").status == .ok)
        }
    }

    @Test("only JSON in UTF-8 is JSON: application/jsonx and charset=utf-16 are 415, charset=utf-8 is taken")
    func contentTypes() async throws {
        let api = HouseholdAPI(household: try HouseholdAPITests.household())
        try await Application(router: api.router()).test(.router) { client in
            for type in ["application/jsonx", "application/json; charset=utf-16", "application/json-patch+json", "text/json", "application/json; boundary=x"] {
                let answer = try await HouseholdAPITests.send(client, .post, "/devices", ["id": "x", "profile": "homepod"], headers: [.contentType: type])
                #expect(answer.status == .unsupportedMediaType, "\(type)")
            }
            let fine = try await HouseholdAPITests.send(client, .post, "/devices", ["id": "x", "profile": "homepod"],
                                                        headers: [.contentType: "Application/JSON; Charset=UTF-8"])
            #expect(fine.status == .created)
        }
    }

    @Test("request heads are bounded: a 100 KB URL 414, a 1 MB header and 10,000 headers 431, a later oversized request 431, garbage 400; an idle socket and a half-sent head are answered 408 and closed; /health answers all along")
    func requestHeads() async throws {
        let api = HouseholdAPI(household: try HouseholdAPITests.household(), limits: .init(idleSeconds: 1))
        try await api.application().test(.live) { client in
            let port = try #require(client.port)
            let host = "Host: 127.0.0.1:\(port)\r\n"
            let url = try await RawHTTP.exchange(port, "GET /" + String(repeating: "a", count: 100_000) + " HTTP/1.1\r\n" + host + "\r\n")
            #expect(url.statuses == [414] && url.closed, "\(url)")
            let header = try await RawHTTP.exchange(port, "GET /health HTTP/1.1\r\n" + host + "X-Big: " + String(repeating: "b", count: 1 << 20) + "\r\n\r\n")
            #expect(header.statuses == [431] && header.closed, "\(header)")
            let many = try await RawHTTP.exchange(port, "GET /health HTTP/1.1\r\n" + host + (0..<10_000).map { "X-\($0): 1\r\n" }.joined() + "\r\n")
            #expect(many.statuses == [431] && many.closed, "\(many)")
            let later = try await RawHTTP.exchange(port, "GET /health HTTP/1.1\r\n" + host + "\r\n",
                                                   then: "GET /health HTTP/1.1\r\n" + host + "X-Big: " + String(repeating: "b", count: 40_000) + "\r\n\r\n")
            #expect(later.statuses == [200, 431] && later.closed, "\(later)")
            let garbage = try await RawHTTP.exchange(port, "\u{01}\u{02} NOT HTTP\r\n\r\n")
            #expect(garbage.statuses == [400] && garbage.closed, "\(garbage)")
            let idle = try await RawHTTP.exchange(port, "")
            #expect(idle.statuses == [408] && idle.closed, "\(idle)")
            let partial = try await RawHTTP.exchange(port, "GET /health HTTP/1.1\r\nHost: 127")
            #expect(partial.statuses == [408] && partial.closed, "\(partial)")
            let health = try await RawHTTP.exchange(port, "GET /health HTTP/1.1\r\n" + host + "Connection: close\r\n\r\n")
            #expect(health.statuses == [200], "\(health)")
        }
    }
}

extension HostileInputTests {
    @Test("a device stream that hears nothing is closed after its idle limit")
    func idleStream() async throws {
        let household = try HouseholdAPITests.household()
        _ = try await household.addDevice(id: "wrist", profile: "watch")
        let api = HouseholdAPI(household: household, limits: .init(streamIdleSeconds: 1))
        try await api.application().test(.live) { client in
            let port = try #require(client.port)
            let answer = try await RawHTTP.exchange(port, "GET /devices/wrist/stream HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\n"
                                                    + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
            #expect(answer.statuses == [101] && answer.closed, "\(answer)")
            #expect(answer.head.contains("idle for 1 s"), "\(answer)")
        }
    }

    @Test("500 idle connections are held, /health answers while they are open, and every one is closed after the idle time")
    func idleConnections() async throws {
        let api = HouseholdAPI(household: try HouseholdAPITests.household(), limits: .init(idleSeconds: 2))
        try await api.application().test(.live) { client in
            let port = try #require(client.port)
            // The test client connects as the server starts; let it finish before 500 sockets queue
            // for accept, or under load its connect can wait past its own 5 s limit.
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
            let sockets = (0..<500).map { _ in RawHTTP.connect(port) }
            #expect(sockets.allSatisfy { $0 >= 0 })
            let health = try await RawHTTP.exchange(port, "GET /health HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
            #expect(health.statuses == [200], "\(health)")
            let answers = await withCheckedContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(returning: sockets.map(RawHTTP.readToClose)) }
            }
            #expect(answers.filter { $0.closed && $0.statuses == [408] }.count == 500, "\(answers.filter { !$0.closed || $0.statuses != [408] }.prefix(3))")
        }
    }
}

/// A client on a raw socket: sends bytes, reads until the server closes (or 30 s), and parses the
/// status of every response it got.
enum RawHTTP {
    struct Exchange: CustomStringConvertible {
        var statuses: [Int]
        var closed: Bool
        var head: String
        var description: String { "statuses \(statuses), closed \(closed): \(head)" }
    }

    /// `then`: a second request, sent once the answer to the first (a `/health`) has arrived.
    static func exchange(_ port: Int, _ request: String, then second: String? = nil) async throws -> Exchange {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: blockingExchange(port, Array(request.utf8), then: second.map { Array($0.utf8) }))
            }
        }
    }

    /// A connected socket (reads time out after `readTimeout` seconds), or -1.
    static func connect(_ port: Int, readTimeout: Int = 30) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var limit = timeval(tv_sec: readTimeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return -1
        }
        return fd
    }

    /// What arrives on `fd` until the server closes it (or 30 s); the socket is closed after.
    static func readToClose(_ fd: Int32) -> Exchange {
        defer { close(fd) }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var closed = false
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count == 0 || (count < 0 && errno == ECONNRESET) { closed = true; break }
            if count < 0 { break }
            received += chunk[..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        let statuses = text.components(separatedBy: "HTTP/1.1 ").dropFirst().compactMap { Int($0.prefix(3)) }
        return Exchange(statuses: statuses, closed: closed, head: String(text.prefix(300)))
    }

    static func blockingExchange(_ port: Int, _ bytes: [UInt8], then second: [UInt8]?) -> Exchange {
        let fd = connect(port)
        guard fd >= 0 else { return Exchange(statuses: [], closed: false, head: "no connection") }
        func send(_ bytes: [UInt8]) {
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if count <= 0 { break }
                sent += count
            }
        }
        send(bytes)
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        if let second {
            while !String(decoding: received, as: UTF8.self).contains("{\"ok\":true}") {
                let count = read(fd, &chunk, chunk.count)
                if count <= 0 { break }
                received += chunk[..<count]
            }
            send(second)
        }
        var rest = readToClose(fd)
        let text = String(decoding: received, as: UTF8.self)
        rest.statuses = text.components(separatedBy: "HTTP/1.1 ").dropFirst().compactMap { Int($0.prefix(3)) } + rest.statuses
        return rest
    }
}

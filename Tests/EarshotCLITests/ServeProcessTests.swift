import EarshotTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `earshot serve` as a process: killed with SIGKILL in the middle of a burst of writes, restarted on
/// the same state file, it has every write it acknowledged.
@Suite("serve: the process", .serialized)
struct ServeProcessTests {
    /// A running `earshot serve` on a free port.
    final class Server: @unchecked Sendable {
        let process = Process()
        let port: Int

        init(state: String, arguments: [String] = []) throws {
            process.executableURL = try CLIExitTests.binary()
            process.arguments = ["serve", "--port", "0", "--state", state] + arguments
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            // "earshot: serving on http://127.0.0.1:PORT (state …)"
            var seen = ""
            var port: Int?
            let deadline = Date().addingTimeInterval(20)
            while port == nil, Date() < deadline {
                let chunk = errors.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                seen += String(decoding: chunk, as: UTF8.self)
                if let range = seen.range(of: #"serving on http://127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                    port = Int(seen[range].split(separator: ":").last ?? "")
                }
            }
            guard let port else {
                process.terminate()
                throw CancellationError()
            }
            self.port = port
        }

        func kill() {
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    static func request(_ port: Int, _ method: String, _ path: String, _ body: [String: Any]? = nil) async throws -> (Int, Data) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        request.httpMethod = method
        request.timeoutInterval = 10
        if let body {
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    /// A socket to `port` that has sent `bytes` and waits.
    static func openSocket(_ port: Int, sending bytes: String) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if !bytes.isEmpty { _ = Array(bytes.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
        return fd
    }

    @Test("SIGTERM stops the server while idle sockets, half-sent requests and a device stream are open; a token of spaces is refused at start-up")
    func terminated() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-term-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try Server(state: folder.appendingPathComponent("household.sqlite").path)
        let (status, _) = try await Self.request(server.port, "POST", "/devices", ["id": "kitchen", "profile": "homepod"])
        #expect(status == 201)
        var sockets = (0..<100).map { _ in Self.openSocket(server.port, sending: "") }
        sockets += (0..<10).map { _ in Self.openSocket(server.port, sending: "POST /devices HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n") }
        sockets += (0..<10).map { _ in
            Self.openSocket(server.port, sending: "POST /devices HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        }
        sockets.append(Self.openSocket(server.port, sending: "GET /devices/kitchen/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                                       + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"))
        defer { for fd in sockets { close(fd) } }
        try await Task.sleep(for: .milliseconds(500))
        #expect(server.process.isRunning)
        kill(server.process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(60)
        while server.process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(100)) }
        #expect(!server.process.isRunning, "still running after SIGTERM")
        if server.process.isRunning { server.kill() }

        let spaces = try await CLIExitTests.run(["serve", "--port", "0", "--state", folder.appendingPathComponent("other.sqlite").path,
                                                 "--token", String(repeating: " ", count: 16)], in: folder)
        #expect(spaces.status == 2)
        #expect(spaces.stderr.contains("--token has spaces or control characters in it."), "\(spaces.stderr)")
    }

    @Test("SIGKILL in the middle of a burst of writes: every acknowledged write is there after a restart")
    func killed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("household.sqlite").path
        let server = try Server(state: state)
        let port = server.port
        let acknowledged = AcknowledgedIDs()
        // Eight writers, each adding devices one after another; the server is killed while they write.
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for n in 0..<500 {
                        let id = "w\(writer)-\(n)"
                        guard let (status, _) = try? await Self.request(port, "POST", "/devices", ["id": id, "profile": n % 2 == 0 ? "homepod" : "watch"]) else { return }
                        if status == 201 { acknowledged.add(id) }
                    }
                }
            }
            group.addTask {
                while acknowledged.count < 200 { try? await Task.sleep(for: .milliseconds(5)) }
                server.kill()
            }
        }
        let ids = acknowledged.all
        #expect(ids.count >= 200)

        let again = try Server(state: state)
        defer { again.process.terminate(); again.process.waitUntilExit() }
        let (status, data) = try await Self.request(again.port, "GET", "/devices")
        #expect(status == 200)
        let devices = ((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["devices"] as? [[String: Any]]) ?? []
        let stored = Set(devices.compactMap { $0["id"] as? String })
        let lost = ids.subtracting(stored)
        #expect(lost.isEmpty, "\(lost.count) of \(ids.count) acknowledged writes lost: \(lost.sorted().prefix(5))")
        // Writes not acknowledged may or may not be there; nothing else is.
        #expect(stored.allSatisfy { $0.hasPrefix("w") })
    }

    @Test("off loopback without a token: refused at start, status 2, one line")
    func tokenRequired() async throws {
        let dir = try temporaryFolder("earshot-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try await CLIExitTests.run(["serve", "--host", "0.0.0.0", "--state", dir.appendingPathComponent("s.sqlite").path], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("needs a token"), "\(result.stderr)")
    }
}

/// Ids the server answered 201 for, from several writers.
final class AcknowledgedIDs: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: Set<String> = []
    func add(_ id: String) { lock.withLock { _ = ids.insert(id) } }
    var count: Int { lock.withLock { ids.count } }
    var all: Set<String> { lock.withLock { ids } }
}

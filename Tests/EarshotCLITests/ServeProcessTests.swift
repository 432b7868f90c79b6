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
        let dir = try CLIExitTests.temporaryDirectory()
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

import Earshot
import EarshotAudio
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `earshot serve` under load from this process (a second one, on loopback): text conversations and
/// audio streams at once, each a bounded loop of whole conversations; turns a second, latency
/// percentiles, and the server's peak memory.
public struct ServeBenchmark: Sendable {
    public struct Row: Sendable {
        public var label: String
        public var turns: Int
        public var errors: Int
        public var seconds: Double
        public var p50: Double
        public var p99: Double
        public var worst: Double
    }

    public var rows: [Row] = []
    /// The server's resident memory at its peak (VmHWM), in MiB.
    public var peakMemory: Double = 0
    public var textClients = 0
    public var audioClients = 0

    /// Starts `binary serve` on a free port with a new state file, installs the examples, and runs
    /// `text` text clients (each `conversations` conversations of 4 turns on its own HomePod or Watch)
    /// and `audio` audio clients (each `conversations` spoken conversations on a Watch) at once.
    public static func measure(binary: String = Bundle.main.executablePath ?? CommandLine.arguments[0], examples: String,
                               text: Int = 50, audio: Int = 4, conversations: Int = 10) async throws -> ServeBenchmark {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-serve-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = Process()
        server.executableURL = URL(fileURLWithPath: binary)
        server.arguments = ["serve", "--port", "0", "--state", folder.appendingPathComponent("household.sqlite").path]
        let errors = Pipe()
        server.standardError = errors
        server.standardOutput = FileHandle.nullDevice
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }
        var seen = ""
        var port: Int?
        while port == nil {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { throw BenchError("earshot serve did not start: \(seen)") }
            seen += String(decoding: chunk, as: UTF8.self)
            if let range = seen.range(of: #"serving on http://127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                port = Int(seen[range].split(separator: ":").last ?? "")
            }
        }
        let client = Client(port: port!)
        for app in ["soupchef", "demo"] {
            _ = try await client.send("POST", "/apps", json: ["path": (examples as NSString).appendingPathComponent(app)])
        }
        for n in 0..<text { _ = try await client.send("POST", "/devices", json: ["id": "text-\(n)", "profile": n % 2 == 0 ? "homepod" : "watch"]) }
        for n in 0..<audio { _ = try await client.send("POST", "/devices", json: ["id": "audio-\(n)", "profile": "watch"]) }
        // Warm each device once (sessions compiled, sentence model loaded), as a running server would be.
        for n in 0..<text { _ = try await client.send("POST", "/devices/text-\(n)/turns", json: ["text": "cancel"]) }

        // Spoken lines, synthesised once: a conversation of four turns on the Watch.
        let lines = ["Order soup with Soup Chef", "the second one", "yes", "yes"]
        let loop = try SpeechLoop()
        var speaker = try Bundled.profiles().profile("watch")
        speaker.voice.name = "en-us+f3"
        var clips: [Data] = []
        for line in lines {
            let path = folder.appendingPathComponent("clip-\(clips.count).wav").path
            try AudioFile.write(try await loop.speak(line, profile: speaker), to: path)
            clips.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        for n in 0..<audio { _ = try await client.send("POST", "/devices/audio-\(n)/turns", body: clips[2], type: "audio/wav") }
        let spoken = clips

        let start = ContinuousClock.now
        let results = await withTaskGroup(of: (kind: String, latencies: [Double], errors: Int).self) { group in
            for n in 0..<text {
                group.addTask {
                    var latencies: [Double] = []
                    var failed = 0
                    for _ in 0..<conversations {
                        for line in lines {
                            let begin = ContinuousClock.now
                            let status = (try? await client.send("POST", "/devices/text-\(n)/turns", json: ["text": line]))?.status ?? 0
                            latencies.append((ContinuousClock.now - begin).seconds)
                            if status != 200 { failed += 1 }
                        }
                    }
                    return ("text", latencies, failed)
                }
            }
            for n in 0..<audio {
                group.addTask {
                    var latencies: [Double] = []
                    var failed = 0
                    for _ in 0..<conversations {
                        for clip in spoken {
                            let begin = ContinuousClock.now
                            let status = (try? await client.send("POST", "/devices/audio-\(n)/turns", body: clip, type: "audio/wav"))?.status ?? 0
                            latencies.append((ContinuousClock.now - begin).seconds)
                            if status != 200 { failed += 1 }
                        }
                    }
                    return ("audio", latencies, failed)
                }
            }
            var all: [(String, [Double], Int)] = []
            for await result in group { all.append(result) }
            return all
        }
        let seconds = (ContinuousClock.now - start).seconds
        var bench = ServeBenchmark()
        bench.textClients = text
        bench.audioClients = audio
        for kind in ["text", "audio"] {
            let mine = results.filter { $0.0 == kind }
            let latencies = mine.flatMap(\.1).sorted()
            guard !latencies.isEmpty else { continue }
            bench.rows.append(Row(label: kind == "text" ? "\(text) text conversations" : "\(audio) audio streams", turns: latencies.count,
                                  errors: mine.map(\.2).reduce(0, +), seconds: seconds,
                                  p50: latencies[latencies.count / 2], p99: latencies[min(latencies.count - 1, latencies.count * 99 / 100)],
                                  worst: latencies.last!))
        }
        let status = (try? String(contentsOfFile: "/proc/\(server.processIdentifier)/status", encoding: .utf8)) ?? ""
        if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") {
            bench.peakMemory = kilobytes / 1024
        }
        return bench
    }

    public var markdown: String {
        var lines = ["| Load | Turns | Errors | Seconds | Turns/s | p50 | p99 | Worst |", "|---|---|---|---|---|---|---|---|"]
        for row in rows {
            lines.append(String(format: "| %@ | %d | %d | %.1f | %.0f | %.0f ms | %.0f ms | %.0f ms |", row.label, row.turns, row.errors, row.seconds,
                                Double(row.turns) / row.seconds, row.p50 * 1000, row.p99 * 1000, row.worst * 1000))
        }
        lines.append("")
        lines.append(String(format: "Server peak resident memory (VmHWM): %.0f MiB.", peakMemory))
        return lines.joined(separator: "\n")
    }

    /// HTTP on loopback.
    struct Client: Sendable {
        let port: Int

        func send(_ method: String, _ path: String, json: [String: String]) async throws -> (status: Int, body: Data) {
            try await send(method, path, body: try JSONSerialization.data(withJSONObject: json), type: "application/json")
        }

        func send(_ method: String, _ path: String, body: Data, type: String) async throws -> (status: Int, body: Data) {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
            request.httpMethod = method
            request.httpBody = body
            request.timeoutInterval = 120
            request.setValue(type, forHTTPHeaderField: "Content-Type")
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
        }
    }

    struct BenchError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

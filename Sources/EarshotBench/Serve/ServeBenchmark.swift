import Earshot
import EarshotAudio
import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `earshot serve` under load from this process (a second one, on loopback): text conversations over
/// HTTP and audio streams over the devices' WebSockets at once, each a bounded loop of whole conversations; turns a second, latency
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
        server.arguments = ["serve", "--port", "0", "--state", folder.appendingPathComponent("household.sqlite").path, "--apps-dir", examples]
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
        for n in 0..<audio { _ = try await client.send("POST", "/devices/audio-\(n)/turns", json: ["text": "cancel"]) }
        // The same lines as raw PCM with a second of quiet after each, for the streams.
        var pcm: [[UInt8]] = []
        for line in lines {
            var bytes: [UInt8] = []
            for sample in try await loop.speak(line, profile: speaker).samples + [Int16](repeating: 0, count: 16_000) {
                bytes += [UInt8(truncatingIfNeeded: sample), UInt8(truncatingIfNeeded: sample >> 8)]
            }
            pcm.append(bytes)
        }
        let spoken = pcm

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
                    // A microphone on the device's WebSocket: each line as PCM in 100 ms messages, then a
                    // second of quiet; the latency is from the last sample to the reply event.
                    let tally = Tally()
                    do {
                        try await WebSocketClient.connect(url: "ws://127.0.0.1:\(client.port)/devices/audio-\(n)/stream",
                                                          logger: Logger(label: "earshot-bench")) { inbound, outbound, _ in
                            var messages = inbound.messages(maxSize: 1 << 22).makeAsyncIterator()
                            for _ in 0..<conversations {
                                for pcm in spoken {
                                    for start in stride(from: 0, to: pcm.count, by: 3_200) {
                                        try await outbound.write(.binary(ByteBuffer(bytes: pcm[start..<min(start + 3_200, pcm.count)])))
                                    }
                                    let begin = ContinuousClock.now
                                    var replied = false
                                    var chunks = -1
                                    while chunks != 0, let message = try await messages.next() {
                                        switch message {
                                        case .text(let text):
                                            let event = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
                                            switch event["type"] as? String {
                                            case "reply":
                                                tally.add((ContinuousClock.now - begin).seconds)
                                                replied = true
                                                if event["outcome"] as? String == "not-understood" { tally.fail() }
                                            case "reply-audio": chunks = event["chunks"] as? Int ?? 0
                                            case "error": tally.fail(); chunks = 0
                                            default: break
                                            }
                                        case .binary: chunks -= 1
                                        }
                                    }
                                    if !replied { tally.fail() }
                                }
                            }
                            try await outbound.close(.normalClosure, reason: nil)
                        }
                    } catch {
                        tally.fail()
                    }
                    return ("audio", tally.latencies, tally.failures)
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
            bench.rows.append(Row(label: kind == "text" ? "\(text) text conversations (HTTP; latency per request)"
                                      : "\(audio) audio streams (WebSocket PCM; latency from the last sample to the reply)", turns: latencies.count,
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

    /// Latencies and failures of one stream, written from its WebSocket handler.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Double] = []
        private var failed = 0
        func add(_ latency: Double) { lock.withLock { values.append(latency) } }
        func fail() { lock.withLock { failed += 1 } }
        var latencies: [Double] { lock.withLock { values } }
        var failures: Int { lock.withLock { failed } }
    }

    struct BenchError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

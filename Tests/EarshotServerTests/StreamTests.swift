import Earshot
import EarshotAudio
import EarshotHousehold
import EarshotServer
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import Logging
import Testing

/// The device stream over a real WebSocket: PCM in, in small chunks as a microphone sends it; events
/// out as the conversation goes.
@Suite("serve: the WebSocket stream", .serialized)
struct StreamTests {
    @Test("an utterance streamed as PCM: speech started and stopped, transcript, match, reply, turn, then the reply as WAV; a typed line on the same socket")
    func stream() async throws {
        let household = try await HouseholdAPITests.wristWithDemo()
        let api = HouseholdAPI(household: household)
        let loop = try SpeechLoop()
        var speaker = try Bundled.profiles().profile("watch")
        speaker.voice.name = "en-us+f3"
        let speech = try await loop.speak("Summarize my shopping list with Demo", profile: speaker).samples
        // Half a second of quiet before, a second after: as a microphone would hear it.
        let stream = [Int16](repeating: 0, count: 8_000) + speech + [Int16](repeating: 0, count: 16_000)
        let events = Events()

        try await api.application().test(.live) { client in
            let port = try #require(client.port)
            try await WebSocketClient.connect(url: "ws://127.0.0.1:\(port)/devices/wrist/stream", logger: Logger(label: "test")) { inbound, outbound, _ in
                for start in stride(from: 0, to: stream.count, by: 1_600) {
                    let chunk = stream[start..<min(start + 1_600, stream.count)]
                    var bytes = [UInt8]()
                    bytes.reserveCapacity(chunk.count * 2)
                    for sample in chunk { bytes += [UInt8(truncatingIfNeeded: sample), UInt8(truncatingIfNeeded: sample >> 8)] }
                    try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
                }
                var typed = false
                var expected = 0
                var clip = Data()
                for try await message in inbound.messages(maxSize: 1 << 22) {
                    switch message {
                    case .text(let text):
                        events.add(text)
                        if let last = events.all("reply-audio").last, events.types.last == "reply-audio" { expected = last["chunks"] as? Int ?? 0 }
                    case .binary(let buffer):
                        clip += Data(buffer: buffer)
                        expected -= 1
                        guard expected == 0 else { continue }
                        events.addAudio(clip)
                        clip = Data()
                        if !typed {
                            typed = true
                            try await outbound.write(.text(#"{"type": "text", "text": "Summarize my work list with Demo"}"#))
                        } else {
                            try await outbound.close(.normalClosure, reason: nil)
                            return
                        }
                    }
                }
            }
        }
        let types = events.types
        #expect(Array(types.prefix(7)) == ["speech-started", "speech-stopped", "transcript", "match", "reply", "turn", "reply-audio"], "\(types) \(events.all("error"))")
        let transcript = try #require(events.first("transcript"))
        #expect((transcript["text"] as? String)?.lowercased() == "summarize my shopping list with demo", "\(transcript)")
        #expect(((events.first("match")?["match"]) as? [String: Any])?["intent"] as? String == "SummarizeList")
        #expect(events.first("reply")?["outcome"] as? String == "success")
        let started = try #require(events.first("speech-started")?["at"] as? Double)
        let stopped = try #require(events.first("speech-stopped")?["at"] as? Double)
        #expect(started > 0.3 && started < 0.8, "speech started at \(started) s")
        #expect(stopped > started + 1, "stopped at \(stopped) s")
        #expect(events.audio.count == 2 && events.audio.allSatisfy { $0.prefix(4) == Data("RIFF".utf8) })
        // Each clip is the whole WAV: its RIFF size is its length less 8.
        #expect(events.audio.allSatisfy { clip in
            clip.count > 44 && Int(clip[4]) | Int(clip[5]) << 8 | Int(clip[6]) << 16 | Int(clip[7]) << 24 == clip.count - 8
        })
        // The typed line: the same events but speech.
        let replies = events.all("reply")
        #expect(replies.count == 2 && replies[1]["outcome"] as? String == "success", "\(replies)")
    }

    @Test("streams refused: an unknown device, a missing token, one stream over the limit")
    func refused() async throws {
        let household = try HouseholdAPITests.household()
        _ = try await household.addDevice(id: "wrist", profile: "watch")
        let api = HouseholdAPI(household: household, token: "0123456789abcdef-secret", limits: .init(streams: 1))
        try await api.application().test(.live) { client in
            let port = try #require(client.port)
            /// The status of the first `error` event the stream sends after a typed message, or 0 when it
            /// sent none. A raw socket, not a WebSocket library: a refusal comes right after the upgrade, in
            /// the same read as the 101, where HummingbirdWSClient can lose it (and then waits forever).
            func refusal(_ path: String) async -> Int {
                await Task.detached { WebSocketProbe.firstErrorStatus(port: port, path: path) }.value
            }
            func connects(_ path: String) async -> Bool { await refusal(path) == 400 }
            #expect(await connects("/devices/wrist/stream?token=0123456789abcdef-secret"))
            #expect(await refusal("/devices/wrist/stream") == 401)
            #expect(await refusal("/devices/nowhere/stream?token=0123456789abcdef-secret") == 404)
            // One stream open (held on a raw socket past its upgrade until the test lets it go: a client library's
            // connect could lose the upgrade under load); a second is refused. The first is counted once its
            // upgrade is through, so the second is asked again until it is, for up to 10 s.
            let held = await Task.detached { WebSocketProbe.hold(port: port, path: "/devices/wrist/stream?token=0123456789abcdef-secret") }.value
            #expect(held >= 0)
            defer { if held >= 0 { close(held) } }
            var status = 0
            for _ in 0..<50 {
                status = await refusal("/devices/wrist/stream?token=0123456789abcdef-secret")
                if status == 429 { break }
                try await Task.sleep(for: .milliseconds(200))
            }
            #expect(status == 429)
        }
    }
}

/// A WebSocket client in a few lines over a blocking socket (with a 10 s read limit, so a test fails
/// rather than hangs): the handshake, one masked text frame, then the server's frames until the first
/// `error` event or the close.
enum WebSocketProbe {
    static func firstErrorStatus(port: Int, path: String) -> Int {
        let fd = RawHTTP.connect(port, readTimeout: 10)
        guard fd >= 0 else { return -1 }
        defer { close(fd) }
        let handshake = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        let payload = Array(#"{"type": "nonsense"}"#.utf8)
        let mask: [UInt8] = [1, 2, 3, 4]
        let frame = [0x81, 0x80 | UInt8(payload.count)] + mask + payload.enumerated().map { $1 ^ mask[$0 % 4] }
        let request = Array(handshake.utf8) + frame
        guard write(fd, request, request.count) == request.count else { return -1 }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            if let status = Self.errorStatus(in: received) { return status }
            let count = read(fd, &chunk, chunk.count)
            guard count > 0 else { return Self.errorStatus(in: received) ?? 0 }
            received += chunk[..<count]
        }
    }

    /// A stream opened and held: the handshake sent and the server's upgrade read, nothing more; the open
    /// socket (to close when done), or -1 when the upgrade did not come.
    static func hold(port: Int, path: String) -> Int32 {
        let fd = RawHTTP.connect(port, readTimeout: 10)
        guard fd >= 0 else { return -1 }
        let handshake = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        let request = Array(handshake.utf8)
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        if write(fd, request, request.count) == request.count {
            while !received.indices.dropLast(3).contains(where: { received[$0..<$0 + 4] == [13, 10, 13, 10] }) {
                let count = read(fd, &chunk, chunk.count)
                guard count > 0 else { break }
                received += chunk[..<count]
            }
        }
        guard received.starts(with: Array("HTTP/1.1 101".utf8)) else {
            close(fd)
            return -1
        }
        return fd
    }

    /// The `status` of the first text frame of type `error` after the HTTP response, if it has arrived.
    static func errorStatus(in bytes: [UInt8]) -> Int? {
        guard let end = bytes.indices.dropLast(3).first(where: { bytes[$0..<$0 + 4] == [13, 10, 13, 10] }) else { return nil }
        var at = end + 4
        while at + 2 <= bytes.count {
            let opcode = bytes[at] & 0x0F
            var length = Int(bytes[at + 1] & 0x7F)
            var start = at + 2
            if length == 126 {
                guard start + 2 <= bytes.count else { return nil }
                length = Int(bytes[start]) << 8 | Int(bytes[start + 1])
                start += 2
            }
            guard start + length <= bytes.count else { return nil }
            if opcode == 1, let event = (try? JSONSerialization.jsonObject(with: Data(bytes[start..<start + length]))) as? [String: Any],
               event["type"] as? String == "error" {
                return event["status"] as? Int ?? -1
            }
            at = start + length
        }
        return nil
    }
}

/// What the socket received.
final class Events: @unchecked Sendable {
    private let lock = NSLock()
    private var objects: [[String: Any]] = []
    private var clips: [Data] = []

    func add(_ text: String) {
        let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? ["type": "unreadable"]
        lock.withLock { objects.append(object) }
    }

    func addAudio(_ data: Data) { lock.withLock { clips.append(data) } }
    var types: [String] { lock.withLock { objects.compactMap { $0["type"] as? String } } }
    var audio: [Data] { lock.withLock { clips } }
    func first(_ type: String) -> [String: Any]? { all(type).first }
    func all(_ type: String) -> [[String: Any]] { lock.withLock { objects.filter { $0["type"] as? String == type } } }
}

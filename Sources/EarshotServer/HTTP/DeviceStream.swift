import EarshotAudio
import EarshotDialogue
import EarshotSignal
import Earshot
import EarshotHousehold
import Foundation
import HummingbirdWebSocket
import NIOCore
import Synchronization

/// A device's WebSocket (`/devices/{id}/stream`): 16 kHz mono 16-bit little-endian PCM in, as binary
/// messages of any size; JSON events out as the conversation goes — `speech-started`, `speech-stopped`,
/// `transcript`, `match`, `reply`, `turn`, `reply-audio` (followed by the reply's WAV bytes in
/// `chunks` binary messages of at most 16 KiB). A text message `{"type": "text", "text": ...}` is a typed turn; `{"type": "end"}` ends
/// the utterance being spoken. Utterances end after 0.8 s of silence or 15 s of speech.
struct DeviceStream: Sendable {
    /// The device went away: the stream closes.
    struct StreamEnded: Error {}

    let household: Household
    let device: String
    /// Silence that ends an utterance, and the longest one (seconds).
    var endSilence = 0.8
    var longest = 15.0
    /// Audio kept before speech starts (300 ms), so the first word is whole.
    let preRoll = 4_800
    /// The largest binary message sent.
    static let chunk = 16_384
    /// A stream with no message for this long is closed.
    var idle: Duration = .seconds(120)
    /// The longest typed turn, in characters.
    var turnText = 1_000

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        // The idle limit: a watch that closes the stream when no message came for `idle`.
        let lastHeard = LastHeard()
        let idle = idle
        let watch = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: .milliseconds(250))
                if lastHeard.since >= idle {
                    try? await outbound.close(.goingAway, reason: "idle for \(idle.components.seconds) s")
                    return
                }
            }
        }
        defer { watch.cancel() }
        do {
            try await serve(inbound: inbound, outbound: outbound, lastHeard: lastHeard)
        } catch is StreamEnded {
            try await outbound.close(.goingAway, reason: "the device is gone")
        }
    }

    private func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, lastHeard: LastHeard) async throws {
        var pointer = EndPointer()
        var buffer: [Int16] = []
        var offset = 0.0
        var started = false
        var odd: UInt8?

        func send(_ object: [String: Any]) async throws {
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
            try await outbound.write(.text(String(decoding: data, as: UTF8.self)))
        }

        /// A household error as an `error` event with the status the API would answer.
        func refuse(_ error: HouseholdError) async throws {
            let refusal = ServerError(error)
            try await send(["type": "error", "status": Int(refusal.status.code), "message": refusal.message])
            // The device is gone: nothing more can be heard here.
            if error.kind == .notFound { throw StreamEnded() }
        }

        func finishUtterance() async throws {
            let speechStart = pointer.speechStart ?? 0
            try await send(["type": "speech-stopped", "at": offset + pointer.seconds])
            let from = min(max(0, speechStart * EndPointer.frame - preRoll), buffer.count)
            let utterance = AudioBuffer(samples: Array(buffer[from...]))
            do {
                let turn = try await household.turn(device: device, audio: utterance)
                try await report(turn)
            } catch let error as HouseholdError {
                try await refuse(error)
            }
            offset += Double(buffer.count) / 16_000
            buffer = []
            pointer = EndPointer()
            started = false
        }

        func report(_ turn: Turn) async throws {
            let json = TranscriptWriter.json(turn)
            let object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any] ?? [:]
            try await send(["type": "transcript", "text": turn.heard.text, "source": turn.heard.source.rawValue,
                            "confidence": turn.heard.confidence ?? NSNull()])
            if let match = object["match"] as? [String: Any] { try await send(["type": "match", "match": match]) }
            try await send(["type": "reply", "text": turn.reply.text, "outcome": turn.outcome.rawValue])
            try await send(["type": "turn", "turn": object])
            if let url = turn.reply.audio, let number = Int64(url.split(separator: "/").last?.dropLast(4) ?? "") {
                let wav = try await household.replyAudio(device: device, turn: number)
                // In binary messages of at most 16 KiB, what WebSocket clients take by default.
                let chunks = stride(from: 0, to: wav.count, by: Self.chunk).map { wav[$0..<min($0 + Self.chunk, wav.count)] }
                try await send(["type": "reply-audio", "url": url, "bytes": wav.count, "chunks": chunks.count, "format": "audio/wav"])
                for chunk in chunks { try await outbound.write(.binary(ByteBuffer(bytes: chunk))) }
            }
        }

        for try await message in inbound.messages(maxSize: 1 << 20) {
            lastHeard.now()
            switch message {
            case .binary(var bytes):
                var raw = bytes.readBytes(length: bytes.readableBytes) ?? []
                if let carried = odd { raw.insert(carried, at: 0); odd = nil }
                if raw.count % 2 == 1 { odd = raw.removeLast() }
                var samples = [Int16](repeating: 0, count: raw.count / 2)
                for index in samples.indices {
                    samples[index] = Int16(bitPattern: UInt16(raw[2 * index]) | UInt16(raw[2 * index + 1]) << 8)
                }
                // 100 ms at a time, so a large message cannot carry an utterance past its limits.
                for start in stride(from: 0, to: samples.count, by: 1_600) {
                    let slice = Array(samples[start..<min(start + 1_600, samples.count)])
                    buffer += slice
                    pointer.process(slice)
                    if pointer.inSpeech, !started {
                        started = true
                        try await send(["type": "speech-started", "at": offset + Double(pointer.speechStart ?? 0) / 100])
                    }
                    let speaking = pointer.seconds - Double(pointer.speechStart ?? 0) / 100
                    if started, pointer.silence >= endSilence || speaking >= longest {
                        try await finishUtterance()
                    } else if !started, pointer.seconds > 30 {
                        // Half a minute of nothing: keep the stream small.
                        offset += Double(buffer.count) / 16_000
                        buffer = []
                        pointer = EndPointer()
                    }
                }
            case .text(let text):
                let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
                switch object?["type"] as? String {
                case "text":
                    guard let line = object?["text"] as? String else {
                        try await send(["type": "error", "status": 400, "message": "a text message needs \"text\"."])
                        continue
                    }
                    guard line.unicodeScalars.count <= turnText else {
                        try await send(["type": "error", "status": 413, "message": "the turn's text has \(line.unicodeScalars.count) characters; at most \(turnText)."])
                        continue
                    }
                    do {
                        try await report(try await household.turn(device: device, text: line))
                    } catch let error as HouseholdError {
                        try await refuse(error)
                    }
                case "end":
                    if started { try await finishUtterance() }
                default:
                    try await send(["type": "error", "status": 400,
                                    "message": "unknown message; send PCM as binary, or {\"type\": \"text\", \"text\": ...} or {\"type\": \"end\"}."])
                }
            }
        }
    }
}

/// When a stream last heard from its client.
final class LastHeard: Sendable {
    private let instant = Mutex(ContinuousClock.now)
    func now() { instant.withLock { $0 = .now } }
    var since: Duration { instant.withLock { $0.duration(to: .now) } }
}

import EarshotAudio
import NIOCore
import NIOPosix
import Synchronization

/// Limits on what one Wyoming client may send and how many may be connected.
public struct WyomingLimits: Sendable, Equatable {
    /// Sizes of one event's header, data and payload.
    public var frame: WyomingFrameLimits
    /// The longest utterance to transcribe, in seconds.
    public var maxAudioSeconds: Double
    /// Connections served at once; one more gets an `error` event ("too-many-connections") and is closed.
    public var maxConnections: Int
    /// A connection that sends nothing for this long gets an `error` event ("idle-timeout") and is
    /// closed; nil waits for ever.
    public var idleTimeout: Duration?

    public init(frame: WyomingFrameLimits = WyomingFrameLimits(), maxAudioSeconds: Double = 60, maxConnections: Int = 16,
                idleTimeout: Duration? = .seconds(300)) {
        self.frame = frame
        self.maxAudioSeconds = maxAudioSeconds
        self.maxConnections = maxConnections
        self.idleTimeout = idleTimeout
    }
}

/// A Wyoming protocol server over TCP (SwiftNIO): what Home Assistant's voice pipeline connects to
/// for speech to text, text to speech, intent recognition and intent handling, all answered by a
/// ``WyomingBackend``.
///
/// Each connection is one session: its events are answered in order, audio is collected until the
/// stream and the `transcribe` request are both complete. Unknown event types are dropped, as the
/// protocol asks. A frame that cannot be read (bad JSON, an over-limit size) and an utterance over the
/// audio limit get an `error` event {text, code} and the connection is closed; a request the backend
/// fails or does not offer gets an `error` event and the connection stays open.
///
/// ```swift
/// let server = WyomingServer(backend: backend, host: "0.0.0.0", port: 10300)
/// let port = try await server.start()
/// …
/// await server.stop()
/// ```
public final class WyomingServer: Sendable {
    /// The rate ``WyomingBackend/transcribe(samples:sampleRate:language:)`` always gets.
    public static let recognitionRate = AudioBuffer.recognitionRate
    /// Synthesised audio is sent in chunks of this many samples.
    static let samplesPerChunk = 1024

    public let backend: any WyomingBackend
    public let host: String
    /// The port asked for; 0 lets the system choose (``boundPort`` says which).
    public let port: Int
    public let limits: WyomingLimits

    private let state = Mutex(State())
    private let connections: Connections

    private struct State {
        var server: NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never>?
        var accepting: Task<Void, Never>?
        var boundPort: Int?
        var stopped = false
    }

    public init(backend: any WyomingBackend, host: String = "127.0.0.1", port: Int, limits: WyomingLimits = WyomingLimits()) {
        self.backend = backend
        self.host = host
        self.port = port
        self.limits = limits
        self.connections = Connections(limit: limits.maxConnections)
    }

    /// The port the server listens on, once started.
    public var boundPort: Int? { state.withLock { $0.boundPort } }

    /// The connections being served now.
    public var openConnections: Int { connections.count }

    /// Binds `host`:`port` and starts accepting connections; returns at once with the bound port.
    /// Calling it again returns the same port.
    ///
    /// - Throws: NIO's error when the address cannot be bound (in use, not this machine's);
    ///   `CancellationError` after ``stop()``.
    @discardableResult
    public func start() async throws -> Int {
        if let port = state.withLock({ $0.boundPort }) { return port }
        let limits = limits
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .bind(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let idle = limits.idleTimeout {
                        try channel.pipeline.syncOperations.addHandler(IdleStateHandler(readTimeout: TimeAmount(idle)))
                        try channel.pipeline.syncOperations.addHandler(IdleCloser(timeout: idle))
                    }
                    return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let bound = server.channel.localAddress?.port ?? port
        let accepting = Task { [backend, connections] in
            await Self.accept(on: server, connections: connections, backend: backend, limits: limits)
        }
        let (started, stopped) = state.withLock { state -> (Int?, Bool) in
            if state.stopped || state.boundPort != nil { return (state.boundPort, state.stopped) }
            state.server = server
            state.accepting = accepting
            state.boundPort = bound
            return (nil, false)
        }
        if stopped || started != nil {
            // Lost a race with another start() or with stop(): this listener is not wanted.
            accepting.cancel()
            try? await server.channel.close()
            if let started { return started }
            throw CancellationError()
        }
        return bound
    }

    /// Stops listening, closes every connection (a backend call in progress is cancelled) and returns
    /// when all are finished.
    public func stop() async {
        let (server, accepting) = state.withLock { state in
            state.stopped = true
            return (state.server, state.accepting)
        }
        try? await server?.channel.close()
        accepting?.cancel()
        await accepting?.value
    }

    /// Returns when the server has stopped.
    public func wait() async {
        await state.withLock { $0.accepting }?.value
    }

    // MARK: - Connections

    /// The connections being served, so that ``stop()`` can close them and a limit can be kept.
    private final class Connections: Sendable {
        let limit: Int
        private let open = Mutex<[ObjectIdentifier: any Channel]>([:])

        init(limit: Int) { self.limit = limit }

        var count: Int { open.withLock { $0.count } }

        func admit(_ channel: any Channel) -> Bool {
            open.withLock { open in
                guard open.count < limit else { return false }
                open[ObjectIdentifier(channel)] = channel
                return true
            }
        }

        func leave(_ channel: any Channel) {
            _ = open.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
        }

        func closeAll() {
            for channel in open.withLock({ Array($0.values) }) { channel.close(promise: nil) }
        }
    }

    private static func accept(on server: NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never>,
                               connections: Connections, backend: any WyomingBackend, limits: WyomingLimits) async {
        await withDiscardingTaskGroup { group in
            do {
                try await server.executeThenClose { inbound in
                    for try await connection in inbound {
                        if connections.admit(connection.channel) {
                            group.addTask {
                                await serve(connection, backend: backend, limits: limits)
                                connections.leave(connection.channel)
                            }
                        } else {
                            group.addTask {
                                await refuse(connection, WyomingEvent.error(
                                    "The server already has \(limits.maxConnections) connections; try again later.",
                                    code: "too-many-connections"))
                            }
                        }
                    }
                }
            } catch {
                // The listener was closed or failed: stop accepting, then close what is open.
            }
            connections.closeAll()
        }
    }

    private static func refuse(_ connection: NIOAsyncChannel<ByteBuffer, ByteBuffer>, _ event: WyomingEvent) async {
        try? await connection.executeThenClose { _, outbound in
            try await outbound.write(ByteBuffer(bytes: event.encoded()))
        }
    }

    /// One connection: events in, answers out, until the client leaves or a fatal error.
    private static func serve(_ connection: NIOAsyncChannel<ByteBuffer, ByteBuffer>, backend: any WyomingBackend,
                              limits: WyomingLimits) async {
        try? await connection.executeThenClose { inbound, outbound in
            var decoder = WyomingDecoder(limits: limits.frame)
            var session = WyomingSession(backend: backend, limits: limits)
            for try await bytes in inbound {
                decoder.append(bytes.readableBytesView)
                while !Task.isCancelled {
                    let event: WyomingEvent
                    do throws(WyomingFrameError) {
                        guard let next = try decoder.next() else { break }
                        event = next
                    } catch {
                        try await outbound.write(ByteBuffer(bytes: WyomingEvent.error(error.description, code: error.code).encoded()))
                        return
                    }
                    let answer = await session.respond(to: event)
                    if !answer.events.isEmpty {
                        var buffer = ByteBuffer()
                        for event in answer.events { buffer.writeBytes(event.encoded()) }
                        try await outbound.write(buffer)
                    }
                    if answer.close { return }
                }
            }
        }
    }
}

/// Closes a connection that has been silent too long, telling it why.
private final class IdleCloser: ChannelInboundHandler {
    typealias InboundIn = NIOAny
    typealias OutboundOut = ByteBuffer

    let timeout: Duration

    init(timeout: Duration) { self.timeout = timeout }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        let error = WyomingEvent.error("Closed after \(timeout) without an event.", code: "idle-timeout")
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: error.encoded())), promise: nil)
        context.close(promise: nil)
    }
}

// MARK: - The session

extension WyomingEvent {
    /// `error` {text, code}.
    static func error(_ text: String, code: String) -> WyomingEvent {
        WyomingEvent(type: "error", data: ["text": .string(text), "code": .string(code)])
    }

    /// `data` with `text` added when there is one.
    fileprivate static func reply(_ type: String, _ text: String?) -> WyomingEvent {
        WyomingEvent(type: type, data: text.map { ["text": .string($0)] } ?? [:])
    }
}

/// One connection's state: the audio being collected and whether a transcript was asked for.
struct WyomingSession {
    /// What to send back, and whether to close the connection afterwards.
    struct Answer {
        var events: [WyomingEvent]
        var close = false
    }

    /// An audio stream: its format, and its samples mixed down to mono 16-bit at `rate`.
    struct Audio {
        var rate: Int
        var samples: [Int16] = []
        /// The bytes of an incomplete frame at the end of the last chunk.
        var leftover: [UInt8] = []
        var finished = false
    }

    let backend: any WyomingBackend
    let limits: WyomingLimits
    let info: WyomingInfo
    /// `transcribe` has come (with this language) and waits for the end of the audio.
    var transcribe: (requested: Bool, language: String?) = (false, nil)
    var audio: Audio?

    init(backend: any WyomingBackend, limits: WyomingLimits) {
        self.backend = backend
        self.limits = limits
        self.info = backend.info
    }

    mutating func respond(to event: WyomingEvent) async -> Answer {
        switch event.type {
        case "describe":
            return Answer(events: [WyomingEvent(type: "info", data: info.eventData)])
        case "ping":
            return Answer(events: [WyomingEvent(type: "pong", data: ["text": event.data["text"] ?? .null])])
        case "transcribe":
            guard info.services.contains(.asr) else { return notSupported("speech to text (asr)") }
            transcribe = (true, event.string("language"))
            return audio?.finished == true ? await transcribeAudio() : Answer(events: [])
        case "audio-start":
            do throws(Refusal) {
                audio = Audio(rate: try format(of: event).rate)
                return Answer(events: [])
            } catch {
                return error.answer
            }
        case "audio-chunk":
            return collect(event)
        case "audio-stop":
            if audio == nil { audio = Audio(rate: WyomingServer.recognitionRate) }
            audio?.finished = true
            return transcribe.requested ? await transcribeAudio() : Answer(events: [])
        case "synthesize":
            guard info.services.contains(.tts) else { return notSupported("text to speech (tts)") }
            guard let text = event.string("text") else { return badRequest("`synthesize` needs a `text` string.") }
            return await synthesize(text, voice: event.data["voice"]?["name"]?.stringValue)
        case "recognize":
            guard info.services.contains(.intent) else { return notSupported("intent recognition (intent)") }
            guard let text = event.string("text") else { return badRequest("`recognize` needs a `text` string.") }
            return await call {
                switch try await $0.recognize(text: text) {
                case .recognized(let intent): WyomingEvent(type: "intent", data: intent.eventData)
                case .notRecognized(let reply): .reply("not-recognized", reply)
                }
            }
        case "transcript":
            guard info.services.contains(.handle) else { return notSupported("intent handling (handle)") }
            guard let text = event.string("text") else { return badRequest("`transcript` needs a `text` string.") }
            return await call { Self.handled(try await $0.handle(text: text)) }
        case "intent":
            guard info.services.contains(.handle) else { return notSupported("intent handling (handle)") }
            guard let intent = WyomingIntent(eventData: event.data) else { return badRequest("`intent` needs a `name` string.") }
            return await call { Self.handled(try await $0.handle(intent: intent)) }
        default:
            // select-program, synthesize-start/-chunk/-stop (the plain `synthesize` follows), and
            // anything newer: dropped, as the protocol asks of servers.
            return Answer(events: [])
        }
    }

    // MARK: Audio in

    /// An answer instead of going on.
    struct Refusal: Error {
        var answer: Answer
    }

    private func format(of event: WyomingEvent) throws(Refusal) -> (rate: Int, width: Int, channels: Int) {
        guard let rate = event.int("rate"), let width = event.int("width"), let channels = event.int("channels") else {
            throw Refusal(answer: badRequest("`\(event.type)` needs whole numbers `rate`, `width` and `channels`."))
        }
        guard (1_000...384_000).contains(rate), (1...4).contains(width), (1...32).contains(channels) else {
            throw Refusal(answer: Answer(events: [.error(
                "Audio at \(rate) Hz, \(width) bytes a sample, \(channels) channels cannot be read: rates 1000–384000, widths 1–4, 1–32 channels.",
                code: "audio-format")], close: true))
        }
        return (rate, width, channels)
    }

    private mutating func collect(_ chunk: WyomingEvent) -> Answer {
        let format: (rate: Int, width: Int, channels: Int)
        do throws(Refusal) {
            format = try self.format(of: chunk)
        } catch {
            return error.answer
        }
        if audio == nil || audio?.finished == true { audio = Audio(rate: format.rate) }
        guard var stream = audio else { return Answer(events: []) }
        guard stream.rate == format.rate else {
            return Answer(events: [.error("An audio chunk at \(format.rate) Hz in a stream at \(stream.rate) Hz.", code: "audio-format")],
                          close: true)
        }
        let frame = format.width * format.channels
        var bytes = stream.leftover
        bytes.append(contentsOf: chunk.payload)
        let whole = bytes.count - bytes.count % frame
        stream.samples.append(contentsOf: WyomingPCM.mono16(bytes[..<whole], width: format.width, channels: format.channels))
        stream.leftover = Array(bytes[whole...])
        if Double(stream.samples.count) > limits.maxAudioSeconds * Double(stream.rate) {
            audio = nil
            return Answer(events: [.error("The audio is longer than \(Self.seconds(limits.maxAudioSeconds)) s; send shorter utterances.",
                                          code: "audio-too-long")], close: true)
        }
        audio = stream
        return Answer(events: [])
    }

    private mutating func transcribeAudio() async -> Answer {
        let language = transcribe.language
        let utterance = audio ?? Audio(rate: WyomingServer.recognitionRate)
        transcribe = (false, nil)
        audio = nil
        let samples = AudioBuffer(samples: utterance.samples, sampleRate: utterance.rate)
            .resampled(to: WyomingServer.recognitionRate).samples
        return await call {
            let text = try await $0.transcribe(samples: samples, sampleRate: WyomingServer.recognitionRate, language: language)
            var data: [String: WyomingValue] = ["text": .string(text)]
            if let language { data["language"] = .string(language) }
            return WyomingEvent(type: "transcript", data: data)
        }
    }

    // MARK: Audio out

    private func synthesize(_ text: String, voice: String?) async -> Answer {
        let speech: (samples: [Int16], sampleRate: Int)
        do {
            speech = try await backend.synthesize(text: text, voice: voice)
        } catch {
            return failed(error)
        }
        guard speech.sampleRate > 0 else {
            return Answer(events: [.error("The synthesiser gave audio at \(speech.sampleRate) Hz.", code: "backend-failed")])
        }
        let format: [String: WyomingValue] = ["rate": .int(speech.sampleRate), "width": 2, "channels": 1]
        func timestamp(_ sample: Int) -> WyomingValue { .int(sample * 1000 / speech.sampleRate) }
        var events = [WyomingEvent(type: "audio-start", data: format.merging(["timestamp": 0]) { $1 })]
        var start = 0
        while start < speech.samples.count {
            let end = min(start + WyomingServer.samplesPerChunk, speech.samples.count)
            events.append(WyomingEvent(type: "audio-chunk", data: format.merging(["timestamp": timestamp(start)]) { $1 },
                                       payload: WyomingPCM.littleEndian(speech.samples[start..<end])))
            start = end
        }
        events.append(WyomingEvent(type: "audio-stop", data: ["timestamp": timestamp(speech.samples.count)]))
        return Answer(events: events)
    }

    // MARK: Answers

    private static func handled(_ handling: WyomingHandling) -> WyomingEvent {
        switch handling {
        case .handled(let reply): .reply("handled", reply)
        case .notHandled(let reply): .reply("not-handled", reply)
        }
    }

    /// One backend call answered with one event, or an `error` event when it throws.
    private func call(_ body: (any WyomingBackend) async throws -> WyomingEvent) async -> Answer {
        do {
            return Answer(events: [try await body(backend)])
        } catch {
            return failed(error)
        }
    }

    private func failed(_ error: any Error) -> Answer {
        Answer(events: [.error(error is CancellationError ? "Cancelled." : String(describing: error), code: "backend-failed")])
    }

    private func notSupported(_ service: String) -> Answer {
        Answer(events: [.error("\(info.name) does not offer \(service) (see `describe`).", code: "not-supported")])
    }

    private func badRequest(_ text: String) -> Answer {
        Answer(events: [.error(text, code: "bad-request")])
    }

    private static func seconds(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }
}

/// Raw PCM ↔ 16-bit samples.
enum WyomingPCM {
    /// Little-endian frames of `width` bytes (1: unsigned 8-bit; 2, 3, 4: signed) and `channels`
    /// interleaved channels, mixed down to mono 16-bit (the channels averaged, extra precision dropped).
    /// - Precondition: `bytes` holds whole frames.
    static func mono16(_ bytes: ArraySlice<UInt8>, width: Int, channels: Int) -> [Int16] {
        let frame = width * channels
        var samples = [Int16]()
        samples.reserveCapacity(bytes.count / frame)
        var index = bytes.startIndex
        while index + frame <= bytes.endIndex {
            var sum = 0
            for channel in 0..<channels {
                let at = index + channel * width
                switch width {
                case 1: sum += (Int(bytes[at]) - 128) << 8
                default: sum += Int(Int16(bitPattern: UInt16(bytes[at + width - 2]) | UInt16(bytes[at + width - 1]) << 8))
                }
            }
            samples.append(Int16(sum / channels))
            index += frame
        }
        return samples
    }

    /// 16-bit samples as little-endian bytes.
    static func littleEndian(_ samples: ArraySlice<Int16>) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(samples.count * 2)
        for sample in samples {
            let bits = UInt16(bitPattern: sample)
            bytes.append(UInt8(truncatingIfNeeded: bits))
            bytes.append(UInt8(truncatingIfNeeded: bits >> 8))
        }
        return bytes
    }
}

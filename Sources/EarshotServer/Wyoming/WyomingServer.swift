import EarshotAudio
import NIOCore
import NIOPosix
import Synchronization

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
                        try channel.pipeline.syncOperations.addHandler(WyomingIdleCloser(timeout: idle))
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

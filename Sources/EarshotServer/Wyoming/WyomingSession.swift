import EarshotAudio

extension WyomingEvent {
    /// `error` {text, code}.
    static func error(_ text: String, code: String) -> WyomingEvent {
        WyomingEvent(type: .error, data: ["text": .string(text), "code": .string(code)])
    }

    /// `data` with `text` added when there is one.
    fileprivate static func reply(_ type: WyomingEventType, _ text: String?) -> WyomingEvent {
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
        case .describe:
            return Answer(events: [WyomingEvent(type: .info, data: info.eventData)])
        case .ping:
            return Answer(events: [WyomingEvent(type: .pong, data: ["text": event.data["text"] ?? .null])])
        case .transcribe:
            guard info.services.contains(.asr) else { return notSupported("speech to text (asr)") }
            transcribe = (true, event.string("language"))
            return audio?.finished == true ? await transcribeAudio() : Answer(events: [])
        case .audioStart:
            do throws(Refusal) {
                audio = Audio(rate: try format(of: event).rate)
                return Answer(events: [])
            } catch {
                return error.answer
            }
        case .audioChunk:
            return collect(event)
        case .audioStop:
            if audio == nil { audio = Audio(rate: WyomingServer.recognitionRate) }
            audio?.finished = true
            return transcribe.requested ? await transcribeAudio() : Answer(events: [])
        case .synthesize:
            guard info.services.contains(.tts) else { return notSupported("text to speech (tts)") }
            guard let text = event.string("text") else { return badRequest("`synthesize` needs a `text` string.") }
            return await synthesize(text, voice: event.data["voice"]?["name"]?.stringValue)
        case .recognize:
            guard info.services.contains(.intent) else { return notSupported("intent recognition (intent)") }
            guard let text = event.string("text") else { return badRequest("`recognize` needs a `text` string.") }
            return await call {
                switch try await $0.recognize(text: text) {
                case .recognized(let intent): WyomingEvent(type: .intent, data: intent.eventData)
                case .notRecognized(let reply): .reply(.notRecognized, reply)
                }
            }
        case .transcript:
            guard info.services.contains(.handle) else { return notSupported("intent handling (handle)") }
            guard let text = event.string("text") else { return badRequest("`transcript` needs a `text` string.") }
            return await call { Self.handled(try await $0.handle(text: text)) }
        case .intent:
            guard info.services.contains(.handle) else { return notSupported("intent handling (handle)") }
            guard let intent = WyomingIntent(eventData: event.data) else { return badRequest("`intent` needs a `name` string.") }
            return await call { Self.handled(try await $0.handle(intent: intent)) }
        case .info, .pong, .error, .notRecognized, .handled, .notHandled, .other:
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
            return WyomingEvent(type: .transcript, data: data)
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
        var events = [WyomingEvent(type: .audioStart, data: format.merging(["timestamp": 0]) { $1 })]
        var start = 0
        while start < speech.samples.count {
            let end = min(start + WyomingServer.samplesPerChunk, speech.samples.count)
            events.append(WyomingEvent(type: .audioChunk, data: format.merging(["timestamp": timestamp(start)]) { $1 },
                                       payload: WyomingPCM.littleEndian(speech.samples[start..<end])))
            start = end
        }
        events.append(WyomingEvent(type: .audioStop, data: ["timestamp": timestamp(speech.samples.count)]))
        return Answer(events: events)
    }

    // MARK: Answers

    private static func handled(_ handling: WyomingHandling) -> WyomingEvent {
        switch handling {
        case .handled(let reply): .reply(.handled, reply)
        case .notHandled(let reply): .reply(.notHandled, reply)
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

    /// A backend's error as an `error` event: a ``WyomingError`` with its own code, any other as
    /// "backend-failed" with its description.
    private func failed(_ error: any Error) -> Answer {
        switch error {
        case let error as WyomingError: Answer(events: [.error(error.text, code: error.code)])
        case is CancellationError: Answer(events: [.error("Cancelled.", code: WyomingError.backendFailed)])
        default: Answer(events: [.error(String(describing: error), code: WyomingError.backendFailed)])
        }
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

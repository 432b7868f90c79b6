import CEspeakNG
import EarshotAudio
import Foundation
import Synchronization

/// espeak-ng: speaks replies (and the person's lines, for `test --audio`) in a profile's voice.
///
/// espeak-ng keeps global state and is not thread-safe: every call goes through one process-wide lock.
public struct Synthesizer: Sendable {
    /// An espeak-ng voice with its rate (words per minute) and pitch (0–99).
    public struct Voice: Sendable, Hashable {
        public var name: String
        public var rate: Int
        public var pitch: Int

        public init(name: String = "en-us", rate: Int = 175, pitch: Int = 50) {
            self.name = name
            self.rate = rate
            self.pitch = pitch
        }
    }

    public init() {}

    /// Speaks `text` in `voice`, as 16 kHz mono audio.
    public func speak(_ text: String, voice: Voice = Voice()) throws(SpeechError) -> AudioBuffer {
        let (samples, rate) = try Espeak.shared.withLock { engine throws(SpeechError) in
            try engine.synthesize(text, voice: voice)
        }
        return AudioBuffer(samples: samples, sampleRate: rate).resampled(to: AudioBuffer.recognitionRate)
    }

    /// The first stretch of audio espeak-ng delivers for `text` (synthesis stops there): what a device
    /// streaming its reply would start playing. For measuring the time to the first reply sample.
    public func speakFirstSamples(_ text: String, voice: Voice = Voice()) throws(SpeechError) -> AudioBuffer {
        let (samples, rate) = try Espeak.shared.withLock { engine throws(SpeechError) in
            try engine.synthesize(text, voice: voice, firstChunkOnly: true)
        }
        return AudioBuffer(samples: samples, sampleRate: rate)
    }

    /// espeak-ng's phonemes (IPA, phonemes separated by `_`) for `text`, in `voice`'s language.
    public func phonemes(_ text: String, voice: String = "en-us") throws(SpeechError) -> String {
        try Espeak.shared.withLock { engine throws(SpeechError) in try engine.phonemes(text, voice: voice) }
    }
}

/// The one espeak-ng engine of the process.
final class Espeak {
    static let shared = Mutex(Espeak())

    private var initialized = false
    private var currentVoice: String?

    /// Where the synthesis callback puts samples; only touched while the lock is held.
    nonisolated(unsafe) static var collected: [Int16] = []
    /// Whether the callback stops synthesis once it has samples; only touched while the lock is held.
    nonisolated(unsafe) static var stopAfterFirstChunk = false

    private func start() throws(SpeechError) {
        guard !initialized else { return }
        espeak_ng_InitializePath(nil)
        var context: espeak_ng_ERROR_CONTEXT? = nil
        let status = espeak_ng_Initialize(&context)
        guard status == ENS_OK else { throw Self.error(status, "espeak-ng could not start") }
        let output = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nil)
        guard output == ENS_OK else { throw Self.error(output, "espeak-ng could not open its output") }
        espeak_SetSynthCallback { wav, count, _ in
            if let wav, count > 0 { Espeak.collected.append(contentsOf: UnsafeBufferPointer(start: wav, count: Int(count))) }
            return Espeak.stopAfterFirstChunk && !Espeak.collected.isEmpty ? 1 : 0
        }
        initialized = true
    }

    private func select(_ voice: String) throws(SpeechError) {
        try start()
        guard currentVoice != voice else { return }
        // A voice name ("English_(America)"), a voice file ("gmw/en-US"), or a language with an
        // optional variant ("en-gb", "en-us+f3").
        var status = espeak_ng_SetVoiceByName(voice)
        if status != ENS_OK { status = espeak_ng_SetVoiceByFile(voice) }
        if status != ENS_OK {
            let parts = voice.split(separator: "+", maxSplits: 1).map(String.init)
            let variant = parts.count > 1 ? parts[1] : ""
            status = parts[0].withCString { language in
                var spec = espeak_VOICE()
                spec.languages = language
                spec.gender = variant.hasPrefix("f") ? 2 : variant.hasPrefix("m") ? 1 : 0
                spec.variant = UInt8(Int(variant.filter(\.isNumber)) ?? 0)
                return espeak_ng_SetVoiceByProperties(&spec)
            }
        }
        guard status == ENS_OK else {
            throw SpeechError("espeak-ng has no voice '\(voice)'.", fix: "List voices with `espeak-ng --voices`; e.g. en-us, en-gb, en-us+f3.")
        }
        currentVoice = voice
    }

    func synthesize(_ text: String, voice: Synthesizer.Voice, firstChunkOnly: Bool = false) throws(SpeechError) -> ([Int16], Int) {
        try select(voice.name)
        espeak_ng_SetParameter(espeakRATE, Int32(voice.rate), 0)
        espeak_ng_SetParameter(espeakPITCH, Int32(voice.pitch), 0)
        Espeak.collected = []
        Espeak.stopAfterFirstChunk = firstChunkOnly
        defer { Espeak.stopAfterFirstChunk = false }
        let status = text.withCString { pointer in
            espeak_ng_Synthesize(pointer, strlen(pointer) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, nil)
        }
        guard status == ENS_OK || (firstChunkOnly && !Espeak.collected.isEmpty) else { throw Self.error(status, "espeak-ng could not speak") }
        _ = espeak_ng_Synchronize()
        let samples = Espeak.collected
        Espeak.collected = []
        return (samples, Int(espeak_ng_GetSampleRate()))
    }

    func phonemes(_ text: String, voice: String) throws(SpeechError) -> String {
        try select(voice)
        var parts: [String] = []
        text.withCString { pointer in
            var cursor: UnsafeRawPointer? = UnsafeRawPointer(pointer)
            while cursor != nil {
                let mode = Int32(0x02 | (0x5F << 8)) // IPA, '_' between phonemes
                guard let result = espeak_TextToPhonemes(&cursor, Int32(espeakCHARS_UTF8), mode) else { break }
                parts.append(String(cString: result))
            }
        }
        return parts.joined(separator: " ")
    }

    static func error(_ status: espeak_ng_STATUS, _ what: String) -> SpeechError {
        var buffer = [CChar](repeating: 0, count: 512)
        espeak_ng_GetStatusCodeMessage(status, &buffer, buffer.count)
        let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return SpeechError("\(what): \(message).", fix: "Install espeak-ng and its data (`make setup`).")
    }
}

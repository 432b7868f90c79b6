import CPocketSphinx
import Dispatch
import EarshotAudio
import Foundation

extension Recognizer {
    /// A pocketsphinx decoder handed to another thread. A decoder is used by one thread at a time: the
    /// thread that starts work on it waits for that work before it touches the decoder again.
    struct DecoderHandle: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// Work running on another thread, and its result once it is done.
    final class Pending<Value: Sendable>: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        /// Written once by the worker before `done` is signalled, read only after waiting for it.
        private var value: Value?

        /// Starts `work` on a thread of its own at once. Not on a dispatch queue: the caller may be one of
        /// Swift concurrency's few pool threads, which then waits for the work, and the pool's queues need
        /// not give the work a thread of its own while it waits.
        init(_ work: @escaping @Sendable () -> Value) {
            let thread = Thread {
                self.value = work()
                self.done.signal()
            }
            // pocketsphinx's searches run on this thread's stack: as much as the main thread's.
            thread.stackSize = 8 << 20
            thread.start()
        }

        /// Work already done on this thread.
        init(finished value: Value) {
            self.value = value
            done.signal()
        }

        /// Waits for the work and gives its result (once).
        func wait() -> Value {
            done.wait()
            return value!
        }
    }

    /// What one decoding pass over a whole utterance gives: the hypothesis, its score, the frames, the
    /// words; with the decoding thread's processor seconds and the clock's seconds.
    struct Decoded: Sendable {
        var hypothesis: String
        var score: Int32
        var frames: Int32
        var words: [Recognition.Word]
        var processorSeconds: Double
        var seconds: Double
        /// False when pocketsphinx failed.
        var succeeded: Bool
    }

    /// Decodes all of `samples` with `search` of `decoder`, timing it on the calling thread. For a
    /// decoder no other thread is using.
    static func decodeWhole(_ samples: [Int16], decoder: DecoderHandle, search: String, phones: [Segment]) -> Decoded {
        let clock = ContinuousClock()
        let start = clock.now
        let processorStart = threadSeconds()
        guard ps_set_search(decoder.pointer, search) == 0, ps_start_utt(decoder.pointer) == 0 else {
            return Decoded(hypothesis: "", score: 0, frames: 0, words: [], processorSeconds: 0, seconds: 0, succeeded: false)
        }
        let processed = samples.withUnsafeBufferPointer { ps_process_raw(decoder.pointer, $0.baseAddress, $0.count, 0, 1) }
        // The utterance is ended whatever happened, so the decoder can start the next one.
        let ended = ps_end_utt(decoder.pointer)
        let (hypothesis, score, frames, words) = result(of: decoder.pointer, words: search != phoneLoop, phones: phones)
        return Decoded(hypothesis: hypothesis, score: score, frames: frames, words: words,
                       processorSeconds: threadSeconds() - processorStart, seconds: (clock.now - start).seconds,
                       succeeded: processed >= 0 && ended == 0)
    }

    /// A result with the processor seconds (of the thread that made it) and the clock's seconds it took.
    struct Measured<Value: Sendable>: Sendable {
        var value: Value
        var processorSeconds: Double
        var seconds: Double
    }

    /// Runs `body` on the calling thread, timing it.
    static func measured<Value: Sendable>(_ body: () -> Value) -> Measured<Value> {
        let clock = ContinuousClock()
        let start = clock.now
        let processorStart = threadSeconds()
        let value = body()
        return Measured(value: value, processorSeconds: threadSeconds() - processorStart, seconds: (clock.now - start).seconds)
    }

    /// Runs `here` on this thread and, when ``parallelPasses`` is on, `there` on another at the same time
    /// (else after it); gives both results.
    func both<A, B: Sendable>(_ here: () -> A, _ there: @escaping @Sendable () -> B) -> (A, B) {
        guard parallelPasses else {
            let a = here()
            return (a, there())
        }
        let pending = Pending(there)
        let a = here()
        return (a, pending.wait())
    }
}

extension Recognizer {
    /// The decoder of the language-model passes (the answers' check, the fallback's transcript), started
    /// with the main decoder's settings on first use: a decoder of their own, so they can run beside the
    /// framed pass on another processor.
    func languageModelDecoder() throws(SpeechError) -> OpaquePointer {
        if let existing = secondDecoder { return existing.decoder }
        let (config, decoder) = try Self.start(model, options: decoderArguments + languageModelPassOptions)
        secondDecoder = (config, decoder)
        return decoder
    }

    /// Gives `model` to the language-model passes' decoder (once per distinct model), with
    /// pronunciations for the words its dictionary lacks; returns the search's name.
    func prepareLanguageModelPass(_ model: DomainLanguageModel) throws(SpeechError) -> String {
        try give(model, to: try languageModelDecoder(), known: \.passLanguageModels)
    }
}

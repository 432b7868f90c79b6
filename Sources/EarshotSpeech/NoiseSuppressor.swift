import CSpeexDSP

/// Noise suppression before recognition: speexdsp's preprocessor (Debian's libspeexdsp), which estimates
/// the background's spectrum where no one speaks and takes it out of every frame, speech included.
///
/// Works on 20 ms frames of 16 kHz mono; samples given in other lengths wait for the rest of their
/// frame (``flush()`` hands out what is left). One instance per stream; not thread-safe.
public final class NoiseSuppressor {
    /// Samples in one frame: 20 ms at 16 kHz.
    public static let frameSize = 320
    /// How far (dB, negative) noise is pushed down at most.
    public let suppression: Int
    private var state: OpaquePointer
    /// Samples that do not fill a frame yet.
    private var pending: [Int16] = []

    /// - Parameter suppression: the most the noise is attenuated, in dB (negative; speexdsp's default is −15).
    public init(suppression: Int) {
        self.suppression = suppression
        state = Self.makeState(suppression: suppression)
    }

    private static func makeState(suppression: Int) -> OpaquePointer {
        let state = speex_preprocess_state_init(Int32(frameSize), 16_000)!
        var on: Int32 = 1
        var level = Int32(suppression)
        var off: Int32 = 0
        _ = speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_DENOISE, &on)
        _ = speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_NOISE_SUPPRESS, &level)
        // Loudness is the recognizer's business (its silence and voicing thresholds): no gain control, and
        // no dereverberation (it colours speech the acoustic model was trained on).
        _ = speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_AGC, &off)
        _ = speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_DEREVERB, &off)
        return state
    }

    deinit { speex_preprocess_state_destroy(state) }

    /// Forgets the background learnt so far and any pending samples.
    public func reset() {
        speex_preprocess_state_destroy(state)
        state = Self.makeState(suppression: suppression)
        pending = []
    }

    /// Learns the background of `samples` without suppressing anything: for a whole clip, so its first
    /// frames are cleaned with an estimate of its noise, not with one still being made.
    public func learn(_ samples: [Int16]) {
        var start = 0
        var frame = [Int16](repeating: 0, count: Self.frameSize)
        while start + Self.frameSize <= samples.count {
            for index in 0..<Self.frameSize { frame[index] = samples[start + index] }
            frame.withUnsafeMutableBufferPointer { speex_preprocess_estimate_update(state, $0.baseAddress) }
            start += Self.frameSize
        }
    }

    /// `samples` with the noise taken out, as far as they fill whole frames (with those waiting before
    /// them); the rest waits for the next call or ``flush()``.
    public func process(_ samples: [Int16]) -> [Int16] {
        pending.append(contentsOf: samples)
        let whole = pending.count / Self.frameSize * Self.frameSize
        guard whole > 0 else { return [] }
        var out = Array(pending[0..<whole])
        pending.removeFirst(whole)
        out.withUnsafeMutableBufferPointer { buffer in
            var start = 0
            while start < whole {
                _ = speex_preprocess_run(state, buffer.baseAddress! + start)
                start += Self.frameSize
            }
        }
        return out
    }

    /// The samples still waiting, cleaned as the start of a frame (padded with zeros that are dropped).
    public func flush() -> [Int16] {
        guard !pending.isEmpty else { return [] }
        let count = pending.count
        var frame = pending + [Int16](repeating: 0, count: Self.frameSize - count)
        pending = []
        _ = frame.withUnsafeMutableBufferPointer { speex_preprocess_run(state, $0.baseAddress) }
        return Array(frame[0..<count])
    }
}

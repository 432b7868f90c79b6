import EarshotALSA
import EarshotAudio

extension ALSACapture: LiveInput {
    public func nextBlock(frames: Int) throws -> AudioBuffer? {
        try read(frames: frames)
    }

    /// Drops what the device captured while the reply played: on a sound card, the reply's echo and
    /// whatever was said over it.
    public func discardWhileTalking(seconds: Double) throws -> Double {
        try discard(upTo: seconds)
    }
}

extension ALSAPlayback: LiveOutput {
    public func play(_ audio: AudioBuffer) throws {
        try write(audio)
    }

    public func finish() throws {}
}

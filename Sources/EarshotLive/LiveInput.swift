import EarshotAudio

/// Where a live session's audio comes from: a microphone (``ALSACapture``) or a recording
/// (``FileInput``), as 16 kHz mono blocks.
public protocol LiveInput: AnyObject {
    /// The next `frames` samples of 16 kHz mono audio (fewer at the end of a recording), or nil when
    /// the input has ended.
    func nextBlock(frames: Int) throws -> AudioBuffer?
    /// Forgets what the microphone picked up while the device was talking (`seconds` of its reply),
    /// so the device never hears itself; returns the seconds of audio dropped.
    func discardWhileTalking(seconds: Double) throws -> Double
}

/// A recording played as a microphone: the same loop as a live session, for reproducing one.
///
/// Time is the recording's: while the device talks, the reply's length of the recording is skipped,
/// as a microphone's audio would be (so a follow-up answer in the recording must start after the pause
/// a person leaves for the reply).
public final class FileInput: LiveInput {
    /// The whole recording, 16 kHz mono.
    public let audio: AudioBuffer
    /// Samples consumed so far.
    public private(set) var position = 0

    public init(_ audio: AudioBuffer) {
        self.audio = audio.sampleRate == AudioBuffer.recognitionRate ? audio : audio.resampled(to: AudioBuffer.recognitionRate)
    }

    /// Reads a recording (any format `AudioFile` reads).
    public convenience init(path: String) throws {
        self.init(try AudioFile.read(path))
    }

    public func nextBlock(frames: Int) throws -> AudioBuffer? {
        guard position < audio.samples.count else { return nil }
        let end = min(audio.samples.count, position + frames)
        defer { position = end }
        return AudioBuffer(samples: Array(audio.samples[position..<end]), sampleRate: AudioBuffer.recognitionRate)
    }

    public func discardWhileTalking(seconds: Double) throws -> Double {
        let end = min(audio.samples.count, position + Int(seconds * Double(AudioBuffer.recognitionRate)))
        defer { position = end }
        return Double(end - position) / Double(AudioBuffer.recognitionRate)
    }
}

import EarshotAudio
import Foundation

/// Where a live session's replies are played: a speaker (``ALSAPlayback``) or a file (``FileOutput``).
public protocol LiveOutput: AnyObject {
    /// Plays `audio` after what was played before; may return before it has all been heard.
    func play(_ audio: AudioBuffer) throws
    /// Returns when everything played so far has been heard.
    func drain() throws
    /// Ends the output (a file is written here, whole).
    func finish() throws
}

/// Replies collected into one WAV file (16-bit, 16 kHz mono), in the order they were spoken. The file is
/// written whole when the session ends, so an interrupted session leaves no half-written file.
public final class FileOutput: LiveOutput {
    public let path: String
    public private(set) var played: [Int16] = []

    public init(path: String) {
        self.path = path
    }

    public func play(_ audio: AudioBuffer) throws {
        played += (audio.sampleRate == AudioBuffer.recognitionRate ? audio : audio.resampled(to: AudioBuffer.recognitionRate)).samples
    }

    public func drain() throws {}

    public func finish() throws {
        // Written beside the destination, then renamed over it: whole or not at all.
        let partial = path + ".partial.wav"
        try AudioFile.write(AudioBuffer(samples: played, sampleRate: AudioBuffer.recognitionRate), to: partial)
        guard rename(partial, path) == 0 else {
            try? FileManager.default.removeItem(atPath: partial)
            throw AudioError.unwritable(path: path, reason: String(cString: strerror(errno)))
        }
    }
}

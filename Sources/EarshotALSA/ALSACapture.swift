import CALSA
import EarshotAudio
import Glibc

/// Records from an ALSA device as 16 kHz mono Int16, whatever the device runs at.
///
/// Overruns (the program read too late and the device dropped audio) are recovered with
/// `snd_pcm_recover` and counted in `overruns`; reading then goes on.
public final class ALSACapture {
    /// The open device and what it negotiated.
    public let device: ALSADevice
    /// How many overruns (or suspends) were recovered from so far.
    public private(set) var overruns = 0

    /// Opens `name` for capture; see `ALSADevice.init` for the negotiation.
    /// - Throws: `ALSAError` naming the device and a fix.
    public init(name: String = "default", configuration: ALSAConfiguration? = nil,
                bufferMicroseconds: Int = 200_000) throws {
        device = try ALSADevice(name: name, stream: .capture, configuration: configuration,
                                bufferMicroseconds: bufferMicroseconds)
    }

    /// Reads `frames` device frames (blocking) and returns them as 16 kHz mono.
    ///
    /// When the device rate is not 16 kHz, each block is resampled on its own (libsoxr, one-shot),
    /// so the length is `frames × 16000 / rate` rounded.
    /// - Throws: `ALSAError` of kind `.io` when the device fails beyond recovery.
    public func read(frames: Int) throws -> AudioBuffer {
        let negotiated = device.negotiated
        let frameBytes = device.bytesPerFrame
        var bytes = [UInt8](repeating: 0, count: frames * frameBytes)
        var done = 0
        while done < frames {
            let result = bytes.withUnsafeMutableBytes { raw in
                snd_pcm_readi(device.pcm, raw.baseAddress! + done * frameBytes, snd_pcm_uframes_t(frames - done))
            }
            if result >= 0 {
                done += result
            } else if result == -Int(EAGAIN) || result == -Int(EINTR) {
                continue
            } else {
                try recover(from: result)
            }
        }
        let mono = bytes.withUnsafeBytes {
            FrameConversion.mono($0, format: negotiated.format, channels: negotiated.channels)
        }
        return AudioBuffer(samples: mono, sampleRate: negotiated.rate).resampled(to: AudioBuffer.recognitionRate)
    }

    /// Reads `seconds` of audio (rounded to whole device frames) as 16 kHz mono.
    public func read(seconds: Double) throws -> AudioBuffer {
        try read(frames: max(0, Int((seconds * Double(device.negotiated.rate)).rounded())))
    }

    /// Reads and drops what the device has captured and not yet been read, up to `seconds` of it: after
    /// the device has talked for `seconds`, that is what the microphone picked up meanwhile. An overrun in
    /// the meantime (the reply was longer than the buffer) is recovered: the audio it lost is gone anyway.
    /// Returns the seconds dropped.
    /// - Throws: `ALSAError` of kind `.io` when the device fails beyond recovery.
    @discardableResult
    public func discard(upTo seconds: Double) throws -> Double {
        let available = snd_pcm_avail(device.pcm)
        guard available >= 0 else {
            try recover(from: Int(available))
            return 0
        }
        let frames = min(Int(available), Int(seconds * Double(device.negotiated.rate)))
        if frames > 0 { _ = try read(frames: frames) }
        return Double(max(0, frames)) / Double(device.negotiated.rate)
    }

    /// What a failed read does: recover the device (an overrun, a suspend) and count it, or throw.
    /// Tests call it with a forced code, since the file plugin never overruns.
    func recover(from code: Int) throws {
        try device.recover(from: code, while: "read audio")
        overruns += 1
    }
}

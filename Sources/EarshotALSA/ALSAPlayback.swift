import CALSA
import EarshotAudio
import Glibc

/// Plays `AudioBuffer`s on an ALSA device at whatever rate, format and channels it negotiated.
///
/// Underruns (the device ran out of audio) are recovered with `snd_pcm_recover` and counted in
/// `underruns`; writing then goes on.
public final class ALSAPlayback {
    /// The open device and what it negotiated.
    public let device: ALSADevice
    /// How many underruns (or suspends) were recovered from so far.
    public private(set) var underruns = 0

    /// Opens `name` for playback; see `ALSADevice.init` for the negotiation.
    /// - Throws: `ALSAError` naming the device and a fix.
    public init(name: String = "default", configuration: ALSAConfiguration? = nil,
                bufferMicroseconds: Int = 200_000) throws {
        device = try ALSADevice(name: name, stream: .playback, configuration: configuration,
                                bufferMicroseconds: bufferMicroseconds)
    }

    /// Writes `buffer` (blocking until the device has taken all of it), resampled to the
    /// device rate and copied to every channel.
    /// - Throws: `ALSAError` of kind `.io` when the device fails beyond recovery.
    public func write(_ buffer: AudioBuffer) throws {
        let negotiated = device.negotiated
        let samples = buffer.resampled(to: negotiated.rate).samples
        let bytes = FrameConversion.interleaved(samples, format: negotiated.format, channels: negotiated.channels)
        let frameBytes = device.bytesPerFrame
        let frames = samples.count
        var done = 0
        while done < frames {
            let result = bytes.withUnsafeBytes { raw in
                snd_pcm_writei(device.pcm, raw.baseAddress! + done * frameBytes, snd_pcm_uframes_t(frames - done))
            }
            if result >= 0 {
                done += result
            } else if result == -Int(EAGAIN) || result == -Int(EINTR) {
                continue
            } else {
                try recover(from: result)
            }
        }
    }

    /// Blocks until everything written has been played, then readies the device for the next write
    /// (a drained PCM is stopped: writing to it again would fail).
    /// - Throws: `ALSAError` of kind `.io` when draining fails.
    public func drain() throws {
        let code = snd_pcm_drain(device.pcm)
        guard code >= 0 else {
            throw ALSAError(kind: .io, device: device.name, stream: .playback, code: code, detail: "drain")
        }
        let prepared = snd_pcm_prepare(device.pcm)
        guard prepared >= 0 else {
            throw ALSAError(kind: .io, device: device.name, stream: .playback, code: prepared, detail: "prepare after drain")
        }
    }

    /// What a failed write does: recover the device (an underrun, a suspend) and count it, or throw.
    /// Tests call it with a forced code, since the file plugin never underruns.
    func recover(from code: Int) throws {
        try device.recover(from: code, while: "write audio")
        underruns += 1
    }
}

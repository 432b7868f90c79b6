import CALSA
import CALSAShims
import Glibc

/// What a device agreed to after negotiation.
public struct ALSANegotiated: Sendable, Equatable, CustomStringConvertible {
    /// The sample format on the wire.
    public var format: ALSASampleFormat
    /// Frames per second the device runs at (Earshot asks for 16 000).
    public var rate: Int
    /// Interleaved channels (Earshot asks for 1; more are downmixed or duplicated).
    public var channels: Int
    /// Frames per period (the unit of wake-ups).
    public var periodFrames: Int
    /// Frames in the whole ring buffer.
    public var bufferFrames: Int

    /// E.g. `S16_LE 16000 Hz 1 ch, period 800, buffer 3200 frames`.
    public var description: String {
        "\(format) \(rate) Hz \(channels) ch, period \(periodFrames), buffer \(bufferFrames) frames"
    }
}

/// An open, configured ALSA PCM (interleaved read/write access). Closed when released.
///
/// Not thread-safe: use one device from one task at a time.
public final class ALSADevice {
    /// The PCM name it was opened with.
    public let name: String
    /// Capture or playback.
    public let stream: ALSAStream
    /// What the device agreed to.
    public let negotiated: ALSANegotiated

    let pcm: OpaquePointer
    /// Kept alive for as long as the PCM may read it.
    private let configuration: ALSAConfiguration?

    /// alsa-lib prints every failure to stderr; the errors Earshot throws say it in one line instead.
    private static let silenced: Void = { earshot_alsa_quiet() }()

    /// Opens `name` (`default`, `hw:0`, a plugin name…) for `stream` and negotiates the format
    /// (S16_LE, else S32_LE, else FLOAT_LE), the rate (asks `rate`, accepts what the device sets)
    /// and the channels (asks 1, accepts what the device offers).
    ///
    /// - Parameters:
    ///   - configuration: a private configuration to look `name` up in; `nil` uses the system's.
    ///   - bufferMicroseconds: the ring buffer length to ask for (the device picks the nearest).
    /// - Throws: `ALSAError` naming the device and a fix.
    public init(name: String, stream: ALSAStream, configuration: ALSAConfiguration? = nil,
                rate: Int = 16_000, bufferMicroseconds: Int = 200_000) throws {
        _ = Self.silenced
        var handle: OpaquePointer?
        // Non-blocking open: a busy hardware device fails with EBUSY instead of waiting forever.
        let mode = Int32(SND_PCM_NONBLOCK)
        var code: Int32
        if let configuration {
            code = snd_pcm_open_lconf(&handle, name, stream.alsa, mode, configuration.top)
        } else {
            code = snd_pcm_open(&handle, name, stream.alsa, mode)
        }
        guard code >= 0, let handle else { throw ALSAError.opening(name, stream, code: code) }
        code = snd_pcm_nonblock(handle, 0)
        guard code >= 0 else {
            snd_pcm_close(handle)
            throw ALSAError(kind: .io, device: name, stream: stream, code: code, detail: "switch to blocking mode")
        }
        do {
            negotiated = try Self.negotiate(handle, name: name, stream: stream, rate: rate,
                                            bufferMicroseconds: bufferMicroseconds)
        } catch {
            snd_pcm_close(handle)
            throw error
        }
        self.name = name
        self.stream = stream
        self.pcm = handle
        self.configuration = configuration
    }

    deinit { snd_pcm_close(pcm) }

    private static func negotiate(_ pcm: OpaquePointer, name: String, stream: ALSAStream, rate: Int,
                                  bufferMicroseconds: Int) throws -> ALSANegotiated {
        func check(_ code: Int32, _ what: String) throws {
            guard code >= 0 else {
                let kind: ALSAError.Kind = code == -EINVAL ? .unsupported : .io
                throw ALSAError(kind: kind, device: name, stream: stream, code: code, detail: what)
            }
        }
        var params: OpaquePointer?
        try check(snd_pcm_hw_params_malloc(&params), "allocate hardware parameters")
        guard let params else { throw ALSAError(kind: .io, device: name, stream: stream, code: -ENOMEM, detail: "allocate hardware parameters") }
        defer { snd_pcm_hw_params_free(params) }

        try check(snd_pcm_hw_params_any(pcm, params), "read its hardware parameters")
        try check(snd_pcm_hw_params_set_access(pcm, params, SND_PCM_ACCESS_RW_INTERLEAVED), "use interleaved read/write access")

        guard let format = ALSASampleFormat.allCases.first(where: { snd_pcm_hw_params_test_format(pcm, params, $0.alsa) == 0 }) else {
            throw ALSAError(kind: .unsupported, device: name, stream: stream, code: 0, detail: "use S16_LE, S32_LE or FLOAT_LE samples")
        }
        try check(snd_pcm_hw_params_set_format(pcm, params, format.alsa), "set the format \(format)")

        var channels: UInt32 = 1
        if snd_pcm_hw_params_test_channels(pcm, params, 1) == 0 {
            try check(snd_pcm_hw_params_set_channels(pcm, params, 1), "set 1 channel")
        } else {
            try check(snd_pcm_hw_params_set_channels_near(pcm, params, &channels), "set a channel count")
        }

        var actualRate = UInt32(rate)
        var direction: Int32 = 0
        try check(snd_pcm_hw_params_set_rate_near(pcm, params, &actualRate, &direction), "set a rate near \(rate) Hz")

        var bufferTime = UInt32(bufferMicroseconds)
        try check(snd_pcm_hw_params_set_buffer_time_near(pcm, params, &bufferTime, &direction), "set the buffer length")
        var periodTime = UInt32(max(1, bufferMicroseconds / 4))
        try check(snd_pcm_hw_params_set_period_time_near(pcm, params, &periodTime, &direction), "set the period length")

        try check(snd_pcm_hw_params(pcm, params), "apply the hardware parameters")

        var period: snd_pcm_uframes_t = 0
        var buffer: snd_pcm_uframes_t = 0
        try check(snd_pcm_hw_params_get_period_size(params, &period, &direction), "read the period size")
        try check(snd_pcm_hw_params_get_buffer_size(params, &buffer), "read the buffer size")
        return ALSANegotiated(format: format, rate: Int(actualRate), channels: Int(channels),
                              periodFrames: Int(period), bufferFrames: Int(buffer))
    }

    /// Bytes in one interleaved frame.
    var bytesPerFrame: Int { negotiated.format.bytesPerSample * negotiated.channels }

    /// Recovers from an xrun (`-EPIPE`) or a suspend (`-ESTRPIPE`) with `snd_pcm_recover`;
    /// rethrows anything else as an `ALSAError` of kind `.io`.
    func recover(from code: Int, while what: String) throws {
        let result = snd_pcm_recover(pcm, Int32(code), 1)
        guard result >= 0 else {
            throw ALSAError(kind: .io, device: name, stream: stream, code: Int32(code), detail: what)
        }
    }
}

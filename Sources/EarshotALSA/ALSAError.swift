import CALSA
import EarshotErrors
import Glibc

/// Which way audio flows through an ALSA PCM.
public enum ALSAStream: Sendable, Equatable, CustomStringConvertible {
    /// Recording: the microphone side.
    case capture
    /// Playing: the speaker side.
    case playback

    /// `capture` or `playback`, as the messages say it.
    public var description: String {
        switch self {
        case .capture: "capture"
        case .playback: "playback"
        }
    }

    var alsa: snd_pcm_stream_t {
        switch self {
        case .capture: SND_PCM_STREAM_CAPTURE
        case .playback: SND_PCM_STREAM_PLAYBACK
        }
    }

    /// The command that lists the devices of this direction.
    var listCommand: String {
        switch self {
        case .capture: "arecord -L"
        case .playback: "aplay -L"
        }
    }

    /// The `earshot` option that picks a device of this direction.
    var option: String {
        switch self {
        case .capture: "--capture"
        case .playback: "--playback"
        }
    }
}

/// Something went wrong with an ALSA device; `description` is one line naming the device and a fix.
public struct ALSAError: UserFacingError, Equatable {
    /// What kind of failure, so callers can react without parsing the message.
    public enum Kind: Sendable, Equatable {
        /// The PCM name is unknown or the card is missing (`-ENOENT`, `-ENODEV`, `-ENXIO`).
        case noSuchDevice
        /// Another program holds the device (`-EBUSY`).
        case busy
        /// We may not open it (`-EACCES`, `-EPERM`).
        case permissionDenied
        /// The device offers no sample format, access or channel layout Earshot can use.
        case unsupported
        /// The configuration text given to `ALSAConfiguration` does not parse.
        case badConfiguration
        /// Reading or writing failed and could not be recovered.
        case io
    }

    /// The kind of failure.
    public let kind: Kind
    /// The PCM name, e.g. `default`, `hw:0` or a plugin name.
    public let device: String
    /// Capture or playback.
    public let stream: ALSAStream
    /// The negative errno alsa-lib returned (0 when the failure is Earshot's own finding).
    public let code: Int32
    /// What was being done, for `.unsupported` and `.io` (e.g. `set the access`).
    public let detail: String

    /// Builds an error; `code` is alsa-lib's negative errno.
    public init(kind: Kind, device: String, stream: ALSAStream, code: Int32, detail: String = "") {
        self.kind = kind
        self.device = device
        self.stream = stream
        self.code = code
        self.detail = detail
    }

    /// Classifies a failed `snd_pcm_open`.
    static func opening(_ device: String, _ stream: ALSAStream, code: Int32) -> ALSAError {
        let kind: Kind
        switch -code {
        case ENOENT, ENODEV, ENXIO: kind = .noSuchDevice
        case EBUSY, EAGAIN: kind = .busy
        case EACCES, EPERM: kind = .permissionDenied
        default: kind = .io
        }
        return ALSAError(kind: kind, device: device, stream: stream, code: code, detail: "open it")
    }

    /// alsa-lib's text for `code`.
    public var alsaMessage: String {
        code == 0 ? "" : String(cString: snd_strerror(code))
    }

    /// What went wrong with which device, ALSA's own words in brackets.
    public var message: String {
        let subject = "\(stream) device \"\(device)\""
        let alsa = code == 0 ? "" : " (ALSA: \(alsaMessage))"
        switch kind {
        case .noSuchDevice:
            return "\(subject): no such device\(alsa)"
        case .busy:
            return "\(subject): busy, another program is using it\(alsa)"
        case .permissionDenied:
            return "\(subject): permission denied\(alsa)"
        case .unsupported:
            return "\(subject): cannot \(detail)\(alsa)"
        case .badConfiguration:
            return "ALSA configuration for \(subject): does not parse\(alsa)"
        case .io:
            return "\(subject): failed to \(detail)\(alsa)"
        }
    }

    /// What to do about it.
    public var fix: String? {
        let pick = "list devices with '\(stream.listCommand)' and pass one with \(stream.option)."
        switch kind {
        case .noSuchDevice:
            return pick
        case .busy:
            return "close that program (see 'fuser -v /dev/snd/*') or \(pick)"
        case .permissionDenied:
            return "add yourself to the 'audio' group or \(pick)"
        case .unsupported:
            return "use a 'plug' device (e.g. \"plughw:0\" or \"default\") that converts, or \(pick)"
        case .badConfiguration:
            return "check the asoundrc text (\(detail))."
        case .io:
            return "check the device is still connected, or \(pick)"
        }
    }

    /// A sound device is no file a user wrote.
    public var sourceLocation: SourceLocation? { nil }

    /// One line: the device, what happened, alsa-lib's words and a fix.
    public var description: String {
        "\(message). Fix: \(fix ?? "")"
    }
}

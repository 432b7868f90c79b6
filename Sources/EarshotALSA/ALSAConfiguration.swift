import CALSA

/// A private ALSA configuration built from text, used instead of the system's
/// (`/usr/share/alsa/alsa.conf`, `~/.asoundrc`) when opening a device: no global state.
///
/// Only the PCMs defined in the text exist in it, so refer to slaves inline
/// (`slave.pcm { type null }`), not by system names such as `"null"`.
public final class ALSAConfiguration: @unchecked Sendable {
    // @unchecked: the tree is never modified after `init`; alsa-lib only reads it when opening.
    let top: OpaquePointer

    /// Parses `text` (asoundrc syntax).
    /// - Throws: `ALSAError` of kind `.badConfiguration` when alsa-lib rejects it.
    /// - Parameters:
    ///   - device: the device the text is for, named in errors; `stream` likewise.
    public init(text: String, device: String = "(any)", stream: ALSAStream = .capture) throws {
        var top: OpaquePointer?
        var code = snd_config_top(&top)
        guard code >= 0, let top else {
            throw ALSAError(kind: .badConfiguration, device: device, stream: stream, code: code, detail: "out of memory")
        }
        var input: OpaquePointer?
        let bytes = Array(text.utf8)
        code = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                snd_input_buffer_open(&input, chars.baseAddress, chars.count)
            }
        }
        if code >= 0, let input {
            code = snd_config_load(top, input)
            snd_input_close(input)
        }
        guard code >= 0 else {
            snd_config_delete(top)
            throw ALSAError(kind: .badConfiguration, device: device, stream: stream, code: code,
                            detail: "\(text.prefix(60))…")
        }
        self.top = top
    }

    deinit { snd_config_delete(top) }
}

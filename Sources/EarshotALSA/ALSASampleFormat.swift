import CALSA

/// The sample formats Earshot negotiates, in order of preference.
public enum ALSASampleFormat: Sendable, Equatable, CaseIterable, CustomStringConvertible {
    /// Signed 16-bit little-endian: what Earshot uses inside; no conversion.
    case s16LE
    /// Signed 32-bit little-endian: the top 16 bits are kept.
    case s32LE
    /// 32-bit float little-endian in −1…1.
    case floatLE

    /// ALSA's name, e.g. `S16_LE`.
    public var description: String {
        switch self {
        case .s16LE: "S16_LE"
        case .s32LE: "S32_LE"
        case .floatLE: "FLOAT_LE"
        }
    }

    /// Bytes per sample of one channel.
    public var bytesPerSample: Int {
        switch self {
        case .s16LE: 2
        case .s32LE, .floatLE: 4
        }
    }

    var alsa: snd_pcm_format_t {
        switch self {
        case .s16LE: SND_PCM_FORMAT_S16_LE
        case .s32LE: SND_PCM_FORMAT_S32_LE
        case .floatLE: SND_PCM_FORMAT_FLOAT_LE
        }
    }
}

/// Conversions between interleaved device frames and mono Int16 samples.
enum FrameConversion {
    /// Interleaved `bytes` of `channels` channels in `format` to mono Int16 (channels averaged).
    static func mono(_ bytes: UnsafeRawBufferPointer, format: ALSASampleFormat, channels: Int) -> [Int16] {
        let frames = bytes.count / (format.bytesPerSample * channels)
        var output = [Int16](repeating: 0, count: frames)
        for frame in 0..<frames {
            var sum = 0
            for channel in 0..<channels {
                let offset = (frame * channels + channel) * format.bytesPerSample
                sum += Int(sample(bytes, at: offset, format: format))
            }
            output[frame] = Int16(clamping: channels == 1 ? sum : (sum / channels))
        }
        return output
    }

    /// One sample at byte `offset` as Int16.
    private static func sample(_ bytes: UnsafeRawBufferPointer, at offset: Int, format: ALSASampleFormat) -> Int16 {
        switch format {
        case .s16LE:
            return Int16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int16.self))
        case .s32LE:
            return Int16(truncatingIfNeeded: Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)) >> 16)
        case .floatLE:
            let bits = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let scaled = (Float(bitPattern: bits) * 32768).rounded()
            if scaled.isNaN { return 0 }
            return Int16(max(-32768, min(32767, scaled)))
        }
    }

    /// Mono Int16 `samples` to interleaved bytes of `channels` channels (each a copy) in `format`.
    static func interleaved(_ samples: [Int16], format: ALSASampleFormat, channels: Int) -> [UInt8] {
        let width = format.bytesPerSample
        var bytes = [UInt8](repeating: 0, count: samples.count * channels * width)
        bytes.withUnsafeMutableBytes { out in
            for (frame, value) in samples.enumerated() {
                for channel in 0..<channels {
                    let offset = (frame * channels + channel) * width
                    switch format {
                    case .s16LE:
                        out.storeBytes(of: value.littleEndian, toByteOffset: offset, as: Int16.self)
                    case .s32LE:
                        out.storeBytes(of: (Int32(value) << 16).littleEndian, toByteOffset: offset, as: Int32.self)
                    case .floatLE:
                        out.storeBytes(of: (Float(value) / 32768).bitPattern.littleEndian, toByteOffset: offset, as: UInt32.self)
                    }
                }
            }
        }
        return bytes
    }
}

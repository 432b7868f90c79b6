/// Raw PCM ↔ 16-bit samples.
enum WyomingPCM {
    /// Little-endian frames of `width` bytes (1: unsigned 8-bit; 2, 3, 4: signed) and `channels`
    /// interleaved channels, mixed down to mono 16-bit (the channels averaged, extra precision dropped).
    /// - Precondition: `bytes` holds whole frames.
    static func mono16(_ bytes: ArraySlice<UInt8>, width: Int, channels: Int) -> [Int16] {
        let frame = width * channels
        var samples = [Int16]()
        samples.reserveCapacity(bytes.count / frame)
        var index = bytes.startIndex
        while index + frame <= bytes.endIndex {
            var sum = 0
            for channel in 0..<channels {
                let at = index + channel * width
                switch width {
                case 1: sum += (Int(bytes[at]) - 128) << 8
                default: sum += Int(Int16(bitPattern: UInt16(bytes[at + width - 2]) | UInt16(bytes[at + width - 1]) << 8))
                }
            }
            samples.append(Int16(sum / channels))
            index += frame
        }
        return samples
    }

    /// 16-bit samples as little-endian bytes.
    static func littleEndian(_ samples: ArraySlice<Int16>) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(samples.count * 2)
        for sample in samples {
            let bits = UInt16(bitPattern: sample)
            bytes.append(UInt8(truncatingIfNeeded: bits))
            bytes.append(UInt8(truncatingIfNeeded: bits >> 8))
        }
        return bytes
    }
}

import CSndfile
import Foundation

extension AudioFile {
    /// Decodes audio held in memory (a request body, any format ``read(_:limits:)`` takes) as mono 16-bit
    /// samples at `AudioBuffer.recognitionRate`, through libsndfile's virtual I/O: no temporary file.
    ///
    /// `name` stands for the bytes in errors (where ``read(_:limits:)`` gives the path). The size is
    /// checked against `limits` before anything is decoded, the duration as ``read(_:limits:)`` does.
    public static func decode(_ data: Data, name: String, limits: AudioLimits = .init()) throws(AudioError) -> AudioBuffer {
        guard !data.isEmpty else { throw .emptyFile(path: name) }
        guard data.count <= limits.maxBytes else { throw .tooLarge(path: name, bytes: data.count, limit: limits.maxBytes) }
        let stream = MemoryStream(Array(data))
        return try stream.withVirtualIO { io, user throws(AudioError) in
            let (file, info) = try open(name) { info in sf_open_virtual(&io, Int32(SFM_READ), &info, user) }
            defer { sf_close(file) }
            return try decode(file, info: info, path: name, limits: limits)
        }
    }

    /// Encodes `buffer` in memory as a mono file of the format `fileExtension` names (as
    /// ``write(_:to:)`` picks it: `wav`, `flac`, `ogg`, `opus`), through libsndfile's virtual I/O.
    public static func encode(_ buffer: AudioBuffer, as fileExtension: String = "wav") throws(AudioError) -> Data {
        let name = "audio.\(fileExtension)"
        guard buffer.sampleRate > 0 else {
            throw .unwritable(path: name, reason: "the sample rate \(buffer.sampleRate) Hz is not positive")
        }
        let stream = MemoryStream([])
        try stream.withVirtualIO { io, user throws(AudioError) in
            try encode(buffer, format: writeFormat(for: name), path: name) { info in sf_open_virtual(&io, Int32(SFM_WRITE), &info, user) }
        }
        return Data(stream.bytes)
    }
}

/// Bytes libsndfile reads and writes as if they were a file (its `SF_VIRTUAL_IO` callbacks).
final class MemoryStream {
    var bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Runs `body` with the callbacks and the pointer to this stream that `sf_open_virtual` takes; the
    /// stream outlives the call.
    func withVirtualIO<T, E: Error>(_ body: (inout SF_VIRTUAL_IO, UnsafeMutableRawPointer) throws(E) -> T) throws(E) -> T {
        var io = SF_VIRTUAL_IO(
            get_filelen: { user in sf_count_t(MemoryStream.from(user).bytes.count) },
            seek: { offset, whence, user in
                let stream = MemoryStream.from(user)
                let base: Int
                switch whence {
                case SEEK_SET: base = 0
                case SEEK_CUR: base = stream.position
                case SEEK_END: base = stream.bytes.count
                default: return -1
                }
                let target = base + Int(offset)
                guard target >= 0 else { return -1 }
                stream.position = target
                return sf_count_t(target)
            },
            read: { pointer, count, user in
                let stream = MemoryStream.from(user)
                let length = max(0, min(Int(count), stream.bytes.count - stream.position))
                guard length > 0, let pointer else { return 0 }
                stream.bytes.withUnsafeBytes { source in
                    pointer.copyMemory(from: source.baseAddress! + stream.position, byteCount: length)
                }
                stream.position += length
                return sf_count_t(length)
            },
            write: { pointer, count, user in
                let stream = MemoryStream.from(user)
                let length = Int(count)
                guard length > 0, let pointer else { return 0 }
                let end = stream.position + length
                if end > stream.bytes.count { stream.bytes += repeatElement(0, count: end - stream.bytes.count) }
                stream.bytes.withUnsafeMutableBytes { target in
                    (target.baseAddress! + stream.position).copyMemory(from: pointer, byteCount: length)
                }
                stream.position = end
                return sf_count_t(length)
            },
            tell: { user in sf_count_t(MemoryStream.from(user).position) }
        )
        return try withExtendedLifetime(self) { () throws(E) -> T in
            try body(&io, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    /// The stream behind a callback's user pointer.
    static func from(_ user: UnsafeMutableRawPointer?) -> MemoryStream {
        Unmanaged<MemoryStream>.fromOpaque(user!).takeUnretainedValue()
    }
}

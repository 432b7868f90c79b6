import CSndfile
import Foundation
import Synchronization

/// Reading audio files of any format libsndfile opens as 16 kHz mono, and writing WAV files.
public enum AudioFile {
    /// Reads the audio file at `path` as mono 16-bit samples at `AudioBuffer.recognitionRate`.
    ///
    /// Accepts whatever libsndfile opens (WAV with 8/16/24/32-bit integer or float samples, FLAC,
    /// Ogg Vorbis, AIFF, …) at any rate and channel count: channels are averaged to mono, the rate
    /// is converted with libsoxr, and samples are rounded and clipped to 16 bits.
    ///
    /// The file size and the duration in the header are checked against `limits` before any
    /// sample is read, so an over-long file is refused at once.
    ///
    /// A WAV whose header is intact but whose data is cut short reads as the samples that are
    /// there (libsndfile trims the length to the bytes present); garbage bytes after a valid
    /// header read as noise, since they cannot be told from audio.
    public static func read(_ path: String, limits: AudioLimits = .init()) throws(AudioError) -> AudioBuffer {
        try checkFile(path, limits: limits)
        let (file, info) = try open(path) { info in sf_open(path, Int32(SFM_READ), &info) }
        defer { sf_close(file) }
        return try decode(file, info: info, path: path, limits: limits)
    }

    /// The samples of an opened file (`path` names it in errors) as 16 kHz mono, the header's rate,
    /// channels and length checked against `limits` first.
    static func decode(_ file: OpaquePointer, info: SF_INFO, path: String, limits: AudioLimits) throws(AudioError) -> AudioBuffer {
        guard info.samplerate > 0, info.channels > 0 else {
            throw .corrupt(path: path, reason: "the header gives \(info.samplerate) Hz and \(info.channels) channels")
        }
        guard info.frames > 0 else { throw .noSamples(path: path) }
        let rate = Int(info.samplerate)
        // libsndfile gives SF_COUNT_MAX frames when a stream (a cut-short Ogg) does not say its
        // length: then the length is what reading finds, still bounded by the limit.
        let knownLength = info.frames < Int64.max / 2
        let seconds = Double(info.frames) / Double(rate)
        guard !knownLength || seconds <= limits.maxSeconds else {
            throw .tooLong(path: path, seconds: seconds, limit: limits.maxSeconds)
        }

        let mono = try readMono(file, path: path, channels: Int(info.channels), rate: rate,
                                expectedFrames: knownLength ? Int(info.frames) : 0, maxSeconds: limits.maxSeconds)
        guard !mono.isEmpty else { throw .noSamples(path: path) }
        let resampled = Resampler.resample(mono, from: rate, to: AudioBuffer.recognitionRate)
        return AudioBuffer(samples: PCM.int16(resampled), sampleRate: AudioBuffer.recognitionRate)
    }

    /// Writes `buffer` to `path` as a mono file at `buffer.sampleRate`, creating the parent folder when
    /// missing and replacing any file already there.
    ///
    /// The extension picks the format: `.flac` (lossless), `.ogg` (Vorbis) and `.opus` (Opus in Ogg)
    /// for compact fixtures, `.mp3` (MPEG Layer III, as crowd-sourced recordings come); anything else is a
    /// 16-bit PCM WAV.
    public static func write(_ buffer: AudioBuffer, to path: String) throws(AudioError) {
        guard buffer.sampleRate > 0 else {
            throw .unwritable(path: path, reason: "the sample rate \(buffer.sampleRate) Hz is not positive")
        }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
                guard isFolder.boolValue else {
                    throw .unwritable(path: path, reason: "\(folder) is a file, not a folder")
                }
            } else {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw .unwritable(path: path, reason: "cannot create the folder \(folder): \(error.localizedDescription)")
                }
            }
        }

        try encode(buffer, format: writeFormat(for: path), path: path) { info in sf_open(path, Int32(SFM_WRITE), &info) }
    }

    /// Writes `buffer` as a mono file of `format` (and compression quality) through the file `opener`
    /// opens for writing; `path` names it in errors.
    static func encode(_ buffer: AudioBuffer, format kind: (Int32, Double?), path: String,
                       opener: (inout SF_INFO) -> OpaquePointer?) throws(AudioError) {
        var info = SF_INFO()
        info.samplerate = Int32(clamping: buffer.sampleRate)
        info.channels = 1
        let (format, quality) = kind
        info.format = format
        let opened: Result<OpaquePointer, AudioError> = sndfileLock.withLock { _ in
            if let file = opener(&info) {
                if var quality { sf_command(file, Int32(SFC_SET_VBR_ENCODING_QUALITY), &quality, Int32(MemoryLayout<Double>.size)) }
                return .success(file)
            }
            return .failure(.unwritable(path: path, reason: String(cString: sf_strerror(nil))))
        }
        let file: OpaquePointer
        switch opened {
        case .success(let opened): file = opened
        case .failure(let error): throw error
        }
        let written = buffer.samples.withUnsafeBufferPointer { samples in
            sf_write_short(file, samples.baseAddress, sf_count_t(samples.count))
        }
        let writeError = written == sf_count_t(buffer.samples.count) ? nil : String(cString: sf_strerror(file))
        let closeStatus = sf_close(file)
        if let writeError {
            throw .unwritable(path: path, reason: writeError)
        }
        guard closeStatus == 0 else {
            throw .unwritable(path: path, reason: "closing the file failed (error \(closeStatus))")
        }
    }

    /// The libsndfile format (and compression quality, 0...1) a path's extension asks for.
    static func writeFormat(for path: String) -> (Int32, Double?) {
        switch (path as NSString).pathExtension.lowercased() {
        case "flac": (Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16), nil)
        case "ogg", "oga": (Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS), 0.6)
        case "opus": (Int32(SF_FORMAT_OGG | SF_FORMAT_OPUS), 0.04)
        case "mp3": (Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III), 0.6)
        default: (Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16), nil)
        }
    }

    // MARK: - Reading, step by step

    /// Checks what the file system says before libsndfile is involved: exists, not a folder,
    /// not empty, not too big.
    private static func checkFile(_ path: String, limits: AudioLimits) throws(AudioError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .notFound(path: path)
        }
        guard !isFolder.boolValue else { throw .isDirectory(path: path) }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        // A pipe, socket or device has no size to check and may never end: it is not read.
        if let type = attributes[.type] as? FileAttributeType, type != .typeRegular {
            let what = type == .typeCharacterSpecial || type == .typeBlockSpecial ? "a device" : type == .typeSocket ? "a socket" : "a pipe (FIFO)"
            throw .unreadable(path: path, reason: "it is \(what), not a regular file")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size > 0 else { throw .emptyFile(path: path) }
        guard size <= limits.maxBytes else {
            throw .tooLarge(path: path, bytes: size, limit: limits.maxBytes)
        }
    }

    /// Opens `path` for reading with `opener` (a file, or bytes in memory), turning libsndfile's failure
    /// into the matching error.
    static func open(_ path: String, opener: (inout SF_INFO) -> OpaquePointer?) throws(AudioError) -> (OpaquePointer, SF_INFO) {
        var info = SF_INFO()
        // libsndfile reports a failed open through a process-wide variable; read it under the lock.
        let result: Result<OpaquePointer, AudioError> = sndfileLock.withLock { _ in
            if let file = opener(&info) { return .success(file) }
            let code = sf_error(nil)
            let reason = String(cString: sf_strerror(nil))
            switch code {
            case Int32(SF_ERR_UNRECOGNISED_FORMAT):
                return .failure(.notAudio(path: path, reason: reason))
            case Int32(SF_ERR_SYSTEM):
                return .failure(.unreadable(path: path, reason: reason))
            default:
                return .failure(.corrupt(path: path, reason: reason))
            }
        }
        switch result {
        case .success(let file): return (file, info)
        case .failure(let error): throw error
        }
    }

    /// Reads every frame as floats, averaging the channels, in chunks so a many-channel file
    /// never sits in memory interleaved.
    private static func readMono(_ file: OpaquePointer, path: String, channels: Int, rate: Int,
                                 expectedFrames: Int, maxSeconds: Double) throws(AudioError) -> [Float] {
        let maxFrames = Int((maxSeconds * Double(rate)).rounded(.up))
        let chunkFrames = 16_384
        var chunk = [Float](repeating: 0, count: chunkFrames * channels)
        var mono: [Float] = []
        mono.reserveCapacity(min(expectedFrames, maxFrames))
        while true {
            let got = chunk.withUnsafeMutableBufferPointer { buffer in
                Int(sf_readf_float(file, buffer.baseAddress, sf_count_t(chunkFrames)))
            }
            if got <= 0 { break }
            if channels == 1 {
                mono.append(contentsOf: chunk[0..<got])
            } else {
                let scale = 1 / Float(channels)
                for frame in 0..<got {
                    var sum: Float = 0
                    let start = frame * channels
                    for channel in 0..<channels { sum += chunk[start + channel] }
                    mono.append(sum * scale)
                }
            }
            if mono.count > maxFrames {
                // The header understated the length; refuse rather than read on.
                throw .tooLong(path: path, seconds: Double(mono.count) / Double(rate), limit: maxSeconds)
            }
        }
        if sf_error(file) != Int32(SF_ERR_NO_ERROR) {
            throw .corrupt(path: path, reason: String(cString: sf_strerror(file)))
        }
        return mono
    }
}

/// Serialises `sf_open`, whose failures libsndfile records in one process-wide variable.
private let sndfileLock = Mutex(())

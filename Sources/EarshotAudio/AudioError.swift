import EarshotErrors

/// Why an audio file could not be read or written.
///
/// Its `description` is one line for the user: `"<path>: <what is wrong>. Fix: <what to do>"`.
public enum AudioError: UserFacingError, Equatable {
    /// Nothing exists at the path.
    case notFound(path: String)
    /// The path names a folder.
    case isDirectory(path: String)
    /// The file has 0 bytes.
    case emptyFile(path: String)
    /// libsndfile does not recognise the file as audio (`reason` is its `sf_strerror` text).
    case notAudio(path: String, reason: String)
    /// The file looks like audio but its header is damaged or its encoding unsupported
    /// (`reason` is libsndfile's `sf_strerror` text).
    case corrupt(path: String, reason: String)
    /// The file is valid audio but holds no samples (0 frames).
    case noSamples(path: String)
    /// The audio lasts longer than the limit, judged from the header before reading samples.
    case tooLong(path: String, seconds: Double, limit: Double)
    /// The file is bigger than the limit, judged from its size on disk before opening it.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// The file exists but cannot be read (permissions, I/O error); `reason` says why.
    case unreadable(path: String, reason: String)
    /// The file (or its folder) cannot be written; `reason` says why.
    case unwritable(path: String, reason: String)

    /// The file the error is about, as the caller gave it.
    public var path: String {
        switch self {
        case .notFound(let path), .isDirectory(let path), .emptyFile(let path), .noSamples(let path),
             .notAudio(let path, _), .corrupt(let path, _), .unreadable(let path, _), .unwritable(let path, _),
             .tooLong(let path, _, _), .tooLarge(let path, _, _):
            return path
        }
    }

    /// What is wrong, without the path or the fix.
    public var problem: String {
        switch self {
        case .notFound:
            return "no such file"
        case .isDirectory:
            return "is a folder, not an audio file"
        case .emptyFile:
            return "the file is empty (0 bytes)"
        case .notAudio(_, let reason):
            return "not an audio file in a format Earshot can read (\(Self.clean(reason)))"
        case .corrupt(_, let reason):
            return "the audio file is damaged or uses an unsupported encoding (\(Self.clean(reason)))"
        case .noSamples:
            return "the audio file holds no samples (0 frames)"
        case .tooLong(_, let seconds, let limit):
            return "the audio lasts \(Self.format(seconds)) s, over the limit of \(Self.format(limit)) s"
        case .tooLarge(_, let bytes, let limit):
            return "the file is \(Self.megabytes(bytes)), over the limit of \(Self.megabytes(limit))"
        case .unreadable(_, let reason):
            return "cannot be read (\(Self.clean(reason)))"
        case .unwritable(_, let reason):
            return "cannot be written (\(Self.clean(reason)))"
        }
    }

    /// What the user can do about it.
    private var advice: String {
        switch self {
        case .notFound:
            return "check the spelling and the folder, or give the full path"
        case .isDirectory:
            return "give the path of an audio file inside it"
        case .emptyFile, .noSamples:
            return "record or export the audio again; the file has no sound in it"
        case .notAudio(let path, _):
            return "give a WAV, FLAC or Ogg file (convert others first, e.g. `ffmpeg -i \(Self.quoted(path)) out.wav`)"
        case .corrupt:
            return "record or export it again, e.g. as 16-bit PCM WAV"
        case .tooLong(let path, _, let limit):
            return "cut it to at most \(Self.format(limit)) s, e.g. `sox \(Self.quoted(path)) out.wav trim 0 \(Self.format(limit))`"
        case .tooLarge(let path, _, _):
            return "cut it shorter, or convert it to 16 kHz mono, e.g. `sox \(Self.quoted(path)) -r 16000 -c 1 out.wav`"
        case .unreadable:
            return "check the file's permissions and that it is not still being written"
        case .unwritable:
            return "check that the folder is writable and the disk has space"
        }
    }

    /// One line: `"<path>: <what is wrong>. Fix: <what to do>"`.
    /// ``problem``, for ``UserFacingError``.
    public var message: String { problem }

    /// What to do about it.
    public var fix: String? { advice }

    /// The file.
    public var sourceLocation: SourceLocation? { SourceLocation(file: path) }

    public var description: String {
        "\(path): \(problem). Fix: \(advice)"
    }

    /// libsndfile's messages end in a period and may hold newlines; make them fit inside parentheses.
    static func clean(_ reason: String) -> String {
        var text = Substring(reason.split(whereSeparator: \.isNewline).joined(separator: " "))
        while let last = text.last, last == "." || last == " " || last == "\t" { text.removeLast() }
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        return text.isEmpty ? "no details" : String(text)
    }

    /// `path` as a shell word: unchanged when safe, otherwise in single quotes.
    static func quoted(_ path: String) -> String {
        let safe = path.unicodeScalars.allSatisfy { scalar in
            (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
                || "/._-+,:@%".unicodeScalars.contains(scalar)
        }
        if safe && !path.isEmpty { return path }
        return "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }

    /// Seconds as a short number: `300`, `3600`, `1.5`.
    static func format(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "\(seconds)" }
        let rounded = (seconds * 10).rounded() / 10
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }

    /// Bytes as megabytes (10⁶ bytes), one decimal when needed.
    static func megabytes(_ bytes: Int) -> String {
        "\(format(Double(bytes) / 1_000_000)) MB"
    }
}

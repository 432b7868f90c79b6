import EarshotDigest
import EarshotModel
import Foundation

/// Writing a report where the user asked, without losing a file of theirs.
///
/// Every report Earshot writes carries a signature: `earshot-signature:` and the SHA-256 of the whole
/// text as written (with the signature's own 64 digits as zeros). A file is replaced without `--force`
/// only when it holds exactly one such signature and it matches its content: a report Earshot wrote
/// and nobody changed since. Anything else (a note, a script that mentions Earshot, an edited or
/// older report, a symbolic link, a device or pipe) needs `--force`.
public enum ReportFile {
    /// What `earshot check --sarif` writes near the top of its log (the run's `automationDetails.id`).
    public static let sarifMark = "earshot check/"

    /// What precedes the signature's 64 hex digits.
    public static let signatureLabel = "earshot-signature:"

    /// The signature before it is computed: a renderer may place it where its format allows a value
    /// (SARIF's property bag); ``sign(_:)`` otherwise adds it as a comment at the end.
    public static let unsignedSignature = signatureLabel + String(repeating: "0", count: 64)

    /// The largest file read to check its signature: a bigger one is not a report of ours.
    static let largestReport = 256 << 20

    /// `text` with its signature: the placeholder filled in, or, when `text` has none, an XML/HTML
    /// comment line added at its end.
    public static func sign(_ text: String) -> String {
        var unsigned = text
        if !text.contains(unsignedSignature) {
            if !unsigned.hasSuffix("\n") { unsigned += "\n" }
            unsigned += "<!-- \(unsignedSignature) -->\n"
        }
        let digest = sha256(Data(unsigned.utf8))
        return unsigned.replacingOccurrences(of: unsignedSignature, with: signatureLabel + digest)
    }

    /// Whether `data` is a report Earshot wrote, unchanged: one signature, and it matches.
    public static func isSigned(_ data: Data) -> Bool {
        let label = Array(signatureLabel.utf8)
        let bytes = [UInt8](data)
        var found: Int?
        var index = 0
        while index + label.count + 64 <= bytes.count {
            if bytes[index] == label[0], bytes[index..<(index + label.count)].elementsEqual(label) {
                guard found == nil else { return false }
                found = index + label.count
                index += label.count
            } else {
                index += 1
            }
        }
        guard let start = found else { return false }
        let digits = bytes[start..<(start + 64)]
        guard digits.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return false }
        var unsigned = bytes
        unsigned.replaceSubrange(start..<(start + 64), with: [UInt8](repeating: 48, count: 64))
        return sha256(Data(unsigned)) == String(decoding: digits, as: UTF8.self)
    }

    /// The SHA-256 of `data` in lower-case hex (OpenSSL's libcrypto).
    static func sha256(_ data: Data) -> String {
        SHA256.hex(of: data)
    }

    /// Checks, before a run, that a report can go to `path`: not a folder, and, unless `force`,
    /// nothing but an earlier report Earshot wrote (signed and unchanged, not a link to one).
    ///
    /// - Throws: ``LoadError`` naming the path and the fix.
    public static func check(_ path: String, option: String, force: Bool) throws(LoadError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFDIR {
            throw LoadError(SourceLocation(file: path), "is a folder.", fix: "Give \(option) a file path, e.g. \(option) out/report.")
        }
        if force { return }
        let fix = "Choose another \(option) file, or add --force to replace it."
        if kind == S_IFLNK {
            throw LoadError(SourceLocation(file: path), "is a symbolic link; Earshot does not replace links.", fix: fix)
        }
        guard kind == S_IFREG else {
            throw LoadError(SourceLocation(file: path), "already exists and is not a regular file.", fix: fix)
        }
        guard Int(status.st_size) <= largestReport, let handle = FileHandle(forReadingAtPath: path),
              let data = try? handle.readToEnd(), Self.isSigned(data) else {
            throw LoadError(SourceLocation(file: path), "already exists and is not an earlier Earshot report.", fix: fix)
        }
        try? handle.close()
    }

    /// Writes `text`, signed (``sign(_:)``), to `path` whole: into a new temporary file beside it,
    /// then renamed over it.
    ///
    /// - Throws: ``LoadError`` when ``check(_:option:force:)`` refuses the path, or it cannot be written.
    public static func write(_ text: String, to path: String, option: String, force: Bool) throws(LoadError) {
        try check(path, option: option, force: force)
        let folder = (path as NSString).deletingLastPathComponent
        let partial = (folder.isEmpty ? "." : folder) + "/.\((path as NSString).lastPathComponent).\(UUID().uuidString).partial"
        do {
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try Data(sign(text).utf8).write(to: URL(fileURLWithPath: partial), options: .withoutOverwriting)
        } catch {
            try? FileManager.default.removeItem(atPath: partial)
            throw LoadError(SourceLocation(file: path), "cannot be written (\(error.localizedDescription)).",
                            fix: "Check that the folder is writable, or choose another \(option) path.")
        }
        // rename(2) replaces a file at once: the old report stays whole until the new one takes its place.
        guard rename(partial, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: partial)
            throw LoadError(SourceLocation(file: path), "cannot be written (\(reason)).",
                            fix: "Check that the folder is writable, or choose another \(option) path.")
        }
    }
}

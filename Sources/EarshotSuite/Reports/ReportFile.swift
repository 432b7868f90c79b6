import EarshotModel
import Foundation

/// Writing a report where the user asked, without losing a file of theirs.
public enum ReportFile {
    /// The marks of the reports `earshot test` writes: an earlier report of ours is replaced, anything
    /// else needs `force`.
    static let marks = ["<testsuites name=\"earshot test\"", "<meta name=\"generator\" content=\"earshot test\">"]

    /// Writes `text` to `path` (whole, through a temporary file beside it).
    ///
    /// - Throws: ``LoadError`` when `path` holds a file that is not an earlier Earshot report and `force` is
    ///   off, or when it cannot be written.
    public static func write(_ text: String, to path: String, option: String, force: Bool) throws(LoadError) {
        if !force, FileManager.default.fileExists(atPath: path) {
            let head = FileManager.default.contents(atPath: path).map { String(decoding: $0.prefix(4096), as: UTF8.self) } ?? ""
            if !marks.contains(where: head.contains) {
                throw LoadError(SourceLocation(file: path), "already exists and is not an earlier Earshot report.",
                                fix: "Choose another \(option) file, or add --force to replace it.")
            }
        }
        let folder = (path as NSString).deletingLastPathComponent
        do {
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            let partial = path + ".partial"
            try Data(text.utf8).write(to: URL(fileURLWithPath: partial))
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            try FileManager.default.moveItem(atPath: partial, toPath: path)
        } catch {
            throw LoadError(SourceLocation(file: path), "cannot be written (\(error.localizedDescription)).",
                            fix: "Check that the folder exists and is writable, or choose another \(option) path.")
        }
    }
}

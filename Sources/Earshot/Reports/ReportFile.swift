import EarshotModel
import Foundation

/// Writing a report where the user asked, without losing a file of theirs.
public enum ReportFile {
    /// The marks of the reports Earshot writes (`earshot test`'s JUnit and HTML, `earshot check`'s SARIF):
    /// an earlier report of ours is replaced, anything else needs `force`.
    static let marks = ["<testsuites name=\"earshot test\"", "<meta name=\"generator\" content=\"earshot test\">", sarifMark]

    /// What `earshot check --sarif` writes near the top of its log (the run's `automationDetails.id`).
    public static let sarifMark = "earshot check/"

    /// Checks, before a run, that a report can go to `path`: not a folder, and not a file of the user's
    /// (anything but an earlier Earshot report) unless `force`.
    ///
    /// - Throws: ``LoadError`` naming the path and the fix.
    public static func check(_ path: String, option: String, force: Bool) throws(LoadError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return }
        if isFolder.boolValue {
            throw LoadError(SourceLocation(file: path), "is a folder.", fix: "Give \(option) a file path, e.g. \(option) out/report.")
        }
        if !force {
            let head = FileManager.default.contents(atPath: path).map { String(decoding: $0.prefix(4096), as: UTF8.self) } ?? ""
            if !marks.contains(where: head.contains) {
                throw LoadError(SourceLocation(file: path), "already exists and is not an earlier Earshot report.",
                                fix: "Choose another \(option) file, or add --force to replace it.")
            }
        }
    }

    /// Writes `text` to `path` whole: into a new temporary file beside it, then renamed over it.
    ///
    /// - Throws: ``LoadError`` when ``check(_:option:force:)`` refuses the path, or it cannot be written.
    public static func write(_ text: String, to path: String, option: String, force: Bool) throws(LoadError) {
        try check(path, option: option, force: force)
        let folder = (path as NSString).deletingLastPathComponent
        let partial = (folder.isEmpty ? "." : folder) + "/.\((path as NSString).lastPathComponent).\(UUID().uuidString).partial"
        do {
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try Data(text.utf8).write(to: URL(fileURLWithPath: partial), options: .withoutOverwriting)
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

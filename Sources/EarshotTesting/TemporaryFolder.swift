import Foundation

/// A new empty folder under the system's temporary folder, named `<prefix>-<UUID>`; it stays after the
/// test (the system clears it), so a failing test's files can be looked at.
public func temporaryFolder(_ prefix: String = "earshot-test") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A fresh temporary folder, removed when the value goes.
public struct TemporaryFolder: ~Copyable {
    /// The folder's path.
    public let path: String

    public init(_ prefix: String = "earshot-test") throws {
        path = try temporaryFolder(prefix).path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }
}

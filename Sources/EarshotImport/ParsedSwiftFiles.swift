import Foundation
import Synchronization

/// Swift files already checked and parsed, by path, for a process that imports the same folder again and
/// again (the fuzz target imports one app 10⁶ times, one file changed each time): a file whose bytes
/// are the same as last time is neither checked nor parsed again. Holds the last version of each path.
public final class ParsedSwiftFiles: Sendable {
    private let files = Mutex<[String: (data: Data, file: SwiftFile)]>([:])

    public init() {}

    /// The file parsed from exactly `data` at `path`, if it is the one held.
    func file(_ path: String, data: Data) -> SwiftFile? {
        files.withLock { files in
            guard let held = files[path], held.data == data else { return nil }
            return held.file
        }
    }

    func store(_ file: SwiftFile, data: Data) {
        files.withLock { $0[file.path] = (data, file) }
    }
}

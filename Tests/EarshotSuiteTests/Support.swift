import EarshotModel
import EarshotTesting
import Foundation
@testable import EarshotSuite

/// Writes a test file into a new temporary folder and returns its path. `$ROOT` in `text` is the package root.
func writeTestFile(_ text: String, name: String = "t.convo.yaml") throws -> String {
    let path = try temporaryFolder("earshot-suite").appendingPathComponent(name).path
    try text.replacingOccurrences(of: "$ROOT", with: packageRoot.path).write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// Loads a suite from one test file's text, returning the error if it does not load.
func loadError(_ text: String) throws -> (path: String, error: LoadError?) {
    let path = try writeTestFile(text)
    do {
        _ = try TestSuite.load(paths: [path])
        return (path, nil)
    } catch {
        return (path, error)
    }
}

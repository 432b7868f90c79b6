import EarshotModel
import Foundation
@testable import EarshotSuite

/// The package root: three folders up from this file.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A path inside the package.
func repoPath(_ relative: String) -> String { packageRoot.appendingPathComponent(relative).path }

/// A new empty folder under the system's temporary folder.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-suite-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Writes a test file into a new temporary folder and returns its path. `$ROOT` in `text` is the package root.
func writeTestFile(_ text: String, name: String = "t.convo.yaml") throws -> String {
    let path = try temporaryFolder().appendingPathComponent(name).path
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

/// Runs the processes `arguments` names and returns its exit status and output.
func runTool(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

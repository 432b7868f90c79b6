import Foundation

/// Runs the program `arguments` names (looked up on the PATH), in `folder` when given, and returns its
/// exit status and what it wrote to standard output and standard error.
public func runTool(_ arguments: [String], in folder: URL? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
    let out = Pipe(), err = Pipe()
    let process = try start(arguments, in: folder, stdout: out, stderr: err)
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

/// Runs the program `arguments` names, in `folder` when given, and returns its exit status and its
/// standard output and standard error as one text, in the order written.
public func runToolMerged(_ arguments: [String], in folder: URL? = nil) throws -> (status: Int32, output: String) {
    let pipe = Pipe()
    let process = try start(arguments, in: folder, stdout: pipe, stderr: pipe)
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

private func start(_ arguments: [String], in folder: URL?, stdout: Pipe, stderr: Pipe) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    return process
}

/// Validates the SARIF log at `log` against the OASIS SARIF 2.1.0 schema vendored in
/// Tests/EarshotReviewTests/Fixtures, with scripts/validate_sarif.py (Python's jsonschema).
public func validateSARIF(_ log: URL) throws -> (status: Int32, output: String) {
    try runToolMerged(["python3", repoPath("scripts/validate_sarif.py"),
                       repoPath("Tests/EarshotReviewTests/Fixtures/sarif-schema-2.1.0.json"), log.path])
}

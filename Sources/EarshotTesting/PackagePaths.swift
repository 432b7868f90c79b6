import Foundation

/// The package root: the checkout the tests run from (two folders up from this file's folder), where
/// the examples, the audio fixtures and the development sets are.
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A path inside the package, e.g. `repoPath("examples/soupchef")`.
public func repoPath(_ relative: String) -> String { packageRoot.appendingPathComponent(relative).path }

import EarshotImport
import EarshotModel
import EarshotTesting
import Foundation

/// A folder of app sources written for one test, deleted at the end of the process's temp cleanup.
struct SourceFolder {
    let path: String

    init(_ files: [String: String]) throws {
        path = try temporaryFolder("earshot-import").path
        for (name, text) in files {
            let file = (path as NSString).appendingPathComponent(name)
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        }
    }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// Imports without the cache.
    func imported(name: String? = "Tide") throws -> AppImporter.Result {
        try AppImporter(name: name, cacheDirectory: nil).importApp([path])
    }

    func manifest(name: String? = "Tide") throws -> (AppManifest, [AppManifest.Violation], AppImporter.Result) {
        let result = try imported(name: name)
        let (manifest, violations) = try result.manifest()
        return (manifest, violations, result)
    }
}

/// The 1-based line of the first line of `text` that contains `needle`.
func line(of needle: String, in text: String) -> Int? {
    text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(needle) }.map { $0 + 1 }
}

/// A minimal intent with one enum parameter, used by several fixtures.
let tideIntents = """
import AppIntents

struct LogTide: AppIntent {
    static var title: LocalizedStringResource = "Log the tide"
    @Parameter(title: "Level") var level: TideLevel
    func perform() async throws -> some IntentResult { .result() }
}
"""

let tideEnum = """
import AppIntents

enum TideLevel: String, AppEnum {
    case low, high
    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Tide level"
    static var caseDisplayRepresentations: [TideLevel: DisplayRepresentation] = [.low: "Low tide", .high: "High tide"]
}
"""

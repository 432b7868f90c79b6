import EarshotImport
import EarshotModel
import Foundation

/// The Swift importer as `earshot import` runs it (no cache), over a copy of the PlantPal example in
/// which one Swift file at a time is replaced by the input; an import that succeeds is then loaded as
/// a manifest. Every diagnostic must be one line of at most 1,000 characters, warnings too.
final class FuzzImporter {
    /// The example app that seeds the importer, under the examples folder.
    static let example = "plantpal"

    let folder: String
    let files: [String]
    let originals: [[UInt8]]
    /// The file that holds a mutant now.
    private var replaced: Int?
    private let parsed = ParsedSwiftFiles()

    init(examples: String, work: URL) throws {
        let source = examples + "/" + Self.example
        let folder = work.appendingPathComponent(Self.example).path
        try FileManager.default.copyItem(atPath: source, toPath: folder)
        try? FileManager.default.removeItem(atPath: folder + "/tests")
        self.folder = folder
        let files = Self.swiftFiles(folder)
        self.files = files
        originals = try files.map { path in
            guard let data = FileManager.default.contents(atPath: folder + "/" + path) else { throw CocoaError(.fileReadNoSuchFile) }
            return [UInt8](data)
        }
    }

    /// The Swift files under `folder`, relative to it, in a stable order.
    static func swiftFiles(_ folder: String) -> [String] {
        let all = (FileManager.default.subpaths(atPath: folder) ?? []).filter { $0.hasSuffix(".swift") }
        return all.sorted()
    }

    /// Replaces the content of a file of the work copy in place. `FileManager.createFile` writes
    /// atomically and waits for the disk (`fsync`), which made the target wait on the disk more than it
    /// read Swift; the work copy is scratch, so no durability is needed.
    static func overwrite(_ path: String, with bytes: [UInt8]) {
        guard let handle = FileHandle(forWritingAtPath: path) else { return }
        defer { try? handle.close() }
        try? handle.truncate(atOffset: 0)
        try? handle.write(contentsOf: bytes)
    }

    func read(_ input: [UInt8], file: Int) -> FuzzBenchmark.Outcome {
        let file = file % files.count
        if let replaced, replaced != file {
            Self.overwrite(folder + "/" + files[replaced], with: originals[replaced])
        }
        Self.overwrite(folder + "/" + files[file], with: input)
        replaced = file
        do {
            var importer = AppImporter(cacheDirectory: nil)
            // The five files that are not the input are the same each run: parsed once.
            importer.parsedFiles = parsed
            let result = try importer.importApp([folder])
            for diagnostic in result.diagnostics where diagnostic.description.count > 1_000 {
                return .malformed(diagnostic.description)
            }
            if let error = result.errors.first { return FuzzBenchmark.oneLine(error.description) }
            let (_, violations) = try result.manifest()
            for violation in violations {
                if case .malformed(let text) = FuzzBenchmark.oneLine(violation.error.description) { return .malformed(text) }
            }
            return .accepted
        } catch {
            return FuzzBenchmark.oneLine(error.description)
        }
    }
}

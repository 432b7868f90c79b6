import ArgumentParser
import EarshotImport
import EarshotModel
import Foundation

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Reads an app's Xcode project or Swift package (App Intents, String Catalogs, .intentdefinition) into a manifest.",
        discussion: """
        Each element of the manifest names the source file and line it was read from. What the sources cannot \
        say (entity values from a database, perform results) comes from an earshot.yaml beside them, merged over \
        the import. Warnings and errors go to standard error at their source lines. Exit status: 0 imported, \
        2 an error (Apple's build would refuse the code too, or a path cannot be used). See docs/import.md.
        """)

    @Argument(help: "The app's folders (an Xcode project or a Swift package checkout); together they are one app.")
    var paths: [String]

    @Option(help: "The spoken app name (default: CFBundleDisplayName / CFBundleName, else the project's PRODUCT_NAME).")
    var name: String?

    @Option(name: .shortAndLong, help: "Write the manifest here (default: standard output).")
    var output: String?

    @Flag(help: "Replace an existing --output file.")
    var force = false

    @Flag(help: "Import anew, without reading or writing the cache.")
    var noCache = false

    func run() throws {
        if let output, FileManager.default.fileExists(atPath: output), !force {
            throw LoadError(SourceLocation(file: output), "already exists.", fix: "Choose another -o file, or add --force to replace it.")
        }
        let importer = AppImporter(name: name, cacheDirectory: noCache ? nil : AppImporter.defaultCacheDirectory)
        let result = try importer.importApp(paths)
        let (manifest, violations) = try result.manifest()
        for diagnostic in result.diagnostics {
            FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
        }
        for violation in violations {
            FileHandle.standardError.write(Data("\(violation.error)\n".utf8))
        }
        let phrases = manifest.shortcuts.reduce(0) { $0 + $1.phrases.count }
        let cases = manifest.enums.reduce(0) { $0 + $1.values.count }
        let errors = result.errors.count + violations.count
        FileHandle.standardError.write(Data(("earshot: \(manifest.name): \(manifest.intents.count) intents, \(manifest.shortcuts.count) shortcuts, "
            + "\(phrases) phrases, \(manifest.enums.count) enums (\(cases) cases), \(manifest.entities.count) entities; "
            + "\(errors) errors, \(result.warnings.count) warnings\(result.cached ? " (cached)" : "").\n").utf8))
        if errors > 0 { throw ExitCode(2) }
        if let output {
            do {
                try Data(result.yaml.text.utf8).write(to: URL(fileURLWithPath: output), options: force ? .atomic : .withoutOverwriting)
            } catch {
                throw LoadError(SourceLocation(file: output), "cannot be written (\(error.localizedDescription)).", fix: "Check the folder, or choose another -o file.")
            }
        } else {
            print(result.yaml.text, terminator: "")
        }
    }
}

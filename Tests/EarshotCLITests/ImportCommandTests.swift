import EarshotTesting
import Foundation
import Testing

/// `earshot import` from the command line: the manifest written, an existing file kept, errors at the Swift line.
@Suite("earshot import")
struct ImportCommandTests {
    static let example = packageRoot.appendingPathComponent("examples/plantpal").path

    @Test func writesTheManifestAndNeverReplacesAFileWithoutForce() async throws {
        let folder = try temporaryFolder("earshot-cli")
        let output = folder.appendingPathComponent("app.yaml")
        let first = try await CLIExitTests.run(["import", Self.example, "-o", output.path, "--no-cache"], in: folder)
        #expect(first.status == 0)
        let written = try String(contentsOf: output, encoding: .utf8)
        #expect(written.contains("app: \"Plant Pal\""))
        #expect(written.contains("# PlantPal/Shortcuts.swift:"))
        try Data("mine\n".utf8).write(to: output)
        let second = try await CLIExitTests.run(["import", Self.example, "-o", output.path], in: folder)
        #expect(second.status == 2)
        #expect(second.stderr.contains("already exists"))
        #expect(try String(contentsOf: output, encoding: .utf8) == "mine\n")
        let forced = try await CLIExitTests.run(["import", Self.example, "-o", output.path, "--force"], in: folder)
        #expect(forced.status == 0)
        #expect(try String(contentsOf: output, encoding: .utf8).contains("Plant Pal"))
    }

    @Test func aBuildErrorInTheSwiftStopsWithItsLine() async throws {
        let folder = try temporaryFolder("earshot-cli")
        let source = """
        import AppIntents
        struct S: AppShortcutsProvider {
            static var appShortcuts: [AppShortcut] {
                AppShortcut(intent: Ping(), phrases: ["Ping now"], shortTitle: "Ping", systemImageName: "bell")
            }
        }
        struct Ping: AppIntent {
            static var title: LocalizedStringResource = "Ping"
            func perform() async throws -> some IntentResult { .result() }
        }
        """
        try Data(source.utf8).write(to: folder.appendingPathComponent("S.swift"))
        let run = try await CLIExitTests.run(["import", folder.path, "--name", "Pinger", "--no-cache", "-o", "out.yaml"], in: folder)
        #expect(run.status == 2)
        #expect(run.stderr.contains("S.swift:4:"))
        #expect(run.stderr.contains("{applicationName}"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.yaml").path))
    }
}

import EarshotImport
import Testing

@Suite("import: diagnostics stay one short line")
struct ImportDiagnosticLengthTests {
    /// Found by `earshot bench --only fuzz --target import`: 21 nested providers made one warning
    /// listing every qualified name, thousands of characters long.
    @Test("many nested AppShortcutsProvider types with long names: the warning names three, each cut at 60 characters, and counts the rest")
    func manyProviders() throws {
        let name = "Provider" + String(repeating: "X", count: 80)
        var nested = ""
        for _ in 0..<8 { nested = "struct \(name): AppShortcutsProvider {\n\(nested)\n static var appShortcuts: [AppShortcut] { [] }\n}" }
        let folder = try SourceFolder(["Providers.swift": "import AppIntents\n" + nested, "Intents.swift": tideIntents, "Level.swift": tideEnum])
        let result = try folder.imported(name: "Tide")
        let warning = try #require(result.warnings.first { $0.message.contains("AppShortcutsProvider types") })
        #expect(warning.message.hasPrefix("8 AppShortcutsProvider types"), "\(warning)")
        #expect(warning.message.contains("5 more"), "\(warning)")
        #expect(warning.message.count < 300 && warning.description.count <= 1_000, "\(warning.message.count), \(warning.description.count) characters")
    }

    /// Found by the release import fuzz run (43,984 runs): a phrase interpolating a long expression was
    /// quoted whole in its warning (over 1,000 characters).
    @Test("a phrase that interpolates a long expression: the warning quotes 60 characters of it and stays one short line")
    func longInterpolation() throws {
        let long = "level" + String(repeating: " + level", count: 400)
        let provider = """
        import AppIntents
        struct TideShortcuts: AppShortcutsProvider {
            static var appShortcuts: [AppShortcut] {
                AppShortcut(intent: LogTide(), phrases: ["Log \\(.applicationName)", "Log \\(\(long)) in \\(.applicationName)"], shortTitle: "Log", systemImageName: "water")
            }
        }
        """
        let folder = try SourceFolder(["Shortcuts.swift": provider, "Intents.swift": tideIntents, "Level.swift": tideEnum])
        let result = try folder.imported(name: "Tide")
        let warning = try #require(result.warnings.first { $0.message.contains("at run time") }, "\(result.diagnostics)")
        #expect(warning.message.count <= 400 && warning.description.count <= 1_000 && !warning.description.contains("\n"), "\(warning.description.count) characters: \(warning)")
        #expect(warning.message.contains("…"), "\(warning)")
    }
}

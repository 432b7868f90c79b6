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
}

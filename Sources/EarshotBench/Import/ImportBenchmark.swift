import EarshotImport
import EarshotModel
import Foundation

/// `earshot import` at speed: a generated 50-file App Intents project (a provider with ten shortcuts, 20
/// intents, 15 enums, 10 entities, 4 other files) imported anew and from the cache (target: ≤ 1 s anew).
public struct ImportBenchmark: Sendable {
    public var files: Int
    public var fresh: [Double]
    public var cached: [Double]
    public var shortcuts: Int
    public var phrases: Int

    /// Writes the project under a new temporary folder and returns the folder.
    public static func generateProject() throws -> String {
        let root = (NSTemporaryDirectory() as NSString).appendingPathComponent("earshot-import-bench-\(UUID().uuidString)")
        func write(_ name: String, _ text: String) throws {
            let path = (root as NSString).appendingPathComponent(name)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        var shortcuts = ""
        for i in 0..<10 {
            shortcuts += """
                    AppShortcut(intent: Task\(i)Intent(), phrases: [
                        "Run task \(i) with \\(.applicationName)",
                        "Start \\(\\.$kind) task \(i) in \\(.applicationName)",
                        "Begin task \(i) in \\(.applicationName)",
                    ], shortTitle: "Task \(i)", systemImageName: "checkmark")

            """
        }
        try write("Bench/Shortcuts.swift", "import AppIntents\n\nstruct BenchShortcuts: AppShortcutsProvider {\n    static var appShortcuts: [AppShortcut] {\n\(shortcuts)    }\n}\n")
        for i in 0..<20 {
            try write("Bench/Intents/Task\(i)Intent.swift", """
            import AppIntents

            struct Task\(i)Intent: AppIntent {
                static var title: LocalizedStringResource = "Run task \(i)"
                static var description = IntentDescription("Runs task number \(i).")
                @Parameter(title: "Kind", requestValueDialog: "Which kind?") var kind: Kind\(i % 15)
                @Parameter(title: "Target") var target: Target\(i % 10)
                @Parameter(title: "Count", default: 1) var count: Int
                static var parameterSummary: some ParameterSummary { Summary("Run \\(\\.$count) of \\(\\.$kind) on \\(\\.$target)") }
                func perform() async throws -> some IntentResult & ProvidesDialog {
                    let total = count * 2
                    return .result(dialog: "Ran \\(kind) on \\(target), \\(total) steps.")
                }
            }

            """)
        }
        for i in 0..<15 {
            let cases = (0..<6).map { "case option\($0)" }.joined(separator: "\n    ")
            let titles = (0..<6).map { ".option\($0): DisplayRepresentation(title: \"Option \($0) of kind \(i)\", synonyms: [\"choice \($0)\"])" }.joined(separator: ",\n        ")
            try write("Bench/Model/Kind\(i).swift", """
            import AppIntents

            enum Kind\(i): String, AppEnum {
                \(cases)
                static var typeDisplayRepresentation: TypeDisplayRepresentation = "Kind \(i)"
                static var caseDisplayRepresentations: [Kind\(i): DisplayRepresentation] = [
                    \(titles),
                ]
            }

            """)
        }
        for i in 0..<10 {
            let values = (0..<5).map { "Target\(i)(id: \"t\($0)\", name: \"Target \($0)\")" }.joined(separator: ", ")
            try write("Bench/Model/Target\(i).swift", """
            import AppIntents

            struct Target\(i): AppEntity {
                static var typeDisplayRepresentation: TypeDisplayRepresentation = "Target \(i)"
                static var defaultQuery = Target\(i)Query()
                var id: String
                var name: String
                var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\\(name)") }
            }

            struct Target\(i)Query: EntityQuery {
                func entities(for identifiers: [String]) async throws -> [Target\(i)] { [] }
                func suggestedEntities() async throws -> [Target\(i)] { [\(values)] }
            }

            """)
        }
        for i in 0..<4 {
            try write("Bench/Views/View\(i).swift", """
            import SwiftUI

            struct View\(i): View {
                @State private var count = 0
                var body: some View {
                    VStack { Text("Screen \(i)"); Button("Add") { count += 1 } }
                }
            }

            """)
        }
        return root
    }

    /// Imports the generated project `runs` times without the cache, then `runs` times from it.
    public static func measure(runs: Int = 5) throws -> ImportBenchmark {
        let root = try generateProject()
        let cache = (NSTemporaryDirectory() as NSString).appendingPathComponent("earshot-import-bench-cache-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: cache)
        }
        var fresh: [Double] = []
        var cached: [Double] = []
        var shortcuts = 0
        var phrases = 0
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            let result = try AppImporter(name: "Bench", cacheDirectory: nil).importApp([root])
            let manifest = try result.manifest().manifest
            fresh.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            shortcuts = manifest.shortcuts.count
            phrases = manifest.shortcuts.reduce(0) { $0 + $1.phrases.count }
        }
        let importer = AppImporter(name: "Bench", cacheDirectory: cache)
        _ = try importer.importApp([root])
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            let result = try importer.importApp([root])
            _ = try result.manifest()
            precondition(result.cached)
            cached.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let files = SourceFileCount.swiftFiles(in: root)
        return ImportBenchmark(files: files, fresh: fresh, cached: cached, shortcuts: shortcuts, phrases: phrases)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    public var markdown: String {
        let freshMedian = Self.median(fresh)
        return """
        | measure | median | worst | target |
        |---|---|---|---|
        | import of a \(files)-file project (\(shortcuts) shortcuts, \(phrases) phrases), anew | \(String(format: "%.3f s", freshMedian)) | \(String(format: "%.3f s", fresh.max() ?? 0)) | ≤ 1 s \(freshMedian <= 1 ? "✓" : "✗") |
        | the same, from the cache (files hashed, manifest loaded) | \(String(format: "%.3f s", Self.median(cached))) | \(String(format: "%.3f s", cached.max() ?? 0)) | — |

        """
    }
}

enum SourceFileCount {
    static func swiftFiles(in root: String) -> Int {
        (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }.count
    }
}

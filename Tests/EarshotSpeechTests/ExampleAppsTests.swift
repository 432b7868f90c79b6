import Earshot
import EarshotEvaluation
import EarshotModel
import EarshotTesting
import Foundation
import Testing

/// The example apps the development sets talk to (the people and flexible benches): those kept as a
/// manifest and those kept as an app's Swift sources.
@Suite("Example apps of the development sets")
struct ExampleAppsTests {
    @Test("an example kept as Swift sources (Plant Pal) is imported beside the manifests")
    func swiftSources() throws {
        let examples = repoPath("examples")
        let manifests = try AudioFixtures.apps(in: examples)
        let all = try AudioFixtures.appsWithSources(in: examples)
        #expect(!manifests.contains { $0.name == "Plant Pal" })
        #expect(all.contains { $0.name == "Plant Pal" })
        #expect(all.count == manifests.count + 1)
        // Its intents come from the Swift sources.
        let plantPal = try #require(all.first { $0.name == "Plant Pal" })
        #expect(!plantPal.intents.isEmpty)
    }

    @Test("a folder holding neither a manifest nor an earshot.yaml is not an app")
    func otherFolders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("notes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "just notes\n".write(to: folder.appendingPathComponent("notes/README.md"), atomically: true, encoding: .utf8)
        #expect(try AudioFixtures.appsWithSources(in: folder.path).isEmpty)
    }
}

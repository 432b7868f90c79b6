import EarshotEmbedding
import EarshotMatching
import EarshotModel
import EarshotSemantic
import Earshot
import Foundation
import Testing

@Suite("Semantic index")
struct IndexTests {
    @Test("a second build reads every app from the cache, and a changed manifest is encoded again")
    func cache() throws {
        let encoder = try #require(sharedEncoder)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-index-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var apps = try Bundled.exampleApps()
        let profile = try Bundled.profiles().profile("homepod")
        let first = SemanticIndex(catalog: PhraseCatalog(apps: apps, profile: profile), encoder: encoder, cacheFolder: folder)
        #expect(first.cachedApps == 0)
        let second = SemanticIndex(catalog: PhraseCatalog(apps: apps, profile: profile), encoder: encoder, cacheFolder: folder)
        #expect(second.cachedApps == apps.count)
        #expect(second.apps[0].phraseCount == first.apps[0].phraseCount)
        #expect((0..<first.apps[0].phraseCount).allSatisfy { second.apps[0].phrase($0).cosine(first.apps[0].phrase($0)) > 0.99999 })
        #expect(second.apps.map(\.negatives.count) == first.apps.map(\.negatives.count))

        apps[0].synonyms.append("Soupy")
        let changed = SemanticIndex(catalog: PhraseCatalog(apps: apps, profile: profile), encoder: encoder, cacheFolder: folder)
        #expect(changed.cachedApps == apps.count - 1)
        #expect(changed.apps[0].phraseCount > first.apps[0].phraseCount)
    }

    @Test("a damaged cache file is encoded again, not trusted")
    func damagedCache() throws {
        let encoder = try #require(sharedEncoder)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-index-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let apps = try Bundled.exampleApps()
        let catalog = PhraseCatalog(apps: apps, profile: try Bundled.profiles().profile("homepod"))
        let first = SemanticIndex(catalog: catalog, encoder: encoder, cacheFolder: folder)
        for file in try FileManager.default.contentsOfDirectory(atPath: folder) {
            try Data([1, 2, 3]).write(to: URL(fileURLWithPath: folder).appendingPathComponent(file))
        }
        let again = SemanticIndex(catalog: catalog, encoder: encoder, cacheFolder: folder)
        #expect(again.cachedApps == 0)
        #expect(again.apps[0].phraseCount == first.apps[0].phraseCount)
        #expect((0..<first.apps[0].phraseCount).allSatisfy { again.apps[0].phrase($0).cosine(first.apps[0].phrase($0)) > 0.99999 })
    }
}

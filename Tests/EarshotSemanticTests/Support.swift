import Earshot
import EarshotDialogue
import EarshotEmbedding
import EarshotMatching
import EarshotModel
import EarshotSemantic
import Foundation

/// One encoder for the whole test process (loading takes ~0.1 s).
let sharedEncoder: SentenceEncoder? = try? SentenceEncoder()

/// A session on `profile` over the examples, with flexible matching by meaning.
/// `apps` default to the bundled examples (Demo and Soup Chef).
func semanticSession(_ profile: String, apps: [AppManifest]? = nil, cacheFolder: String? = nil,
                     settings: SemanticMatcher.Settings = .calibrated) throws -> Session {
    guard let encoder = sharedEncoder else { throw EmbeddingError.missingFiles(folder: EmbeddingModel.defaultFolder(), files: EmbeddingModel.requiredFiles) }
    let apps = try apps ?? Bundled.exampleApps()
    let workspace = Workspace(apps: apps, profiles: try Bundled.profiles())
    let catalog = PhraseCatalog(apps: apps, profile: try workspace.profiles.profile(profile))
    let matcher = SemanticMatcher(catalog: catalog, encoder: encoder, settings: settings, cacheFolder: cacheFolder)
    return try workspace.session(profile: profile, flexible: matcher)
}

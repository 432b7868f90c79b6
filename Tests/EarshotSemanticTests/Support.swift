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
func semanticSession(_ profile: String, cacheFolder: String? = nil) throws -> Session {
    guard let encoder = sharedEncoder else { throw EmbeddingError.missingFiles(folder: EmbeddingModel.defaultFolder(), files: EmbeddingModel.requiredFiles) }
    let workspace = Workspace(apps: try Bundled.exampleApps(), profiles: try Bundled.profiles())
    let catalog = PhraseCatalog(apps: try Bundled.exampleApps(), profile: try workspace.profiles.profile(profile))
    let matcher = SemanticMatcher(catalog: catalog, encoder: encoder, cacheFolder: cacheFolder)
    return try workspace.session(profile: profile, flexible: matcher)
}

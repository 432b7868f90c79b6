import Earshot
import EarshotDialogue
import EarshotEmbedding
import EarshotMatching
import EarshotModel
import EarshotSemantic
import Foundation
import Synchronization

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
    let index = cacheFolder == nil ? BuiltIndexes.shared.index(of: catalog, encoder: encoder)
        : SemanticIndex(catalog: catalog, encoder: encoder, cacheFolder: cacheFolder)
    let matcher = SemanticMatcher(catalog: catalog, encoder: encoder, index: index, settings: settings)
    return try workspace.session(profile: profile, flexible: matcher)
}

/// What a fresh session on `profile` over `apps` (the examples by default) replies to `request`, said first.
func firstTurn(_ request: String, apps: [AppManifest]? = nil, profile: String = "homepod") async throws -> Turn {
    var session = try semanticSession(profile, apps: apps)
    return await session.respond(to: request)
}

/// The similarity indexes this test process has built, by the texts of their catalog's apps. An index is
/// a function of those texts and the encoder alone (`SemanticIndex` encodes each app's expansions,
/// negative phrases and actions, in that order), so a second session on the same apps and device takes
/// the vectors the first one encoded, the same to the bit, instead of encoding every phrase again: most
/// of these tests' time was spent there. Each catalog is built once even when tests ask for it at once.
final class BuiltIndexes: Sendable {
    static let shared = BuiltIndexes()

    private final class Entry: Sendable {
        let index = Mutex<SemanticIndex?>(nil)
    }

    private let entries = Mutex<[String: Entry]>([:])

    func index(of catalog: PhraseCatalog, encoder: SentenceEncoder) -> SemanticIndex {
        let key = catalog.apps.map { app in
            (app.expansions.map { "\($0.intent)\u{1F}\($0.phrase)\u{1F}\($0.text)" } + ["\u{1D}"] + app.negativeExpansions)
                .joined(separator: "\u{1E}")
        }.joined(separator: "\u{1C}")
        let entry = entries.withLock { entries in
            if let entry = entries[key] { return entry }
            let entry = Entry()
            entries[key] = entry
            return entry
        }
        return entry.index.withLock { index in
            if let index { return index }
            let built = SemanticIndex(catalog: catalog, encoder: encoder, cacheFolder: nil)
            index = built
            return built
        }
    }
}

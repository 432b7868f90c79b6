import EarshotEmbedding
import EarshotTesting
import Foundation
import Testing

/// The encoder over the installed model, loaded once for all tests. Without the model (no `make setup`)
/// every test that needs it fails with `EmbeddingError`'s one-line message: never skipped silently.
enum InstalledModel {
    static let loaded: Result<SentenceEncoder, EmbeddingError> = Result { () throws(EmbeddingError) in try SentenceEncoder() }

    static func encoder() throws -> SentenceEncoder { try loaded.get() }
}

/// The reference embeddings written by scripts/embedding-reference.py (sentence-transformers).
struct Reference: Decodable {
    struct Sentence: Decodable {
        var text: String
        var ids: [Int32]
        var embedding: [Float]
    }

    var maxSequenceLength: Int
    var sentences: [Sentence]

    static func load() throws -> Reference {
        let url = try #require(Bundle.module.url(forResource: "reference-embeddings", withExtension: "json", subdirectory: "Fixtures"))
        return try JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    }
}

extension TemporaryFolder {
    /// Copies the installed model's small files (not the weights) in.
    func copyModelFiles(_ names: [String], from folder: String) throws {
        for name in names {
            try FileManager.default.copyItem(atPath: (folder as NSString).appendingPathComponent(name), toPath: file(name))
        }
    }
}

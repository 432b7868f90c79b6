import EarshotEmbedding
import EarshotTesting
import Foundation
import Testing

@Suite("Model files")
struct ModelFileTests {
    @Test("the folder: EARSHOT_MODEL_DIR, else the XDG cache, else ~/.cache")
    func defaultFolder() {
        #expect(EmbeddingModel.defaultFolder(environment: ["EARSHOT_MODEL_DIR": "/models/mini", "HOME": "/home/u"]) == "/models/mini")
        #expect(EmbeddingModel.defaultFolder(environment: ["XDG_CACHE_HOME": "/var/cache/u", "HOME": "/home/u"])
            == "/var/cache/u/earshot/models/all-MiniLM-L6-v2")
        #expect(EmbeddingModel.defaultFolder(environment: ["XDG_CACHE_HOME": "", "HOME": "/home/u"])
            == "/home/u/.cache/earshot/models/all-MiniLM-L6-v2")
    }

    @Test("a folder without the model gives one line naming the folder and `make setup`")
    func missingModel() throws {
        let folder = try TemporaryFolder()
        let error = try #require(throws: EmbeddingError.self) { try SentenceEncoder(folder: folder.path) }
        #expect(error == .missingFiles(folder: folder.path, files: ["config.json", "vocab.txt", "model.safetensors"]))
        #expect(error.description.contains(folder.path))
        #expect(error.description.contains("run `make setup`"))
        #expect(!error.description.contains("\n"))
        let nowhere = folder.file("no/such/folder")
        #expect(throws: EmbeddingError.missingFiles(folder: nowhere, files: EmbeddingModel.requiredFiles)) {
            try SentenceEncoder(folder: nowhere)
        }
    }

    @Test("truncated or garbage weights are refused as damaged, with the same fix", arguments: ["truncated", "garbage", "empty"])
    func corruptWeights(kind: String) throws {
        let installed = try InstalledModel.encoder().folder
        let folder = try TemporaryFolder()
        try folder.copyModelFiles(["config.json", "vocab.txt"], from: installed)
        let weights = try Data(contentsOf: URL(fileURLWithPath: (installed as NSString).appendingPathComponent("model.safetensors")))
        let bytes: Data = switch kind {
        case "truncated": weights.prefix(weights.count / 3)
        case "garbage": Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })
        default: Data()
        }
        try bytes.write(to: URL(fileURLWithPath: folder.file("model.safetensors")))
        let error = try #require(throws: EmbeddingError.self) { try SentenceEncoder(folder: folder.path) }
        guard case .corrupt(let where_, let file, _) = error else {
            Issue.record("expected .corrupt, got \(error)")
            return
        }
        #expect(where_ == folder.path && file == "model.safetensors")
        #expect(error.description.hasPrefix("sentence model in \(folder.path): model.safetensors is damaged"))
        #expect(error.description.contains("run `make setup`"))
        #expect(!error.description.contains("\n"))
    }

    @Test("a vocabulary that does not fit the weights is refused")
    func wrongVocabulary() throws {
        let installed = try InstalledModel.encoder().folder
        let folder = try TemporaryFolder()
        try folder.copyModelFiles(["config.json"], from: installed)
        try "[PAD]\n[UNK]\n[CLS]\n[SEP]\nsoup\n".write(toFile: folder.file("vocab.txt"), atomically: true, encoding: .utf8)
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: folder.file("model.safetensors")))
        #expect(throws: EmbeddingError.corrupt(folder: folder.path, file: "vocab.txt", reason: "5 tokens where config.json says 30522")) {
            try SentenceEncoder(folder: folder.path)
        }
    }
}

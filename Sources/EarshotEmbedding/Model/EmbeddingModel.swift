import Foundation

/// all-MiniLM-L6-v2's files on disk: where they are, and what they hold once read and checked.
///
/// `make setup` installs them in `${XDG_CACHE_HOME:-$HOME/.cache}/earshot/models/all-MiniLM-L6-v2/`;
/// `EARSHOT_MODEL_DIR` names another folder. Nothing of the model ships in the repository or the binary.
public struct EmbeddingModel: Sendable {
    /// The model's name, and the last component of the default folder.
    public static let name = "all-MiniLM-L6-v2"
    /// The environment variable that overrides the folder.
    public static let folderVariable = "EARSHOT_MODEL_DIR"
    /// The files the encoder cannot do without.
    public static let requiredFiles = ["config.json", "vocab.txt", "model.safetensors"]
    /// sentence-transformers' `max_seq_length` for this model, used when `sentence_bert_config.json` is absent.
    public static let defaultMaxSequenceLength = 256

    /// The folder Earshot looks in: `$EARSHOT_MODEL_DIR` when set, else
    /// `${XDG_CACHE_HOME:-$HOME/.cache}/earshot/models/all-MiniLM-L6-v2`.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let folder = environment[folderVariable], !folder.isEmpty { return folder }
        let cache: String
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            cache = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            cache = (home as NSString).appendingPathComponent(".cache")
        }
        return (cache as NSString).appendingPathComponent("earshot/models/\(name)")
    }

    /// The folder the files were read from.
    public let folder: String
    /// The encoder's shape (`config.json`).
    public let configuration: BertConfiguration
    /// Tokens per input, [CLS] and [SEP] included (`sentence_bert_config.json`, else 256).
    public let maxSequenceLength: Int
    /// Whether the tokenizer lower-cases and strips accents (`tokenizer_config.json`, else true).
    public let lowercase: Bool
    /// The WordPiece vocabulary, a token's id being its line number in `vocab.txt` from 0.
    public let vocabulary: [String]
    /// The weights (`model.safetensors`).
    public let tensors: SafeTensors

    /// Reads and checks the model's files in `folder` (by default `defaultFolder()`).
    ///
    /// Throws `EmbeddingError.missingFiles` when the folder or any required file is absent, and
    /// `.corrupt` when a file cannot be parsed or does not fit the others.
    public init(folder: String = EmbeddingModel.defaultFolder()) throws(EmbeddingError) {
        self.folder = folder
        let missing = Self.requiredFiles.filter { !Self.isFile((folder as NSString).appendingPathComponent($0)) }
        guard missing.isEmpty else { throw .missingFiles(folder: folder, files: missing) }

        let config = try Self.read("config.json", in: folder)
        let configuration: BertConfiguration
        do {
            configuration = try JSONDecoder().decode(BertConfiguration.self, from: config)
        } catch {
            throw .corrupt(folder: folder, file: "config.json", reason: "not a BERT configuration: \(error)")
        }
        if let problem = configuration.problem { throw .corrupt(folder: folder, file: "config.json", reason: problem) }
        self.configuration = configuration

        let sentenceConfig = try Self.optionalJSON("sentence_bert_config.json", in: folder)
        let length = (sentenceConfig["max_seq_length"] as? Int) ?? Self.defaultMaxSequenceLength
        guard length >= 2, length <= configuration.maxPositions else {
            throw .corrupt(folder: folder, file: "sentence_bert_config.json",
                           reason: "max_seq_length \(length) is outside 2...\(configuration.maxPositions)")
        }
        maxSequenceLength = length
        lowercase = (try Self.optionalJSON("tokenizer_config.json", in: folder)["do_lower_case"] as? Bool) ?? true

        let vocabularyFile = try Self.read("vocab.txt", in: folder)
        let vocabulary: [String]
        do {
            vocabulary = try Self.vocabulary(from: vocabularyFile)
        } catch {
            throw .corrupt(folder: folder, file: "vocab.txt", reason: error.reason)
        }
        guard vocabulary.count == configuration.vocabularySize else {
            throw .corrupt(folder: folder, file: "vocab.txt",
                           reason: "\(vocabulary.count) tokens where config.json says \(configuration.vocabularySize)")
        }
        for special in WordPieceTokenizer.specialTokens where !vocabulary.contains(special) {
            throw .corrupt(folder: folder, file: "vocab.txt", reason: "no \(special) token")
        }
        self.vocabulary = vocabulary

        let path = (folder as NSString).appendingPathComponent("model.safetensors")
        do {
            tensors = try SafeTensors(contentsOf: path)
        } catch {
            if error.unreadable { throw .unreadable(folder: folder, file: "model.safetensors", reason: error.reason) }
            throw .corrupt(folder: folder, file: "model.safetensors", reason: error.reason)
        }
    }

    // MARK: - Files

    private static func isFile(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
    }

    private static func read(_ file: String, in folder: String) throws(EmbeddingError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: (folder as NSString).appendingPathComponent(file)))
        } catch {
            throw .unreadable(folder: folder, file: file, reason: error.localizedDescription)
        }
    }

    /// A JSON object from an optional file: empty when the file is absent, an error when it is garbage.
    private static func optionalJSON(_ file: String, in folder: String) throws(EmbeddingError) -> [String: Any] {
        guard isFile((folder as NSString).appendingPathComponent(file)) else { return [:] }
        let data = try read(file, in: folder)
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .corrupt(folder: folder, file: file, reason: "not a JSON object")
        }
        return object
    }

    private struct VocabularyError: Error { var reason: String }

    /// `vocab.txt`'s lines (LF or CRLF), the final newline ending the last token rather than adding an empty one.
    private static func vocabulary(from data: Data) throws(VocabularyError) -> [String] {
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        var tokens: [String] = []
        tokens.reserveCapacity(lines.count)
        for (number, line) in lines.enumerated() {
            let bytes = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
            guard let token = String(validating: bytes, as: UTF8.self) else {
                throw VocabularyError(reason: "line \(number + 1) is not UTF-8 text")
            }
            tokens.append(token)
        }
        return tokens
    }
}

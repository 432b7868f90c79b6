import EarshotErrors

/// Why the sentence model could not be loaded.
///
/// Its `description` is one line for the user: `"sentence model in <folder>: <what is wrong>. Fix: <what to do>"`.
public enum EmbeddingError: UserFacingError, Equatable {
    /// The folder lacks some of the model's files (`files` names them).
    case missingFiles(folder: String, files: [String])
    /// A file is there but cannot be used: truncated, garbage, or not the model Earshot expects.
    case corrupt(folder: String, file: String, reason: String)
    /// A file is there but cannot be read (permissions, I/O error).
    case unreadable(folder: String, file: String, reason: String)

    /// The model folder the error is about.
    public var folder: String {
        switch self {
        case .missingFiles(let folder, _), .corrupt(let folder, _, _), .unreadable(let folder, _, _): folder
        }
    }

    /// What is wrong, without the folder or the fix.
    public var problem: String {
        switch self {
        case .missingFiles(_, let files):
            "no \(files.joined(separator: ", ")) (the model is not installed)"
        case .corrupt(_, let file, let reason):
            "\(file) is damaged or not the all-MiniLM-L6-v2 model (\(Self.clean(reason)))"
        case .unreadable(_, let file, let reason):
            "\(file) cannot be read (\(Self.clean(reason)))"
        }
    }

    /// What the user can do about it.
    private var advice: String {
        "run `make setup` (it installs the model there), or set \(EmbeddingModel.folderVariable) to a folder holding it"
    }

    /// One line: the folder, what is wrong, the fix.
    public var description: String { "sentence model in \(folder): \(problem). Fix: \(advice)" }

    /// ``problem``, for ``UserFacingError``.
    public var message: String { problem }

    /// What the user can do about it.
    public var fix: String? { advice }

    /// The model folder.
    public var sourceLocation: SourceLocation? { SourceLocation(file: folder) }

    /// One line, without a trailing full stop.
    private static func clean(_ reason: String) -> String {
        var text = reason.split(whereSeparator: \.isNewline).joined(separator: " ")
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

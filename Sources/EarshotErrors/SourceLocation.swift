/// A place in a file a user wrote: the path, and where known the line and column (1-based).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's path as the user gave it.
    public var file: String
    /// 1-based line, or `nil` when the problem concerns the whole file.
    public var line: Int?
    /// 1-based column.
    public var column: Int?

    public init(file: String, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String {
        guard let line else { return file }
        guard let column else { return "\(file):\(line)" }
        return "\(file):\(line):\(column)"
    }
}

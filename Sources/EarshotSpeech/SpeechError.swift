import EarshotErrors

/// Speech could not be set up or run: a missing model, a voice espeak-ng does not know, a decoder failure.
public struct SpeechError: UserFacingError {
    public var message: String
    public var fix: String?

    public init(_ message: String, fix: String? = nil) {
        self.message = message
        self.fix = fix
    }

    /// Speech concerns no file a user wrote.
    public var sourceLocation: SourceLocation? { nil }

    public var description: String { message + (fix.map { " Fix: \($0)" } ?? "") }
}

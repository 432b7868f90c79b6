import EarshotModel

/// Something the household refuses or cannot do: what kind of trouble it is, one line saying what is
/// wrong, and the fix. It speaks no transport: the HTTP API maps ``kind`` to a status, the Wyoming
/// session to an `error` event, the command line to exit status 2.
public struct HouseholdError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of trouble: whose it is, and whether trying again can help.
    public enum Kind: Sendable, Hashable, CaseIterable {
        /// The request is malformed: an empty phrase, an unusable id, an unknown profile.
        case invalid
        /// The device, app, entity, shortcut or turn named does not exist.
        case notFound
        /// It exists already (a device id, a shortcut's phrase).
        case conflict
        /// Well formed but not usable: a manifest that does not load, an intent or value the app lacks.
        case unusable
        /// Over one of the household's limits (values of an entity, their lengths).
        case tooLarge
        /// The server's machine lacks something (the speech model, espeak-ng): not the request's fault.
        case unavailable
        /// The state file or the server itself failed.
        case failed
    }

    public var kind: Kind
    public var message: String
    public var fix: String?

    /// `message` and `fix` are put on one line and cut to ``LoadError/longest`` characters, whatever they
    /// quote (a list of ten thousand ids is cut).
    public init(_ kind: Kind, _ message: String, fix: String? = nil) {
        self.kind = kind
        self.message = LoadError.quote(Self.oneLine(message), limit: LoadError.longest)
        self.fix = fix.map { LoadError.quote(Self.oneLine($0), limit: LoadError.longest) }
    }

    /// `text` on one line: line breaks and tabs (a client's own text, quoted) become spaces.
    public static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }

    public var description: String { message + (fix.map { " Fix: \($0)" } ?? "") }
}

extension HouseholdError: UserFacingError {
    /// The household's errors concern a request, not a place in a file.
    public var sourceLocation: SourceLocation? { nil }
}

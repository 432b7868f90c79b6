/// An input a user gave that cannot be used: a manifest, a profile, a test file.
///
/// Its `description` is one line: where, what is wrong, and how to fix it.
public struct LoadError: UserFacingError, Equatable {
    /// Where the problem is.
    public var location: SourceLocation
    /// What is wrong, without the location.
    public var message: String
    /// What to do about it.
    public var fix: String?

    /// The longest message and fix, in characters: an error is one short line, whatever it quotes.
    public static let longest = 400

    public init(_ location: SourceLocation, _ message: String, fix: String? = nil) {
        self.location = location
        self.message = Self.shortened(message, to: Self.longest)
        self.fix = fix.map { Self.shortened($0, to: Self.longest) }
    }

    /// A value a user wrote, to quote in an error: at most `limit` characters, the rest as "…".
    public static func quote(_ text: String, limit: Int = 60) -> String {
        shortened(text, to: limit)
    }

    static func shortened(_ text: String, to limit: Int) -> String {
        guard text.unicodeScalars.count > limit else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit - 1))) + "…"
    }

    /// ``location``, for ``UserFacingError``.
    public var sourceLocation: SourceLocation? { location }

    public var description: String {
        var text = "\(location): error: \(message)"
        if let fix { text += " Fix: \(fix)" }
        return text.replacingNewlines()
    }
}

extension String {
    /// The string on one line: newlines and tabs become single spaces.
    func replacingNewlines() -> String {
        var out = ""
        out.reserveCapacity(count)
        var lastWasSpace = false
        for ch in self {
            if ch == "\n" || ch == "\r" || ch == "\t" {
                if !lastWasSpace { out.append(" ") }
                lastWasSpace = true
            } else {
                out.append(ch)
                lastWasSpace = ch == " "
            }
        }
        return out
    }
}

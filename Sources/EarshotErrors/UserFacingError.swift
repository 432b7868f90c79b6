/// A problem a user can cause and fix: a bad manifest, an unreadable audio file, a missing model, a busy
/// sound device, a request the server refuses. Every such error in Earshot adopts this protocol, so the
/// command line and the server catch one type: `earshot` prints its `description` (one line naming the
/// file, line or thing, and the fix) and exits with status 2; the server answers with its message and fix.
///
/// Each conforming type keeps its own one-line `description`; this protocol names the parts a caller
/// can use apart: what is wrong, what to do about it, and where.
public protocol UserFacingError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, in one line, without the location.
    var message: String { get }
    /// What to do about it, or `nil` where there is nothing more to say than the message.
    var fix: String? { get }
    /// The file (and where known the line and column) the problem is in, or `nil` when it concerns no file
    /// (a sound device, a request). Named apart from ``LoadError``'s own `location`, which is never `nil`.
    var sourceLocation: SourceLocation? { get }
}

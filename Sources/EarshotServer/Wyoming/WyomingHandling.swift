/// The answer to a handling request.
public enum WyomingHandling: Sendable, Hashable {
    /// → `handled`, with what to say back, if anything.
    case handled(reply: String?)
    /// → `not-handled`, with what to say back, if anything.
    case notHandled(reply: String?)
}

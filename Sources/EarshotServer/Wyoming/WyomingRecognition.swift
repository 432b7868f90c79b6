/// The answer to `recognize`.
public enum WyomingRecognition: Sendable, Hashable {
    /// → `intent`.
    case recognized(WyomingIntent)
    /// → `not-recognized`, with what to say back, if anything.
    case notRecognized(reply: String?)
}

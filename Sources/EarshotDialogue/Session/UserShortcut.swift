/// A shortcut a person added themselves (Add to Siri): a phrase of their own for an intent, with
/// parameter values preset. It is said verbatim, works on every device that has the app, and only the
/// person deletes it.
public struct UserShortcut: Sendable, Hashable, Codable {
    /// What the person says, exactly (case, punctuation and spacing aside).
    public var phrase: String
    /// The app's name.
    public var app: String
    /// The intent's id.
    public var intent: String
    /// Parameter id → value id, preset.
    public var values: [String: String]

    public init(phrase: String, app: String, intent: String, values: [String: String] = [:]) {
        self.phrase = phrase
        self.app = app
        self.intent = intent
        self.values = values
    }
}

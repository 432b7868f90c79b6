/// What a device counts runs of: one intent of one app. Attribution ("…, with Soup Chef") wears off
/// after a profile's number of runs of the same intent.
public struct RunKey: Sendable, Hashable, Codable {
    /// The app's name.
    public var app: String
    /// The intent's id.
    public var intent: String

    public init(app: String, intent: String) {
        (self.app, self.intent) = (app, intent)
    }
}

import GRDB

/// A row of `conversation`: the lines said so far in a device's conversation in progress (JSON text),
/// replayed when its session is rebuilt (apps changed, the server restarted).
struct ConversationRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "conversation"

    var device: String
    var lines: [String]
}

import GRDB

/// A row of `user_shortcut`: a shortcut a person added, with its phrase normalised (unique), the
/// parameter values it presets (JSON text), the device it was added from, and when (seconds since 1970).
struct UserShortcutRow: Codable, FetchableRecord, AutoIncrementedRecord, Sendable {
    static let databaseTableName = "user_shortcut"
    enum Columns { static let id = Column(CodingKeys.id), normalized = Column(CodingKeys.normalized), app = Column(CodingKeys.app) }
    var id: Int64?
    var phrase, normalized, app, intent: String
    var values: [String: String]
    var device: String?
    var created: Double
}

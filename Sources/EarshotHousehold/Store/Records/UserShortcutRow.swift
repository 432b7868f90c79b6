import GRDB

/// A row of `user_shortcut`: a shortcut a person added, with its phrase normalised (unique) and the
/// parameter values it presets as JSON text.
struct UserShortcutRow: Codable, FetchableRecord, MutablePersistableRecord, Sendable {
    static let databaseTableName = "user_shortcut"

    var id: Int64?
    var phrase: String
    var normalized: String
    var app: String
    var intent: String
    var values: [String: String]
    var device: String?
    /// Seconds since 1970.
    var created: Double

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let normalized = Column(CodingKeys.normalized)
        static let app = Column(CodingKeys.app)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

import EarshotModel
import GRDB

/// A row of `entity`: the values an app gave one of its entities since it was installed
/// (`updateAppShortcutParameters()`), as JSON text.
struct EntityRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "entity"

    var app: String
    var entity: String
    var values: [Value]

    enum Columns {
        static let app = Column(CodingKeys.app)
        static let entity = Column(CodingKeys.entity)
    }
}

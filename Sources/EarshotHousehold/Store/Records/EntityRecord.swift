import EarshotModel
import GRDB

/// A row of `entity`: the values an app gave one of its entities since it was installed
/// (`updateAppShortcutParameters()`), as JSON text.
struct EntityRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "entity"
    enum Columns { static let app = Column(CodingKeys.app), entity = Column(CodingKeys.entity) }
    var app, entity: String
    var values: [Value]
}

import GRDB

/// A row of `device`: a simulated device of the household.
struct DeviceRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "device"

    var id: String
    var profile: String
    var name: String
    /// Seconds since 1970.
    var created: Double

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let created = Column(CodingKeys.created)
    }
}

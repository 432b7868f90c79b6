import GRDB

/// A row of `device`: a simulated device of the household, with when it was added (seconds since 1970).
struct DeviceRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "device"
    enum Columns { static let id = Column(CodingKeys.id), created = Column(CodingKeys.created) }
    var id, profile, name: String
    var created: Double
}

import GRDB

/// A row of `donation`: an intent a device ran successfully, with the values it ran with (JSON text)
/// and when: what Siri Suggestions are made of.
struct DonationRecord: Codable, FetchableRecord, MutablePersistableRecord, Sendable {
    static let databaseTableName = "donation"

    var id: Int64?
    var device: String
    var app: String
    var intent: String
    var values: [String: String]
    /// Seconds since 1970.
    var at: Double

    enum Columns {
        static let app = Column(CodingKeys.app)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

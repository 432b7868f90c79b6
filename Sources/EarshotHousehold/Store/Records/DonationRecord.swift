import GRDB

/// A row of `donation`: an intent a device ran successfully, with the values it ran with (JSON text)
/// and when (seconds since 1970): what Siri Suggestions are made of.
struct DonationRecord: Codable, FetchableRecord, AutoIncrementedRecord, Sendable {
    static let databaseTableName = "donation"
    enum Columns { static let app = Column(CodingKeys.app) }
    var id: Int64?
    var device, app, intent: String
    var values: [String: String]
    var at: Double
}

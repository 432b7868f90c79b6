import EarshotDialogue
import GRDB

/// A row of `run`: how many times a device ran one intent of one app (attribution wears off with it).
struct RunRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "run"
    enum Columns { static let device = Column(CodingKeys.device) }
    var device, app, intent: String
    var count: Int

    init(device: String, key: RunKey, count: Int) {
        (self.device, app, intent, self.count) = (device, key.app, key.intent, count)
    }

    /// The app and intent counted.
    var key: RunKey { RunKey(app: app, intent: intent) }
}

import EarshotDialogue
import GRDB

/// A row of `run`: how many times a device ran one intent of one app (attribution wears off with it).
struct RunRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "run"

    var device: String
    var app: String
    var intent: String
    var count: Int

    enum Columns {
        static let device = Column(CodingKeys.device)
    }

    init(device: String, key: RunKey, count: Int) {
        self.device = device
        self.app = key.app
        self.intent = key.intent
        self.count = count
    }

    /// The app and intent counted.
    var key: RunKey { RunKey(app: app, intent: intent) }
}

import EarshotDialogue
import Foundation
import GRDB

/// A row of `turn`: one turn of a device's transcript, as the turn JSON of the CLI spec.
struct TurnRecord: Codable, FetchableRecord, MutablePersistableRecord, Sendable {
    static let databaseTableName = "turn"

    var id: Int64?
    var device: String
    /// Seconds since 1970.
    var at: Double
    /// The turn JSON (`TranscriptWriter.json`): what `GET /devices/{id}/transcript` serves as it is.
    var json: String

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let device = Column(CodingKeys.device)
        static let json = Column(CodingKeys.json)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// The stored turn, read back; nil if the row holds no turn.
    var turn: Turn? {
        try? JSONDecoder().decode(Turn.self, from: Data(json.utf8))
    }
}

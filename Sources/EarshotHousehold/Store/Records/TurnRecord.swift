import EarshotDialogue
import Foundation
import GRDB

/// A row of `turn`: one turn of a device's transcript, as the turn JSON of the CLI spec
/// (`TranscriptWriter.json`, what `GET /devices/{id}/transcript` serves as it is), and when it was
/// said (seconds since 1970).
struct TurnRecord: Codable, FetchableRecord, AutoIncrementedRecord, Sendable {
    static let databaseTableName = "turn"
    enum Columns { static let id = Column(CodingKeys.id), device = Column(CodingKeys.device), json = Column(CodingKeys.json) }
    var id: Int64?
    var device: String
    var at: Double
    var json: String

    /// The stored turn, read back; nil if the row holds no turn.
    var turn: Turn? {
        try? JSONDecoder().decode(Turn.self, from: Data(json.utf8))
    }
}

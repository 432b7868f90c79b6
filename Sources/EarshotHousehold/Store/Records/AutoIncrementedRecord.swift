import GRDB

/// A record whose table numbers its rows (`INTEGER PRIMARY KEY AUTOINCREMENT`): `id` is nil until it
/// is inserted, then the row's number.
protocol AutoIncrementedRecord: MutablePersistableRecord {
    var id: Int64? { get set }
}

extension AutoIncrementedRecord {
    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

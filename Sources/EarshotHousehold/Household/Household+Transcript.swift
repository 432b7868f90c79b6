import GRDB

extension Household {
    /// The device's turns, oldest first, as the turn JSON of the CLI spec.
    public func transcript(device id: String, limit: Int = 1_000) throws(HouseholdError) -> [String] {
        _ = try device(id)
        return try store.read { db in
            Array(try TurnRecord.filter(TurnRecord.Columns.device == id).order(TurnRecord.Columns.id.desc).limit(limit)
                .select(TurnRecord.Columns.json, as: String.self).fetchAll(db).reversed())
        }
    }
}

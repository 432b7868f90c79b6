import EarshotDialogue
import EarshotMatching
import EarshotModel
import GRDB

extension Household {
    /// A shortcut a person added, as stored.
    public struct UserShortcutRecord: Codable, Sendable, Equatable {
        public var id: Int64
        public var phrase: String
        public var app: String
        public var intent: String
        public var values: [String: String]
        /// The device it was added from.
        public var device: String?

        init(_ row: UserShortcutRow) {
            id = row.id ?? 0
            phrase = row.phrase
            app = row.app
            intent = row.intent
            values = row.values
            device = row.device
        }
    }

    /// Adds a person's own shortcut (Add to Siri). It is said verbatim on every device that has the app.
    public func addUserShortcut(_ shortcut: UserShortcut, from device: String? = nil) throws(HouseholdError) -> UserShortcutRecord {
        if let device { _ = try self.device(device) }
        let normalized = Normalizer.normalize(shortcut.phrase)
        guard !normalized.isEmpty else { throw HouseholdError(.invalid, "the phrase is empty.", fix: "Send the words the person will say.") }
        let manifest = try manifest(named: shortcut.app)
        guard let intent = manifest.intent(shortcut.intent) else {
            throw HouseholdError(.unusable, "\(shortcut.app) has no intent '\(shortcut.intent)'.",
                                 fix: "Use one of: \(manifest.intents.map(\.id).joined(separator: ", ")).")
        }
        for (parameterID, valueID) in shortcut.values {
            guard let parameter = intent.parameter(parameterID) else {
                throw HouseholdError(.unusable, "\(intent.id) has no parameter '\(parameterID)'.",
                                     fix: "Use one of: \(intent.parameters.map(\.id).joined(separator: ", ")).")
            }
            if let set = parameter.type.valueSetID.flatMap(manifest.valueSet), set.value(valueID) == nil {
                throw HouseholdError(.unusable, "'\(valueID)' is not a value of \(set.id).",
                                     fix: "Use one of its ids: \(set.values.map(\.id).joined(separator: ", ")).")
            }
        }
        let pending = UserShortcutRow(id: nil, phrase: shortcut.phrase, normalized: normalized, app: shortcut.app, intent: shortcut.intent,
                                      values: shortcut.values, device: device, created: now().timeIntervalSince1970)
        let row = try store.write { db -> UserShortcutRow in
            if try UserShortcutRow.filter(UserShortcutRow.Columns.normalized == normalized).fetchCount(db) > 0 {
                throw HouseholdError(.conflict, "a shortcut with the phrase '\(shortcut.phrase)' exists.", fix: "Choose another phrase, or delete that shortcut.")
            }
            var row = pending
            try row.insert(db)
            return row
        }
        invalidateSessions()
        return UserShortcutRecord(row)
    }

    /// Every shortcut people added, oldest first.
    public func userShortcuts() throws(HouseholdError) -> [UserShortcutRecord] {
        try store.read { db in
            try UserShortcutRow.order(UserShortcutRow.Columns.id).fetchAll(db).map(UserShortcutRecord.init)
        }
    }

    /// Deletes a person's shortcut (only they can).
    public func deleteUserShortcut(id: Int64) throws(HouseholdError) {
        let deleted = try store.write { db in try UserShortcutRow.deleteOne(db, key: id) }
        guard deleted else { throw HouseholdError(.notFound, "no user shortcut \(id).", fix: "GET /shortcuts lists them.") }
        invalidateSessions()
    }
}

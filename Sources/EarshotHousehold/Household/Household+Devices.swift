import EarshotModel
import GRDB

extension Household {
    /// A simulated device of the household.
    public struct Device: Codable, Sendable, Equatable {
        public var id: String
        public var profile: String
        public var name: String

        init(_ record: DeviceRecord) {
            self.init(id: record.id, profile: record.profile, name: record.name)
        }

        init(id: String, profile: String, name: String) {
            self.id = id
            self.profile = profile
            self.name = name
        }
    }

    /// Adds a device with a profile (`homepod`, `watch`, ...).
    public func addDevice(id: String, profile: String, name: String? = nil) throws(HouseholdError) -> Device {
        guard Self.isIdentifier(id) else {
            throw HouseholdError(.invalid, "device id '\(id)' is not usable.", fix: "Use letters, digits, '-' and '_' (e.g. kitchen-homepod).")
        }
        let known: Profile
        do {
            known = try profiles.profile(profile)
        } catch {
            throw HouseholdError(.invalid, "unknown profile '\(profile)'.",
                                 fix: "Use one of: \(profiles.profiles.map(\.id).joined(separator: ", ")).")
        }
        let record = DeviceRecord(id: id, profile: known.id, name: name ?? known.name, created: now().timeIntervalSince1970)
        try store.write { db in
            if try DeviceRecord.exists(db, key: id) {
                throw HouseholdError(.conflict, "device '\(id)' already exists.", fix: "Choose another id, or DELETE /devices/\(id) first.")
            }
            try record.insert(db)
        }
        return Device(record)
    }

    /// Every device, oldest first.
    public func devices() throws(HouseholdError) -> [Device] {
        try store.read { db in
            try DeviceRecord.order(DeviceRecord.Columns.created, DeviceRecord.Columns.id).fetchAll(db).map(Device.init)
        }
    }

    /// The device with this id.
    public func device(_ id: String) throws(HouseholdError) -> Device {
        guard let found = try store.read({ db in try DeviceRecord.fetchOne(db, key: id) }) else {
            throw HouseholdError(.notFound, "no device '\(id)'.", fix: "GET /devices lists them; POST /devices adds one.")
        }
        return Device(found)
    }

    /// Removes a device, its conversation, transcript and run counts (its donations stay: they are the
    /// person's history). A turn under way on it finishes first.
    public func removeDevice(_ id: String) async throws(HouseholdError) {
        _ = try device(id)
        await acquire(id)
        defer { release(id) }
        generation += 1
        try store.write { db in
            _ = try DeviceRecord.deleteOne(db, key: id)
            _ = try RunRecord.filter(RunRecord.Columns.device == id).deleteAll(db)
            _ = try TurnRecord.filter(TurnRecord.Columns.device == id).deleteAll(db)
            _ = try ConversationRecord.deleteOne(db, key: id)
        }
        sessions[id] = nil
    }

    static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 64 && text.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") && $0.isASCII }
    }
}

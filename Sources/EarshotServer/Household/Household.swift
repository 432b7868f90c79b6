import Earshot
import EarshotDialogue
import EarshotMatching
import EarshotModel
import Foundation
import GRDB

/// A household of simulated devices sharing one iPhone's apps: what `earshot serve` runs.
///
/// State that must outlive the process (devices, apps, entities, user shortcuts, donations, run counts,
/// transcripts) is in the ``HouseholdStore``; each device's conversation in progress is in memory, in
/// its ``Session``, rebuilt from the store when apps or entities change.
public actor Household {
    public let store: HouseholdStore
    public let profiles: ProfileCatalog
    let handlers: HandlerRunner
    /// Speech for audio turns and spoken replies.
    public let speech: SpeechPool
    let now: @Sendable () -> Date
    /// The folders (symbolic links resolved) whose manifests ``installApp(path:)`` reads; none: no
    /// app is installed by path.
    public let appFolders: [String]
    /// Device id → its session (the conversation in progress).
    var sessions: [String: Session] = [:]
    /// Devices with a turn under way → the turns waiting for it: one turn at a time per device.
    var busy: [String: [CheckedContinuation<Void, Never>]] = [:]
    /// Bumped by every change that makes the sessions stale (apps, entities, people's shortcuts,
    /// devices): a turn that was under way keeps its session only if nothing changed meanwhile.
    var generation = 0

    /// Drops every session: the next turn of each device rebuilds it (and replays its conversation).
    func invalidateSessions() {
        generation += 1
        sessions.removeAll()
    }

    public init(store: HouseholdStore, profiles: ProfileCatalog, handlers: HandlerRunner = HandlerRunner(),
                speech: SpeechPool = SpeechPool(), now: @escaping @Sendable () -> Date = { Date() }, appFolders: [String] = []) {
        self.appFolders = appFolders.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().standardized.path }
        self.store = store
        self.profiles = profiles
        self.handlers = handlers
        self.speech = speech
        self.now = now
    }

    /// Waits until no other turn of `device` is under way.
    func acquire(_ device: String) async {
        if busy[device] == nil {
            busy[device] = []
            return
        }
        await withCheckedContinuation { busy[device, default: []].append($0) }
    }

    func release(_ device: String) {
        guard var waiting = busy[device], !waiting.isEmpty else {
            busy[device] = nil
            return
        }
        let next = waiting.removeFirst()
        busy[device] = waiting
        next.resume()
    }

    // MARK: Devices

    /// A simulated device of the household.
    public struct Device: Codable, Sendable, Equatable {
        public var id: String
        public var profile: String
        public var name: String
    }

    /// Adds a device with a profile (`homepod`, `watch`, ...).
    public func addDevice(id: String, profile: String, name: String? = nil) throws(ServerError) -> Device {
        guard Self.isIdentifier(id) else {
            throw ServerError(.badRequest, "device id '\(id)' is not usable.", fix: "Use letters, digits, '-' and '_' (e.g. kitchen-homepod).")
        }
        let known: Profile
        do {
            known = try profiles.profile(profile)
        } catch {
            throw ServerError(.badRequest, "unknown profile '\(profile)'.",
                              fix: "Use one of: \(profiles.profiles.map(\.id).joined(separator: ", ")).")
        }
        let device = Device(id: id, profile: known.id, name: name ?? known.name)
        let at = now().timeIntervalSince1970
        try store.write { db in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM device WHERE id = ?", arguments: [id]) == true {
                throw ServerError(.conflict, "device '\(id)' already exists.", fix: "Choose another id, or DELETE /devices/\(id) first.")
            }
            try db.execute(sql: "INSERT INTO device (id, profile, name, created) VALUES (?, ?, ?, ?)",
                           arguments: [device.id, device.profile, device.name, at])
        }
        return device
    }

    /// Every device, oldest first.
    public func devices() throws(ServerError) -> [Device] {
        try store.read { db in
            try Row.fetchAll(db, sql: "SELECT id, profile, name FROM device ORDER BY created, id").map {
                Device(id: $0["id"], profile: $0["profile"], name: $0["name"])
            }
        }
    }

    /// The device with this id.
    public func device(_ id: String) throws(ServerError) -> Device {
        let found = try store.read { db in
            try Row.fetchOne(db, sql: "SELECT id, profile, name FROM device WHERE id = ?", arguments: [id]).map {
                Device(id: $0["id"], profile: $0["profile"], name: $0["name"])
            }
        }
        guard let found else { throw ServerError(.notFound, "no device '\(id)'.", fix: "GET /devices lists them; POST /devices adds one.") }
        return found
    }

    /// Removes a device, its conversation, transcript and run counts (its donations stay: they are the
    /// person's history). A turn under way on it finishes first.
    public func removeDevice(_ id: String) async throws(ServerError) {
        _ = try device(id)
        await acquire(id)
        defer { release(id) }
        generation += 1
        try store.write { db in
            try db.execute(sql: "DELETE FROM device WHERE id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM run WHERE device = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM turn WHERE device = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM conversation WHERE device = ?", arguments: [id])
        }
        sessions[id] = nil
    }

    static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 64 && text.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") && $0.isASCII }
    }
}

import Earshot
import EarshotDialogue
import EarshotAudio
import EarshotEmbedding
import EarshotMatching
import EarshotModel
import EarshotSpeech
import Foundation
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
    }

    /// Adds a person's own shortcut (Add to Siri). It is said verbatim on every device that has the app.
    public func addUserShortcut(_ shortcut: UserShortcut, from device: String? = nil) throws(ServerError) -> UserShortcutRecord {
        if let device { _ = try self.device(device) }
        let normalized = Normalizer.normalize(shortcut.phrase)
        guard !normalized.isEmpty else { throw ServerError(.badRequest, "the phrase is empty.", fix: "Send the words the person will say.") }
        let manifest = try manifest(named: shortcut.app)
        guard let intent = manifest.intent(shortcut.intent) else {
            throw ServerError(.unprocessableContent, "\(shortcut.app) has no intent '\(shortcut.intent)'.",
                              fix: "Use one of: \(manifest.intents.map(\.id).joined(separator: ", ")).")
        }
        for (parameterID, valueID) in shortcut.values {
            guard let parameter = intent.parameter(parameterID) else {
                throw ServerError(.unprocessableContent, "\(intent.id) has no parameter '\(parameterID)'.",
                                  fix: "Use one of: \(intent.parameters.map(\.id).joined(separator: ", ")).")
            }
            if let set = parameter.type.valueSetID.flatMap(manifest.valueSet), set.value(valueID) == nil {
                throw ServerError(.unprocessableContent, "'\(valueID)' is not a value of \(set.id).",
                                  fix: "Use one of its ids: \(set.values.map(\.id).joined(separator: ", ")).")
            }
        }
        let values = Self.encodeValues(shortcut.values)
        let at = now().timeIntervalSince1970
        let id = try store.write { db -> Int64 in
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM user_shortcut WHERE normalized = ?", arguments: [normalized]) == true {
                throw ServerError(.conflict, "a shortcut with the phrase '\(shortcut.phrase)' exists.", fix: "Choose another phrase, or delete that shortcut.")
            }
            try db.execute(sql: "INSERT INTO user_shortcut (phrase, normalized, app, intent, \"values\", device, created) VALUES (?, ?, ?, ?, ?, ?, ?)",
                           arguments: [shortcut.phrase, normalized, shortcut.app, shortcut.intent, values, device, at])
            return db.lastInsertedRowID
        }
        invalidateSessions()
        return UserShortcutRecord(id: id, phrase: shortcut.phrase, app: shortcut.app, intent: shortcut.intent, values: shortcut.values, device: device)
    }

    /// Every shortcut people added, oldest first.
    public func userShortcuts() throws(ServerError) -> [UserShortcutRecord] {
        try store.read { db in
            try Row.fetchAll(db, sql: "SELECT id, phrase, app, intent, \"values\", device FROM user_shortcut ORDER BY id").map {
                UserShortcutRecord(id: $0["id"], phrase: $0["phrase"], app: $0["app"], intent: $0["intent"],
                                   values: Self.decodeValues($0["values"]), device: $0["device"])
            }
        }
    }

    /// Deletes a person's shortcut (only they can).
    public func deleteUserShortcut(id: Int64) throws(ServerError) {
        let deleted = try store.write { db -> Int in
            try db.execute(sql: "DELETE FROM user_shortcut WHERE id = ?", arguments: [id])
            return db.changesCount
        }
        guard deleted > 0 else { throw ServerError(.notFound, "no user shortcut \(id).", fix: "GET /shortcuts lists them.") }
        invalidateSessions()
    }

    // MARK: Turns

    /// One turn on a device, typed: the conversation goes on, the turn is written to the transcript,
    /// and a successful run is donated and counted.
    public func turn(device id: String, text: String) async throws(ServerError) -> Turn {
        _ = try device(id)
        await acquire(id)
        defer { release(id) }
        var session = try await session(for: id)
        let started = generation
        let before = session.runs
        var turn = await session.respond(to: text)
        keep(session, for: id, since: started)
        try record(&turn, device: id, inConversation: session.isInConversation, runsBefore: before, runsAfter: session.runs)
        return turn
    }

    /// One turn on a device, spoken: recognised in what the conversation allows now (by a loop of the
    /// ``SpeechPool``, while other devices go on), then answered as a typed one would be.
    public func turn(device id: String, audio: AudioBuffer) async throws(ServerError) -> Turn {
        _ = try device(id)
        await acquire(id)
        defer { release(id) }
        let recognition = try await recognize(audio, session: try await session(for: id))
        var session = try await session(for: id)
        let started = generation
        let before = session.runs
        var turn = await SpeechLoop.respond(to: recognition, session: &session)
        keep(session, for: id, since: started)
        try record(&turn, device: id, inConversation: session.isInConversation, runsBefore: before, runsAfter: session.runs)
        return turn
    }

    /// Stores a session a turn moved on, unless apps, entities, shortcuts or devices changed while the
    /// turn was under way: then the next turn rebuilds it (and replays the conversation's lines).
    func keep(_ session: Session, for id: String, since started: Int) {
        if generation == started { sessions[id] = session } else { sessions[id] = nil }
    }

    /// What the device makes of `audio` where its conversation is now, without answering.
    public func transcribe(device id: String, audio: AudioBuffer) async throws(ServerError) -> String {
        _ = try device(id)
        await acquire(id)
        defer { release(id) }
        return try await recognize(audio, session: try await session(for: id)).text
    }

    /// `audio` recognised in what `session` listens for now, by one of the pool's speech loops.
    func recognize(_ audio: AudioBuffer, session snapshot: Session) async throws(ServerError) -> Recognition {
        do {
            return try await speech.with { loop in try await loop.recognize(audio, session: snapshot) }
        } catch let error as SpeechPool.Unavailable {
            throw ServerError(.serviceUnavailable, "speech recognition is not available: \(error.error.message)", fix: error.error.fix)
        } catch let error as SpeechError {
            throw ServerError(.unprocessableContent, error.message, fix: error.fix)
        } catch {
            throw ServerError(.internalServerError, "recognition failed: \(error)")
        }
    }

    /// The intent and values the device would match `text` to, without starting anything.
    public func resolve(device id: String, text: String) async throws(ServerError) -> (intent: String, values: [String: String])? {
        _ = try device(id)
        await acquire(id)
        defer { release(id) }
        let session = try await session(for: id)
        guard let best = session.resolver.resolve(text).matches.first else { return nil }
        return (best.expansion.intent, best.expansion.values)
    }

    /// `text` spoken in the device's voice, or in `voice` (an espeak-ng voice) at its rate and pitch.
    public func speak(device id: String, text: String, voice: String? = nil) async throws(ServerError) -> AudioBuffer {
        let device = try device(id)
        var profile: Profile
        do { profile = try profiles.profile(device.profile) } catch { throw ServerError(.internalServerError, "\(error)") }
        if let voice { profile.voice.name = voice }
        let speaker = profile
        do {
            return try await speech.with { loop in try await loop.speak(text, profile: speaker) }
        } catch {
            throw ServerError(.serviceUnavailable, "the text cannot be spoken: \(error)", fix: "Install espeak-ng (`make setup`), or choose a voice espeak-ng has.")
        }
    }

    /// A turn's reply spoken in its device's voice, as a 16 kHz WAV file's bytes.
    public func replyAudio(device id: String, turn number: Int64) async throws(ServerError) -> Data {
        let device = try device(id)
        let json = try store.read { db in
            try String.fetchOne(db, sql: "SELECT json FROM turn WHERE id = ? AND device = ?", arguments: [number, id])
        }
        guard let json, let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
              let text = (object["reply"] as? [String: Any])?["text"] as? String else {
            throw ServerError(.notFound, "device '\(id)' has no turn \(number).", fix: "The turn JSON's reply.audio names the reply of each turn.")
        }
        let profile: Profile
        do { profile = try profiles.profile(device.profile) } catch { throw ServerError(.internalServerError, "\(error)") }
        do {
            let audio = try await speech.with { loop in try await loop.speak(text, profile: profile) }
            return try AudioFile.encode(audio, as: "wav")
        } catch let error as ServerError {
            throw error
        } catch {
            throw ServerError(.serviceUnavailable, "the reply cannot be spoken: \(error)", fix: "Install espeak-ng (`make setup`).")
        }
    }

    /// The device's session: its apps (the household's, with their current entities), the people's
    /// shortcuts, and the run counts so far.
    ///
    /// A conversation in progress when the session was last dropped (apps or entities changed, the
    /// server restarted) is picked up again: its lines are replayed.
    func session(for id: String) async throws(ServerError) -> Session {
        if let session = sessions[id] { return session }
        let started = generation
        let device = try device(id)
        let workspace = Workspace(apps: try manifests(), profiles: profiles)
        var session: Session
        do {
            // The matching index is built on a thread of its own, not on the actor nor on the
            // concurrency pool: other devices, /health and every other request go on meanwhile. Its
            // size is bounded by the manifest and entity limits (docs/limits.md).
            let handlers = handlers
            let profile = device.profile
            session = try await withCheckedContinuation { (continuation: CheckedContinuation<Result<Session, any Error>, Never>) in
                Thread.detachNewThread {
                    continuation.resume(returning: Result { try workspace.matchingSession(profile: profile, handlers: handlers) })
                }
            }.get()
        } catch let error as EmbeddingError {
            throw ServerError(.serviceUnavailable, "\(device.profile) matches flexibly and \(error.description)")
        } catch {
            throw ServerError(.internalServerError, "the device's session cannot start: \(error)")
        }
        session.userShortcuts = try userShortcuts().map { UserShortcut(phrase: $0.phrase, app: $0.app, intent: $0.intent, values: $0.values) }
        session.runs = try store.read { db in
            Dictionary(try Row.fetchAll(db, sql: "SELECT app, intent, count FROM run WHERE device = ?", arguments: [id]).map {
                ("\($0["app"] as String)|\($0["intent"] as String)", $0["count"] as Int)
            }, uniquingKeysWith: { $1 })
        }
        let lines = try store.read { db in
            try String.fetchOne(db, sql: "SELECT lines FROM conversation WHERE device = ?", arguments: [id])
        }.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) } ?? []
        for line in lines { _ = await session.respond(to: line) }
        if let current = sessions[id] { return current }
        // Something changed during the replay: use this session for this turn, rebuild for the next.
        if generation == started { sessions[id] = session }
        return session
    }

    /// Writes the turn to the transcript (its reply audio named by its row: `/devices/<id>/replies/<n>.wav`),
    /// donates a successful run, and counts runs.
    func record(_ turn: inout Turn, device: String, inConversation: Bool, runsBefore: [String: Int], runsAfter: [String: Int]) throws(ServerError) {
        let at = now().timeIntervalSince1970
        // The conversation's lines so far (to pick it up again after a restart) are kept below; none once it ended.
        let heardText = turn.heard.text
        let startsConversation = turn.isInvocation
        let donation: (app: String, intent: String, values: String)? = turn.outcome == .success
            ? turn.app.flatMap { app in turn.intent.map { (app, $0, Self.encodeValues(Self.valueIDs(turn))) } } : nil
        let changed = runsAfter.filter { runsBefore[$0.key] != $0.value }
        let pending = turn
        let recorded = try store.write { db -> Turn in
            var turn = pending
            // A device removed meanwhile keeps nothing.
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM device WHERE id = ?", arguments: [device]) == true else { return turn }
            try db.execute(sql: "INSERT INTO turn (device, at, json) VALUES (?, ?, '{}')", arguments: [device, at])
            turn.reply.audio = "/devices/\(device)/replies/\(db.lastInsertedRowID).wav"
            try db.execute(sql: "UPDATE turn SET json = ? WHERE id = ?", arguments: [TranscriptWriter.json(turn), db.lastInsertedRowID])
            if inConversation {
                let earlier = startsConversation ? [] : (try String.fetchOne(db, sql: "SELECT lines FROM conversation WHERE device = ?", arguments: [device])
                    .flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) } ?? [])
                let lines = String(decoding: try JSONEncoder().encode(earlier + [heardText]), as: UTF8.self)
                try db.execute(sql: "INSERT OR REPLACE INTO conversation (device, lines) VALUES (?, ?)", arguments: [device, lines])
            } else {
                try db.execute(sql: "DELETE FROM conversation WHERE device = ?", arguments: [device])
            }
            if let donation {
                try db.execute(sql: "INSERT INTO donation (device, app, intent, \"values\", at) VALUES (?, ?, ?, ?, ?)",
                               arguments: [device, donation.app, donation.intent, donation.values, at])
            }
            for (key, count) in changed {
                let parts = key.split(separator: "|", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                try db.execute(sql: "INSERT OR REPLACE INTO run (device, app, intent, count) VALUES (?, ?, ?, ?)",
                               arguments: [device, parts[0], parts[1], count])
            }
            return turn
        }
        turn = recorded
    }

    static func valueIDs(_ turn: Turn) -> [String: String] {
        var out: [String: String] = [:]
        for (id, value) in turn.parameters { if let value { out[id] = value.id } }
        return out
    }

    /// The device's turns, oldest first, as the turn JSON of the CLI spec.
    public func transcript(device id: String, limit: Int = 1_000) throws(ServerError) -> [String] {
        _ = try device(id)
        return try store.read { db in
            try String.fetchAll(db, sql: "SELECT json FROM (SELECT id, json FROM turn WHERE device = ? ORDER BY id DESC LIMIT ?) ORDER BY id",
                                arguments: [id, limit])
        }
    }

    // MARK: Suggestions

    /// A Siri Suggestion: a shortcut people ran, ranked by how often and how near this time of day.
    public struct Suggestion: Codable, Sendable, Equatable {
        public var app: String
        public var intent: String
        public var values: [String: String]
        /// The shortcut's short title (or the intent's title).
        public var title: String
        /// Donations of it.
        public var count: Int
        public var score: Double
    }

    /// Siri Suggestions at `date` for `device` (only what that device can run; every device when `nil`):
    /// donations grouped by intent and values, each weighing more the closer its time of day is to
    /// `date`'s (a Gaussian of two hours on the 24-hour circle).
    public func suggestions(device id: String? = nil, at date: Date? = nil, limit: Int = 10) throws(ServerError) -> [Suggestion] {
        let when = date ?? now()
        let manifests = try manifests()
        var available = manifests
        if let id {
            let device = try device(id)
            let profile = (try? profiles.profile(device.profile))
            available = manifests.filter { profile?.hasApp(platforms: $0.platforms) ?? true }
        }
        let rows = try store.read { db in
            try Row.fetchAll(db, sql: "SELECT app, intent, \"values\", at FROM donation").map {
                ($0["app"] as String, $0["intent"] as String, $0["values"] as String, $0["at"] as Double)
            }
        }
        let hour = Self.hourOfDay(when)
        var groups: [String: Suggestion] = [:]
        for (app, intent, values, at) in rows {
            guard let manifest = available.first(where: { $0.name == app }) else { continue }
            let key = "\(app)|\(intent)|\(values)"
            let distance = Self.circularDistance(Self.hourOfDay(Date(timeIntervalSince1970: at)), hour)
            let weight = exp(-distance * distance / (2 * 2 * 2))
            var entry = groups[key] ?? Suggestion(app: app, intent: intent, values: Self.decodeValues(values),
                                                  title: manifest.shortcut(for: intent)?.shortTitle ?? manifest.intent(intent)?.title ?? intent,
                                                  count: 0, score: 0)
            entry.count += 1
            entry.score += weight
            groups[key] = entry
        }
        return groups.values.sorted { ($0.score, $0.count, $1.title) > ($1.score, $1.count, $0.title) }.prefix(limit).map { suggestion in
            var rounded = suggestion
            rounded.score = (suggestion.score * 1000).rounded() / 1000
            return rounded
        }
    }

    /// A shortcut the Siri watch face shows now.
    public struct RelevantShortcut: Codable, Sendable, Equatable {
        public var app: String
        public var intent: String
        public var title: String
        public var systemImage: String?
    }

    /// The shortcuts whose `relevance` windows hold `date`'s time of day (UTC), of the apps `device` has.
    public func relevantShortcuts(device id: String, at date: Date? = nil) throws(ServerError) -> [RelevantShortcut] {
        let device = try device(id)
        let profile = try? profiles.profile(device.profile)
        let minute = Int(Self.hourOfDay(date ?? now()) * 60)
        return try manifests().filter { profile?.hasApp(platforms: $0.platforms) ?? false }.flatMap { manifest in
            manifest.shortcuts.filter { $0.relevance.contains { $0.contains(minute: minute) } }.map { shortcut in
                RelevantShortcut(app: manifest.name, intent: shortcut.intent,
                                 title: shortcut.shortTitle ?? manifest.intent(shortcut.intent)?.title ?? shortcut.intent,
                                 systemImage: shortcut.systemImage)
            }
        }
    }

    static func hourOfDay(_ date: Date) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return Double(parts.hour ?? 0) + Double(parts.minute ?? 0) / 60
    }

    static func circularDistance(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 24)
        return min(d, 24 - d)
    }
}

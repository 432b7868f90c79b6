import Earshot
import EarshotDialogue
import EarshotEmbedding
import Foundation
import GRDB

extension Household {
    /// Stores a session a turn moved on, unless apps, entities, shortcuts or devices changed while the
    /// turn was under way: then the next turn rebuilds it (and replays the conversation's lines).
    func keep(_ session: Session, for id: String, since started: Int) {
        if generation == started { sessions[id] = session } else { sessions[id] = nil }
    }

    /// The device's session: its apps (the household's, with their current entities), the people's
    /// shortcuts, and the run counts so far.
    ///
    /// A conversation in progress when the session was last dropped (apps or entities changed, the
    /// server restarted) is picked up again: its lines are replayed.
    func session(for id: String) async throws(HouseholdError) -> Session {
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
            throw HouseholdError(.unavailable, "\(device.profile) matches flexibly and \(error.description)")
        } catch {
            throw HouseholdError(.failed, "the device's session cannot start: \(error)")
        }
        session.userShortcuts = try userShortcuts().map { UserShortcut(phrase: $0.phrase, app: $0.app, intent: $0.intent, values: $0.values) }
        let (runs, conversation) = try store.read { db in
            (try RunRecord.filter(RunRecord.Columns.device == id).fetchAll(db), try ConversationRecord.fetchOne(db, key: id))
        }
        session.runs = Dictionary(runs.map { ($0.key, $0.count) }, uniquingKeysWith: { $1 })
        let lines = conversation?.lines ?? []
        for line in lines { _ = await session.respond(to: line) }
        if let current = sessions[id] { return current }
        // Something changed during the replay: use this session for this turn, rebuild for the next.
        if generation == started { sessions[id] = session }
        return session
    }
}

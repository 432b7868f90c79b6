import Earshot
import EarshotAudio
import EarshotDialogue
import EarshotSpeech
import Foundation
import GRDB

extension Household {
    /// One turn on a device, typed: the conversation goes on, the turn is written to the transcript,
    /// and a successful run is donated and counted.
    public func turn(device id: String, text: String) async throws(HouseholdError) -> Turn {
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
    public func turn(device id: String, audio: AudioBuffer) async throws(HouseholdError) -> Turn {
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

    /// Writes the turn to the transcript (its reply audio named by its row: `/devices/<id>/replies/<n>.wav`),
    /// keeps the conversation's lines, donates a successful run, and counts runs.
    func record(_ turn: inout Turn, device: String, inConversation: Bool, runsBefore: [RunKey: Int], runsAfter: [RunKey: Int]) throws(HouseholdError) {
        let at = now().timeIntervalSince1970
        // The conversation's lines so far (to pick it up again after a restart) are kept below; none once it ended.
        let heardText = turn.heard.text
        let startsConversation = turn.isInvocation
        let donation: DonationRecord? = turn.outcome == .success
            ? turn.app.flatMap { app in turn.intent.map { DonationRecord(id: nil, device: device, app: app, intent: $0, values: Self.valueIDs(turn), at: at) } }
            : nil
        let runs = runsAfter.filter { runsBefore[$0.key] != $0.value }.map { RunRecord(device: device, key: $0.key, count: $0.value) }
        let pending = turn
        turn = try store.write { db -> Turn in
            var turn = pending
            // A device removed meanwhile keeps nothing.
            guard try DeviceRecord.exists(db, key: device) else { return turn }
            var row = TurnRecord(id: nil, device: device, at: at, json: "{}")
            try row.insert(db)
            turn.reply.audio = "/devices/\(device)/replies/\(row.id ?? 0).wav"
            row.json = TranscriptWriter.json(turn)
            try row.update(db)
            if inConversation {
                let earlier = startsConversation ? [] : (try ConversationRecord.fetchOne(db, key: device)?.lines ?? [])
                try ConversationRecord(device: device, lines: earlier + [heardText]).save(db)
            } else {
                _ = try ConversationRecord.deleteOne(db, key: device)
            }
            if var donation { try donation.insert(db) }
            for run in runs { try run.save(db) }
            return turn
        }
    }

    /// Parameter id → value id, of the parameters the turn has a value for.
    static func valueIDs(_ turn: Turn) -> [String: String] {
        var out: [String: String] = [:]
        for (id, value) in turn.parameters { if let value { out[id] = value.id } }
        return out
    }
}

import Earshot
import EarshotDialogue
@testable import EarshotHousehold
import Foundation
import GRDB
import Testing

/// State files written by earlier versions open as they are: nothing a user stored is lost.
@Suite("serve: earlier state files", .serialized)
struct StateFileTests {
    /// A state file written by the raw-SQL store (before the record types), as it wrote it (checkpointed,
    /// the examples folder it installed the apps from replaced by `@EXAMPLES@`): two devices, two apps,
    /// an entity's values, a person's shortcut, a donation, a run count, a transcript and a
    /// conversation in progress.
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/household-raw-sql.sqlite")

    /// A copy of the fixture in `folder`, with this checkout's examples folder.
    static func stateFile(in folder: URL) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("household.sqlite").path
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "UPDATE app SET manifest = replace(manifest, '@EXAMPLES@', ?)", arguments: [HouseholdAPITests.examples.path])
        }
        return path
    }

    @Test("an earlier state file: its devices, apps, entities, shortcuts, donations, run counts, transcript and conversation in progress")
    func earlierStateFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let household = try HouseholdAPITests.household(state: try Self.stateFile(in: folder))

        #expect(try await household.devices().map(\.id) == ["wrist", "kitchen"])
        #expect(try await household.apps().map(\.name) == ["Demo", "Soup Chef"])
        #expect(try await household.userShortcuts().map(\.phrase) == ["Camp list"])
        #expect(try await household.userShortcuts().first?.values == ["list": "camping"])
        #expect(try await household.suggestions().map(\.values) == [["list": "camping"]])
        #expect(try await household.suggestions().first?.count == 1)
        // The transcript as it was written, and each turn read back as a turn.
        let transcript = try await household.transcript(device: "wrist")
        #expect(transcript.count == 1)
        let stored = try household.store.read { db in try TurnRecord.fetchAll(db) }
        #expect(stored.count == 2)
        #expect(stored.compactMap(\.turn).map(\.reply.text) == stored.map {
            ((try? JSONSerialization.jsonObject(with: Data($0.json.utf8)) as? [String: Any])?["reply"] as? [String: Any])?["text"] as? String
        })
        #expect(stored.compactMap(\.turn).count == 2)
        // The run counted on the Watch.
        let session = try await household.session(for: "wrist")
        #expect(session.runs == [RunKey(app: "Demo", intent: "SummarizeList"): 1])
        // The entity's values: the camping list is one of Demo's lists.
        let turn = try await household.turn(device: "wrist", text: "Summarize my camping list with Demo")
        #expect(turn.outcome == .success, "\(turn.reply.text)")
        // The conversation in progress on the HomePod goes on.
        let answered = try await household.turn(device: "kitchen", text: "the second one")
        #expect(answered.reply.text == "Do you want a bowl?", "\(answered.reply.text)")
        #expect(answered.parameters.first { $0.id == "soup" }?.value?.id == "tomato")
    }

    @Test("a turn written to the transcript reads back as the same turn JSON")
    func turnRoundTrip() async throws {
        let household = try HouseholdAPITests.household()
        _ = try await household.addDevice(id: "kitchen", profile: "homepod")
        _ = try await household.installApp(path: HouseholdAPITests.examples.appendingPathComponent("soupchef").path)
        for line in ["Order soup with Soup Chef", "tomato", "no"] {
            let turn = try await household.turn(device: "kitchen", text: line)
            let decoded = try JSONDecoder().decode(Turn.self, from: Data(TranscriptWriter.json(turn).utf8))
            #expect(TranscriptWriter.json(decoded) == TranscriptWriter.json(turn))
        }
    }
}

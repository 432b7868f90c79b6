import Earshot
import EarshotAudio
import EarshotHousehold
import EarshotServer
import Foundation
import Testing

/// A household device as a Wyoming service, driven by the real `wyoming` client library: its ear, its
/// brain and its voice.
@Suite("Wyoming: a household device", .serialized, .timeLimit(.minutes(2)))
struct WyomingHouseholdTests {
    @Test("describe, transcribe a spoken phrase, recognize it as the intent with its values, handle a turn, synthesize a reply")
    func device() async throws {
        let household = try await HouseholdAPITests.wristWithDemo()
        let server = WyomingServer(backend: try await HouseholdWyomingBackend(household: household, device: "wrist"), port: 0)
        let port = try await server.start()
        defer { Task { await server.stop() } }

        let info = try await WyomingServerTests.client(port, "describe")
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.json["type"] as? String == "info", "\(info.json)")

        let wav = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-wyoming-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: wav) }
        var speaker = try Bundled.profiles().profile("watch")
        speaker.voice.name = "en-gb"
        try AudioFile.write(try await SpeechLoop().speak("Summarize my shopping list with Demo", profile: speaker), to: wav.path)
        let transcript = try await WyomingServerTests.client(port, "transcribe", wav.path)
        #expect(transcript.json["type"] as? String == "transcript", "\(transcript.json) \(transcript.stderr)")
        #expect((transcript.json["text"] as? String)?.lowercased() == "summarize my shopping list with demo", "\(transcript.json)")

        let intent = try await WyomingServerTests.client(port, "recognize", "Summarize my shopping list with Demo")
        #expect(intent.json["type"] as? String == "intent", "\(intent.json)")
        #expect(intent.json["name"] as? String == "SummarizeList", "\(intent.json)")
        #expect("\(intent.json["entities"] ?? "")".contains("shopping"), "\(intent.json)")
        let none = try await WyomingServerTests.client(port, "recognize", "What's the weather like")
        #expect(none.json["type"] as? String == "not-recognized", "\(none.json)")

        let handled = try await WyomingServerTests.client(port, "handle", "Summarize my work list with Demo")
        #expect(handled.json["type"] as? String == "handled", "\(handled.json)")
        #expect((handled.json["text"] as? String)?.contains("2 items") == true, "\(handled.json)")
        let unhandled = try await WyomingServerTests.client(port, "handle", "Order a pizza with Demo")
        #expect(unhandled.json["type"] as? String == "not-handled", "\(unhandled.json)")
        // The handled turn is the device's: it is in its transcript.
        #expect(try await household.transcript(device: "wrist").count == 2)

        let audio = try await WyomingServerTests.client(port, "synthesize", "Your list has two items.")
        #expect(audio.json["type"] as? String == "audio", "\(audio.json)")
        #expect(audio.json["rate"] as? Int == 16_000, "\(audio.json)")
        #expect((audio.json["samples"] as? Int ?? 0) > 8_000, "\(audio.json)")
    }
}

import Earshot
import EarshotAudio
import EarshotHousehold
import EarshotServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Spoken turns through the API: a WAV in, recognised on the device, the reply's audio at the URL the
/// turn gives; audio that is not audio, or too long, refused with a 422.
@Suite("serve: spoken turns", .serialized)
struct AudioTurnTests {
    static func wav(_ text: String) async throws -> Data {
        let loop = try SpeechLoop()
        let profile = try Bundled.profiles().profile("watch")
        var speaker = profile
        speaker.voice.name = "en-us+f3"
        let audio = try await loop.speak(text, profile: speaker)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-test-\(UUID().uuidString).wav").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try AudioFile.write(audio, to: path)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test("a WAV of a phrase on the Watch: heard, matched, answered; the reply is a WAV at reply.audio")
    func spoken() async throws {
        let household = try HouseholdAPITests.household()
        let api = HouseholdAPI(household: household, limits: .init(audioSeconds: 20))
        let app = Application(router: api.router())
        let order = try await Self.wav("Summarize my shopping list with Demo")
        try await app.test(.router) { client in
            #expect(try await HouseholdAPITests.send(client, .post, "/devices", ["id": "wrist", "profile": "watch"]).status == .created)
            #expect(try await HouseholdAPITests.send(client, .post, "/apps", ["path": HouseholdAPITests.examples.appendingPathComponent("demo").path]).status == .created)
            let turn = try await client.execute(uri: "/devices/wrist/turns", method: .post, headers: [.contentType: "audio/wav"],
                                                body: ByteBuffer(bytes: order)) { response in
                (response.status, (try? JSONSerialization.jsonObject(with: Data(buffer: response.body))) as? [String: Any] ?? [:])
            }
            #expect(turn.0 == .ok, "\(turn.1)")
            let heard = turn.1["heard"] as? [String: Any]
            #expect(heard?["source"] as? String == "audio")
            #expect((heard?["text"] as? String)?.lowercased() == "summarize my shopping list with demo", "\(heard ?? [:])")
            #expect(turn.1["outcome"] as? String == "success")
            let audio = try #require((turn.1["reply"] as? [String: Any])?["audio"] as? String)
            #expect(audio.hasPrefix("/devices/wrist/replies/") && audio.hasSuffix(".wav"))
            try await client.execute(uri: audio, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "audio/wav")
                let bytes = Data(buffer: response.body)
                #expect(bytes.prefix(4) == Data("RIFF".utf8) && bytes.count > 16_000, "\(bytes.count) bytes")
            }
            #expect(try await HouseholdAPITests.send(client, .get, "/devices/wrist/replies/999.wav").status == .notFound)

            // A text file sent as audio, and 25 s of silence over a 20 s limit: 422, with the reason.
            let notAudio = try await client.execute(uri: "/devices/wrist/turns", method: .post, headers: [.contentType: "audio/wav"],
                                                    body: ByteBuffer(string: "this is not a WAV file at all, just words")) { response in
                (response.status, (try? JSONSerialization.jsonObject(with: Data(buffer: response.body))) as? [String: Any] ?? [:])
            }
            #expect(notAudio.0 == .unprocessableContent)
            #expect(((notAudio.1["error"] as? [String: Any])?["message"] as? String)?.hasPrefix("the body is not usable audio") == true, "\(notAudio.1)")
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-long-\(UUID().uuidString).wav").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try AudioFile.write(AudioBuffer(samples: [Int16](repeating: 0, count: 16_000 * 25)), to: path)
            let long = try await client.execute(uri: "/devices/wrist/turns", method: .post, headers: [.contentType: "audio/wav"],
                                                body: ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: path)))) { response in response.status }
            #expect(long == .unprocessableContent)
        }
    }
}

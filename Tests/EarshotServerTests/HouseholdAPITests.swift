import Earshot
import EarshotDialogue
import EarshotHousehold
@testable import EarshotServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// `earshot serve`'s API, driven as a client would: a HomePod in the kitchen and a Watch on a wrist
/// sharing one iPhone's apps.
@Suite("serve: the household API", .serialized)
struct HouseholdAPITests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples")

    /// A settable clock, for suggestions by time of day.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var date = ISO8601DateFormatter().date(from: "2026-11-23T08:00:00Z")!
        func now() -> Date { lock.withLock { date } }
        func set(_ iso: String) { lock.withLock { date = ISO8601DateFormatter().date(from: iso)! } }
    }

    static func household(state: String? = nil, clock: Clock = Clock()) throws -> Household {
        Household(store: try HouseholdStore(path: state), profiles: try Bundled.profiles(), handlers: generousHandlers, now: { clock.now() },
                  appFolders: [examples.path])
    }

    /// A household with a Watch (`wrist`) and the Demo app.
    static func wristWithDemo() async throws -> Household {
        let household = try household()
        _ = try await household.addDevice(id: "wrist", profile: "watch")
        _ = try await household.installApp(path: examples.appendingPathComponent("demo").path)
        return household
    }

    /// The examples' Python handlers start slowly on a busy machine; a time-out is not what these tests test.
    static var generousHandlers: HandlerRunner { HandlerRunner(timeout: .seconds(60)) }

    /// Sends a JSON request and returns the status and the decoded object.
    static func send(_ client: some TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, _ body: Any? = nil,
                     headers: HTTPFields = [:]) async throws -> (status: HTTPResponse.Status, json: [String: Any]) {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        var headers = headers
        if data != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        return try await client.execute(uri: uri, method: method, headers: headers, body: data.map { ByteBuffer(bytes: $0) }) { response in
            let object = (try? JSONSerialization.jsonObject(with: Data(buffer: response.body))) as? [String: Any] ?? [:]
            return (response.status, object)
        }
    }

    static func say(_ client: some TestClientProtocol, _ device: String, _ text: String) async throws -> [String: Any] {
        let result = try await send(client, .post, "/devices/\(device)/turns", ["text": text])
        #expect(result.status == .ok, "\(result.json)")
        return result.json
    }

    @Test("two devices, one iPhone's apps: a shortcut added on the HomePod works verbatim on the Watch only for an app on the Watch; an entity update works at once; donations change the suggestions")
    func household() async throws {
        let clock = Clock()
        let api = HouseholdAPI(household: try Self.household(clock: clock))
        let app = Application(router: api.router())
        try await app.test(.router) { client in
            #expect(try await Self.send(client, .post, "/devices", ["id": "kitchen", "profile": "homepod"]).status == .created)
            #expect(try await Self.send(client, .post, "/devices", ["id": "wrist", "profile": "watch", "name": "Sam's Watch"]).status == .created)
            for example in ["demo", "traillog"] {
                let installed = try await Self.send(client, .post, "/apps", ["path": Self.examples.appendingPathComponent(example).path])
                #expect(installed.status == .created, "\(installed.json)")
            }

            // A person's own shortcuts, added from the HomePod: Demo is on the Watch, Trail Log is not.
            let groceries = try await Self.send(client, .post, "/shortcuts",
                                                ["phrase": "Groceries please", "app": "Demo", "intent": "SummarizeList",
                                                 "values": ["list": "shopping"], "device": "kitchen"])
            #expect(groceries.status == .created, "\(groceries.json)")
            #expect(try await Self.send(client, .post, "/shortcuts",
                                        ["phrase": "Trail time", "app": "Trail Log", "intent": "HikeDistance", "values": ["period": "week"]]).status == .created)
            for device in ["kitchen", "wrist"] {
                let turn = try await Self.say(client, device, "groceries please")
                #expect(turn["outcome"] as? String == "success", "\(device): \(turn)")
                #expect((turn["match"] as? [String: Any])?["intent"] as? String == "SummarizeList")
                #expect(((turn["parameters"] as? [String: Any])?["list"] as? [String: Any])?["id"] as? String == "shopping")
            }
            let homepodTrail = try await Self.say(client, "kitchen", "Trail time")
            #expect(homepodTrail["outcome"] as? String == "success", "\(homepodTrail)")
            let watchTrail = try await Self.say(client, "wrist", "Trail time")
            #expect(watchTrail["outcome"] as? String == "no-match", "\(watchTrail)")

            // The app replaces its lists: the new one works in phrases at once, on both devices.
            let update = try await Self.send(client, .put, "/apps/Demo/entities/TodoList",
                                             ["values": [["id": "shopping", "title": "Shopping"], ["id": "camping", "title": "Camping"]]])
            #expect(update.status == .ok, "\(update.json)")
            for device in ["wrist", "kitchen"] {
                let turn = try await Self.say(client, device, "Summarize my camping list with Demo")
                #expect(turn["outcome"] as? String == "success", "\(device): \(turn)")
                #expect(((turn["parameters"] as? [String: Any])?["list"] as? [String: Any])?["id"] as? String == "camping")
            }
            let gone = try await Self.say(client, "wrist", "Summarize my work list with Demo")
            #expect(gone["outcome"] as? String == "no-match", "\(gone)")

            // Donations change the suggestions: the morning's shopping list, the evening's hikes.
            clock.set("2026-11-23T19:00:00Z")
            for _ in 0..<3 { _ = try await Self.say(client, "kitchen", "How far did I hike with Trail Log") }
            let morning = try await Self.send(client, .get, "/suggestions?at=2026-11-24T08:15:00Z")
            let morningFirst = (morning.json["suggestions"] as? [[String: Any]])?.first
            #expect(morningFirst?["intent"] as? String == "SummarizeList", "\(morning.json)")
            let evening = try await Self.send(client, .get, "/suggestions?at=2026-11-24T19:30:00Z")
            let eveningFirst = (evening.json["suggestions"] as? [[String: Any]])?.first
            #expect(eveningFirst?["intent"] as? String == "HikeDistance", "\(evening.json)")
            // The Watch is never offered what it cannot run.
            let watch = try await Self.send(client, .get, "/suggestions?device=wrist&at=2026-11-24T19:30:00Z")
            #expect((watch.json["suggestions"] as? [[String: Any]])?.allSatisfy { $0["app"] as? String == "Demo" } == true, "\(watch.json)")

            // A list that disappears takes its donations with it.
            let before = (morning.json["suggestions"] as? [[String: Any]])?.contains { ($0["values"] as? [String: String])?["list"] == "camping" }
            #expect(before == true)
            // … and a person's own shortcut that names it; the one naming a list that stays is kept.
            #expect(try await Self.send(client, .post, "/shortcuts", ["phrase": "Camping gear", "app": "Demo", "intent": "SummarizeList",
                                                                     "values": ["list": "camping"]]).status == .created)
            let removed = try await Self.send(client, .put, "/apps/Demo/entities/TodoList", ["values": [["id": "shopping", "title": "Shopping"]]])
            #expect(removed.json["deletedDonations"] as? Int == 2, "\(removed.json)")
            #expect(removed.json["deletedShortcuts"] as? Int == 1, "\(removed.json)")
            let phrases = (try await Self.send(client, .get, "/shortcuts").json["shortcuts"] as? [[String: Any]])?.compactMap { $0["phrase"] as? String }
            #expect(phrases?.contains("Groceries please") == true && phrases?.contains("Camping gear") == false, "\(phrases ?? [])")
            let after = try await Self.send(client, .get, "/suggestions?at=2026-11-24T08:15:00Z")
            #expect((after.json["suggestions"] as? [[String: Any]])?.contains { ($0["values"] as? [String: String])?["list"] == "camping" } == false)

            let transcript = try await Self.send(client, .get, "/devices/wrist/transcript")
            #expect((transcript.json["turns"] as? [[String: Any]])?.count == 4)

            // Names with spaces, percent-encoded in the path as every HTTP client sends them.
            let trails = try await Self.send(client, .put, "/apps/Trail%20Log/entities/Trail", ["values": [["id": "ridge", "title": "Ridge Trail"]]])
            #expect(trails.status == .ok, "\(trails.json)")
            #expect(try await Self.send(client, .delete, "/apps/Trail%20Log").status == .noContent)
            #expect(try await Self.send(client, .get, "/apps").json["apps"].map { "\($0)" }?.contains("Trail Log") == false)
        }
    }

    @Test("what a client gets wrong: malformed JSON 400, an oversized body 413, an unknown device 404, a duplicate 409, a bad manifest 422, no token 401")
    func refusals() async throws {
        let api = HouseholdAPI(household: try Self.household(), token: "0123456789abcdef-secret", limits: .init(body: 4_096))
        let app = Application(router: api.router())
        let auth: HTTPFields = [.authorization: "Bearer 0123456789abcdef-secret"]
        try await app.test(.router) { client in
            let noToken = try await Self.send(client, .get, "/devices")
            #expect(noToken.status == .unauthorized)
            #expect((noToken.json["error"] as? [String: Any])?["message"] as? String == "this server needs a token.")
            #expect(try await Self.send(client, .get, "/devices", headers: [.authorization: "Bearer wrong"]).status == .unauthorized)

            var jsonAuth = auth
            jsonAuth[.contentType] = "application/json"
            let malformed = try await client.execute(uri: "/devices", method: .post, headers: jsonAuth, body: ByteBuffer(string: "{\"id\": ")) { response in
                (response.status, (try? JSONSerialization.jsonObject(with: Data(buffer: response.body))) as? [String: Any] ?? [:])
            }
            #expect(malformed.0 == .badRequest)
            #expect((malformed.1["error"] as? [String: Any])?["message"] as? String == "the body is not JSON.", "\(malformed.1)")

            let missingField = try await Self.send(client, .post, "/devices", ["id": "kitchen"], headers: auth)
            #expect(missingField.status == .badRequest)
            #expect(((missingField.json["error"] as? [String: Any])?["message"] as? String)?.contains("'profile' is missing") == true)

            let huge = try await Self.send(client, .post, "/devices", ["id": "x", "profile": String(repeating: "a", count: 10_000)], headers: auth)
            #expect(huge.status == .contentTooLarge)

            #expect(try await Self.send(client, .post, "/devices/nowhere/turns", ["text": "hello"], headers: auth).status == .notFound)
            #expect(try await Self.send(client, .post, "/devices", ["id": "kitchen", "profile": "toaster"], headers: auth).status == .badRequest)
            #expect(try await Self.send(client, .post, "/devices", ["id": "kitchen", "profile": "homepod"], headers: auth).status == .created)
            #expect(try await Self.send(client, .post, "/devices", ["id": "kitchen", "profile": "homepod"], headers: auth).status == .conflict)
            let bad = try await Self.send(client, .post, "/apps", ["manifest": "app: Soup\nintents:\n  - id: A\n    title: Do a thing\n    promt: x\n"], headers: auth)
            #expect(bad.status == .unprocessableContent)
            #expect(((bad.json["error"] as? [String: Any])?["message"] as? String)?.contains("unknown key 'promt'") == true, "\(bad.json)")
            #expect(try await Self.send(client, .get, "/suggestions?at=yesterday", headers: auth).status == .badRequest)
            let handler = try await Self.send(client, .post, "/apps", ["manifest": "app: Sneaky\nintents:\n  - id: A\n    title: Do a thing\n    handler: [sh, -c, touch /tmp/pwned]\n"], headers: auth)
            #expect(handler.status == .unprocessableContent)
            #expect(((handler.json["error"] as? [String: Any])?["message"] as? String)?.contains("handlers run only for apps installed from a path") == true, "\(handler.json)")
            #expect(try await Self.send(client, .get, "/suggestions?at=2026-11-24T08:15:00.000Z", headers: auth).status == .ok)
            #expect(try await Self.send(client, .delete, "/shortcuts/12", headers: auth).status == .notFound)
            // A web page of another site, and a JSON body sent as text (what a page can send without asking).
            var evil = auth
            evil[.origin] = "http://evil.example"
            #expect(try await Self.send(client, .post, "/devices", ["id": "x", "profile": "homepod"], headers: evil).status == .forbidden)
            var text = auth
            text[.contentType] = "text/plain"
            #expect(try await Self.send(client, .post, "/devices", ["id": "x", "profile": "homepod"], headers: text).status == .unsupportedMediaType)
            let nowhere = try await Self.send(client, .get, "/nowhere", headers: auth)
            #expect(nowhere.status == .notFound)
            #expect(((nowhere.json["error"] as? [String: Any])?["message"] as? String)?.contains("no such endpoint") == true, "\(nowhere.json)")
        }
    }

    @Test("a web page's origin: the server's own passes, another site, another port, a sandboxed page (null) are foreign; a program's ws:// is not")
    func origins() {
        #expect(!SameOriginMiddleware.isForeign(origin: "http://127.0.0.1:8765", authority: "127.0.0.1:8765"))
        #expect(!SameOriginMiddleware.isForeign(origin: "HTTP://LocalHost:8765", authority: "localhost:8765"))
        #expect(!SameOriginMiddleware.isForeign(origin: "http://[::1]:8765", authority: "[::1]:8765"))
        #expect(!SameOriginMiddleware.isForeign(origin: "https://house.example", authority: "house.example:443"))
        #expect(!SameOriginMiddleware.isForeign(origin: "ws://127.0.0.1", authority: "127.0.0.1:8765"))
        #expect(SameOriginMiddleware.isForeign(origin: "http://evil.example", authority: "127.0.0.1:8765"))
        #expect(SameOriginMiddleware.isForeign(origin: "http://127.0.0.1:3000", authority: "127.0.0.1:8765"))
        #expect(SameOriginMiddleware.isForeign(origin: "http://127.0.0.1", authority: "127.0.0.1:8765"))
        #expect(SameOriginMiddleware.isForeign(origin: "null", authority: "127.0.0.1:8765"))
        // The same checks for a request and for a stream's upgrade: another site's page; a DNS-rebinding
        // page (its own origin, a Host that is not loopback) on a server without a token.
        #expect(SameOriginMiddleware.refusal(origin: nil, authority: "127.0.0.1:8765", tokenProtected: false) == nil)
        #expect(SameOriginMiddleware.refusal(origin: "http://evil.example", authority: "127.0.0.1:8765", tokenProtected: true)?.status == .forbidden)
        #expect(SameOriginMiddleware.refusal(origin: "http://evil.example:8765", authority: "evil.example:8765", tokenProtected: false)?.status == .forbidden)
        #expect(SameOriginMiddleware.refusal(origin: "http://evil.example:8765", authority: "evil.example:8765", tokenProtected: true) == nil)
    }

    @Test("a restarted server reads back what it acknowledged: devices, apps, entities, shortcuts, donations, run counts, a conversation in progress")
    func restart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("household.sqlite").path
        do {
            let household = try Self.household(state: state)
            _ = try await household.addDevice(id: "wrist", profile: "watch")
            _ = try await household.installApp(path: Self.examples.appendingPathComponent("demo").path)
            try await household.setEntities(app: "Demo", entity: "TodoList", values: [.init(id: "camping", title: "Camping")])
            _ = try await household.addUserShortcut(.init(phrase: "Camp list", app: "Demo", intent: "SummarizeList", values: ["list": "camping"]))
            let turn = try await household.turn(device: "wrist", text: "Camp list")
            #expect(turn.outcome == .success)
            // A conversation left in the middle: the next server picks it up.
            _ = try await household.addDevice(id: "kitchen", profile: "homepod")
            _ = try await household.installApp(path: Self.examples.appendingPathComponent("soupchef").path)
            let asked = try await household.turn(device: "kitchen", text: "Order soup with Soup Chef")
            #expect(asked.reply.text.hasPrefix("Which soup?"))
        }
        let again = try Self.household(state: state)
        #expect(Set(try await again.devices().map(\.id)) == ["wrist", "kitchen"])
        #expect(try await again.apps().map(\.name) == ["Demo", "Soup Chef"])
        let answered = try await again.turn(device: "kitchen", text: "the second one")
        #expect(answered.reply.text == "Do you want a bowl?", "\(answered.reply.text)")
        #expect(answered.parameters.first { $0.id == "soup" }?.value?.id == "tomato")
        #expect(try await again.userShortcuts().map(\.phrase) == ["Camp list"])
        #expect(try await again.suggestions().first?.values == ["list": "camping"])
        let turn = try await again.turn(device: "wrist", text: "Summarize my camping list with Demo")
        #expect(turn.outcome == .success)
        // The second run of the shortcut on this device: still attributed (the Watch names the app for 3 runs).
        #expect(try await again.transcript(device: "wrist").count == 2)
    }

    @Test("the Siri watch face: the shortcuts whose relevance holds the time, of the apps the device has")
    func watchFace() async throws {
        let api = HouseholdAPI(household: try Self.household())
        try await Application(router: api.router()).test(.router) { client in
            _ = try await Self.send(client, .post, "/devices", ["id": "wrist", "profile": "watch"])
            for example in ["demo", "soupchef", "traillog"] {
                _ = try await Self.send(client, .post, "/apps", ["path": Self.examples.appendingPathComponent(example).path])
            }
            func titles(_ at: String) async throws -> [String] {
                let result = try await Self.send(client, .get, "/devices/wrist/watchface?at=\(at)")
                #expect(result.status == .ok)
                return (result.json["shortcuts"] as? [[String: Any]])?.compactMap { $0["title"] as? String } ?? []
            }
            #expect(try await titles("2026-11-24T08:30:00Z") == ["Summarize list"])
            #expect(try await titles("2026-11-24T12:15:00Z") == ["Order soup"])
            #expect(try await titles("2026-11-24T20:30:00Z") == [])
            #expect(try await titles("2026-11-24T23:00:00Z") == [])
        }
    }
}

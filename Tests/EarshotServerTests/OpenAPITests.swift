import Earshot
import EarshotHousehold
import EarshotServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// docs/openapi.yaml against the real router: a household run through every route and every refusal
/// a client can provoke, each exchange checked by scripts/validate_openapi.py (python3, PyYAML and
/// jsonschema).
@Suite("serve: the API is what docs/openapi.yaml says", .serialized)
struct OpenAPITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let examples = root.appendingPathComponent("examples")
    static let token = "0123456789abcdef-openapi"
    static let auth: HTTPFields = [.authorization: "Bearer \(token)"]
    /// The API's limits in the tests: 413 is a 5,000-byte JSON body or 100 kB of audio away.
    static let limits = HouseholdAPI.Limits(body: 4_096, audioBody: 64 << 10)
    /// "Summarize my Shopping list with Demo", spoken (Ogg Opus).
    static let spoken = root.appendingPathComponent("audio-fixtures/phrase/summarize-my-shopping-list-with-demo.en-us.opus")

    // MARK: Recording

    /// Every exchange, as `{"method", "path", "status", "type", "body", "request"}`, one JSON object a line:
    /// `body` is the response's JSON (`null` when it is empty or not JSON, as audio), `type` its
    /// Content-Type, `request` the JSON sent.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []

        func record(method: HTTPRequest.Method, path: String, status: Int, type: String?, body: ByteBuffer, request: Data?) {
            let isJSON = type.map { $0.hasPrefix("application/json") } ?? true
            var exchange: [String: Any] = ["method": method.rawValue, "path": path, "status": status,
                                           "body": isJSON ? Self.value(Data(buffer: body)) : NSNull()]
            if let type { exchange["type"] = type }
            if let request, let json = try? JSONSerialization.jsonObject(with: request, options: .fragmentsAllowed) { exchange["request"] = json }
            let data = (try? JSONSerialization.data(withJSONObject: exchange, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
            lock.withLock { lines.append(String(decoding: data, as: UTF8.self)) }
        }

        /// The body as JSON: `null` when empty, the text when it is not JSON.
        static func value(_ data: Data) -> Any {
            if data.isEmpty { return NSNull() }
            return (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) ?? String(decoding: data, as: UTF8.self)
        }

        var exchanges: [String] { lock.withLock { lines } }

        func write(to file: URL) throws {
            try Data((exchanges.joined(separator: "\n") + "\n").utf8).write(to: file)
        }
    }

    /// A client that records what it sends and gets.
    struct Client {
        let client: any TestClientProtocol
        let recorder: Recorder

        /// Sends `body` as JSON (or `raw` bytes as they are), with the token unless `headers` are given;
        /// the response's JSON (or, when it is not JSON, its bytes).
        @discardableResult
        func send(_ method: HTTPRequest.Method, _ path: String, _ body: Any? = nil, raw: Data? = nil, headers: HTTPFields = OpenAPITests.auth,
                  expect expected: HTTPResponse.Status, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Any {
            let data = try raw ?? body.map { try JSONSerialization.data(withJSONObject: $0, options: .fragmentsAllowed) }
            var headers = headers
            if data != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
            let (status, type, buffer) = try await client.execute(uri: path, method: method, headers: headers, body: data.map { ByteBuffer(bytes: $0) }) {
                ($0.status, $0.headers[.contentType], $0.body)
            }
            recorder.record(method: method, path: path, status: status.code, type: type, body: buffer, request: raw == nil ? data : nil)
            let json: Any = (type?.hasPrefix("application/json") ?? true) ? Recorder.value(Data(buffer: buffer)) : Data(buffer: buffer) as Any
            #expect(status == expected, "\(method) \(path): \(json)", sourceLocation: sourceLocation)
            return json
        }

        /// Sends `data` as `type` (with the token).
        @discardableResult
        func send(_ method: HTTPRequest.Method, _ path: String, bytes data: Data, type: String, expect expected: HTTPResponse.Status,
                  sourceLocation: SourceLocation = #_sourceLocation) async throws -> Any {
            var headers = OpenAPITests.auth
            headers[.contentType] = type
            return try await send(method, path, raw: data, headers: headers, expect: expected, sourceLocation: sourceLocation)
        }

        /// One typed turn; the turn JSON.
        @discardableResult
        func say(_ device: String, _ text: String, outcome: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
            let turn = try await send(.post, "/devices/\(device)/turns", ["text": text], expect: .ok, sourceLocation: sourceLocation) as? [String: Any] ?? [:]
            if let outcome { #expect(turn["outcome"] as? String == outcome, "\(device) '\(text)': \(turn)", sourceLocation: sourceLocation) }
            return turn
        }
    }

    // MARK: The validator

    /// Runs `python3 scripts/validate_openapi.py ARGUMENTS...` from the repository: its exit status and output.
    static func validator(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "scripts/validate_openapi.py"] + arguments
        process.currentDirectoryURL = root
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// The documented operations: method, path template, statuses.
    static func documented() throws -> [(method: String, path: String, statuses: [Int])] {
        let (status, output) = try validator(["--list", "docs/openapi.yaml"])
        try #require(status == 0, "validate_openapi.py --list: \(output)")
        return output.split(separator: "\n").map { line in
            let fields = line.split(separator: " ").map(String.init)
            return (fields[0], fields[1], fields.dropFirst(2).compactMap { Int($0) })
        }
    }

    /// The template of the documented paths `path` is, by segments (`{x}` is any one segment).
    static func template(of path: String, in templates: [String]) -> String? {
        let segments = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0].split(separator: "/", omittingEmptySubsequences: false)
        let fits = templates.filter { template in
            let parts = template.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == segments.count && zip(parts, segments).allSatisfy { $0.hasPrefix("{") ? !$1.isEmpty : $0 == $1 }
        }
        // A concrete path before a templated one.
        return fits.min { $0.split(separator: "{").count < $1.split(separator: "{").count }
    }

    /// A path of `template` with its parameters filled in.
    static func concrete(_ template: String) -> String {
        template.replacingOccurrences(of: #"\{[^}/]+\}"#, with: "kitchen", options: .regularExpression)
    }

    static func household() throws -> Household {
        Household(store: try HouseholdStore(path: nil), profiles: try Bundled.profiles(), handlers: HouseholdAPITests.generousHandlers,
                  now: { ISO8601DateFormatter().date(from: "2026-11-23T08:00:00Z")! }, appFolders: [HouseholdAPITests.examples.path])
    }

    static func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("earshot-openapi-\(UUID().uuidString).jsonl")
    }

    // MARK: Tests

    @Test("every response of a household run through every route and refusal is documented and matches its schema")
    func everyExchangeIsDocumented() async throws {
        let operations = try Self.documented()
        let api = HouseholdAPI(household: try Self.household(), token: Self.token, limits: Self.limits)
        let recorder = Recorder()
        let spoken = try Data(contentsOf: Self.spoken)
        let demo = Self.examples.appendingPathComponent("demo").path
        let traillog = Self.examples.appendingPathComponent("traillog").path
        let huge = ["text": String(repeating: "a", count: 5_000)]

        try await Application(router: api.router()).test(.router) { client in
            let api = Client(client: client, recorder: recorder)

            // 401: every documented operation without the token, and with a wrong one.
            for operation in operations {
                let method = HTTPRequest.Method(rawValue: operation.method)!
                let body: Any? = method == .post || method == .put ? [String: Any]() : nil
                try await api.send(method, Self.concrete(operation.path), body, headers: [:], expect: .unauthorized)
            }
            try await api.send(.get, "/health", headers: [.authorization: "Bearer wrong"], expect: .unauthorized)
            try await api.send(.get, "/health", headers: [.authorization: Self.token], expect: .unauthorized)
            try await api.send(.get, "/health", expect: .ok)

            // The API's own description: the YAML as docs/openapi.yaml holds it, and the same document as JSON.
            let servedYAML = try await api.send(.get, "/openapi.yaml", expect: .ok) as? Data
            let writtenYAML = try String(contentsOf: Self.root.appendingPathComponent("docs/openapi.yaml"), encoding: .utf8)
            #expect(servedYAML.map { String(decoding: $0, as: UTF8.self) } == writtenYAML)
            let servedJSON = try await api.send(.get, "/openapi.json", expect: .ok) as? [String: Any]
            #expect(servedJSON?["openapi"] as? String == "3.1.0")
            let servedPaths = Set((servedJSON?["paths"] as? [String: Any])?.keys.map { $0 } ?? [])
            #expect(servedPaths == Set(operations.map(\.path)), "\(servedPaths.sorted())")

            // Devices.
            try await api.send(.get, "/devices", expect: .ok)
            try await api.send(.post, "/devices", ["id": "kitchen", "profile": "homepod"], expect: .created)
            try await api.send(.post, "/devices", ["id": "wrist", "profile": "watch", "name": "Sam's Watch"], expect: .created)
            try await api.send(.post, "/devices", ["id": "spare_1", "profile": "iphone"], expect: .created)
            try await api.send(.post, "/devices", ["id": "kitchen", "profile": "homepod"], expect: .conflict)
            try await api.send(.post, "/devices", ["id": "no spaces", "profile": "homepod"], expect: .badRequest)
            try await api.send(.post, "/devices", ["id": "toaster", "profile": "toaster"], expect: .badRequest)
            try await api.send(.post, "/devices", raw: Data("{\"id\": ".utf8), expect: .badRequest)
            try await api.send(.post, "/devices", ["id": "x"], expect: .badRequest)
            try await api.send(.post, "/devices", ["id": 7, "profile": "homepod"], expect: .badRequest)
            try await api.send(.post, "/devices", ["id": "x", "profile": String(repeating: "a", count: 5_000)], expect: .contentTooLarge)
            try await api.send(.get, "/devices", expect: .ok)
            try await api.send(.get, "/devices/kitchen", expect: .ok)
            try await api.send(.get, "/devices/nowhere", expect: .notFound)

            // Apps, by path on this machine.
            try await api.send(.get, "/apps", expect: .ok)
            try await api.send(.post, "/apps", ["path": demo], expect: .created)
            try await api.send(.post, "/apps", ["path": traillog], expect: .created)
            try await api.send(.post, "/apps", [String: Any](), expect: .badRequest)
            try await api.send(.post, "/apps", ["path": demo, "manifest": "app: Demo\n"], expect: .badRequest)
            try await api.send(.post, "/apps", ["manifest": "app: Soup\nintents:\n  - id: A\n    title: Do a thing\n    promt: x\n"], expect: .unprocessableContent)
            try await api.send(.post, "/apps", ["path": "/nonexistent/earshot/app.yaml"], expect: .unprocessableContent)
            try await api.send(.post, "/apps", ["manifest": String(repeating: "#", count: 5_000)], expect: .contentTooLarge)
            try await api.send(.get, "/apps", expect: .ok)

            // People's own shortcuts.
            try await api.send(.post, "/shortcuts", ["phrase": "Groceries please", "app": "Demo", "intent": "SummarizeList",
                                                     "values": ["list": "shopping"], "device": "kitchen"], expect: .created)
            let trail = try await api.send(.post, "/shortcuts", ["phrase": "Trail time", "app": "Trail Log", "intent": "HikeDistance",
                                                                 "values": ["period": "week"]], expect: .created) as? [String: Any]
            let trailID = try #require(trail?["id"] as? Int)
            try await api.send(.post, "/shortcuts", ["phrase": "groceries, please!", "app": "Demo", "intent": "SummarizeList"], expect: .conflict)
            try await api.send(.post, "/shortcuts", ["phrase": "", "app": "Demo", "intent": "SummarizeList"], expect: .badRequest)
            try await api.send(.post, "/shortcuts", ["phrase": "Lists"], expect: .badRequest)
            try await api.send(.post, "/shortcuts", ["phrase": "Soup", "app": "Soup Chef", "intent": "OrderSoup"], expect: .notFound)
            try await api.send(.post, "/shortcuts", ["phrase": "Lists", "app": "Demo", "intent": "SummarizeList", "device": "nowhere"], expect: .notFound)
            try await api.send(.post, "/shortcuts", ["phrase": "Lists", "app": "Demo", "intent": "DeleteList"], expect: .unprocessableContent)
            try await api.send(.post, "/shortcuts", ["phrase": "Lists", "app": "Demo", "intent": "SummarizeList", "values": ["colour": "red"]],
                               expect: .unprocessableContent)
            try await api.send(.post, "/shortcuts", ["phrase": "Lists", "app": "Demo", "intent": "SummarizeList", "values": ["list": "camping"]],
                               expect: .unprocessableContent)
            try await api.send(.post, "/shortcuts", ["phrase": String(repeating: "la ", count: 2_000), "app": "Demo", "intent": "SummarizeList"],
                               expect: .contentTooLarge)
            try await api.send(.get, "/shortcuts", expect: .ok)

            // Turns on the HomePod and the Watch: exact, flexible, asked for, a snippet, a handler, no match.
            try await api.say("kitchen", "Summarize my shopping list with Demo", outcome: "success")
            try await api.say("wrist", "Summarize my shopping list with Demo", outcome: "success")
            let asked = try await api.say("kitchen", "Summarize my list with Demo", outcome: "in-progress")
            #expect(asked["asking"] as? String == "list", "\(asked)")
            try await api.say("kitchen", "Shopping", outcome: "success")
            try await api.say("wrist", "groceries please", outcome: "success")
            try await api.say("kitchen", "Trail time", outcome: "success")
            try await api.say("wrist", "Trail time", outcome: "no-match")
            try await api.say("kitchen", "How far did I hike with Trail Log", outcome: "success")
            try await api.say("wrist", "How far did I hike with Trail Log")
            let flexible = try await api.say("kitchen", "Give me a summary of my shopping list with Demo", outcome: "success")
            #expect((flexible["match"] as? [String: Any])?["mode"] as? String == "flexible", "\(flexible)")
            try await api.say("kitchen", "Send Demo summary to the grocery store", outcome: "no-match")
            try await api.say("kitchen", "Sing me a song about turtles", outcome: "no-match")
            try await api.send(.post, "/devices/nowhere/turns", ["text": "hello"], expect: .notFound)
            try await api.send(.post, "/devices/kitchen/turns", ["text": String(repeating: "a", count: 1_500)], expect: .contentTooLarge)
            try await api.send(.post, "/devices/kitchen/turns", huge, expect: .contentTooLarge)
            try await api.send(.post, "/devices/kitchen/turns", ["words": "hello"], expect: .badRequest)
            try await api.send(.post, "/devices/kitchen/turns", raw: Data("hello".utf8), expect: .badRequest)

            // Spoken turns, and their replies spoken.
            let heard = try await api.send(.post, "/devices/wrist/turns", bytes: spoken, type: "audio/ogg", expect: .ok) as? [String: Any]
            #expect((heard?["heard"] as? [String: Any])?["source"] as? String == "audio", "\(heard ?? [:])")
            try await api.send(.post, "/devices/kitchen/turns", bytes: spoken, type: "application/octet-stream", expect: .ok)
            try await api.send(.post, "/devices/wrist/turns", bytes: Data("this is not a WAV file at all".utf8), type: "audio/wav",
                               expect: .unprocessableContent)
            try await api.send(.post, "/devices/wrist/turns", bytes: Data(count: 100_000), type: "audio/wav", expect: .contentTooLarge)
            try await api.send(.post, "/devices/nowhere/turns", bytes: spoken, type: "audio/ogg", expect: .notFound)
            let reply = try #require((heard?["reply"] as? [String: Any])?["audio"] as? String)
            let wav = try await api.send(.get, reply, expect: .ok) as? Data
            #expect(wav?.prefix(4) == Data("RIFF".utf8), "\(wav?.count ?? 0) bytes")
            try await api.send(.get, "/devices/wrist/replies/99999.wav", expect: .notFound)
            try await api.send(.get, "/devices/wrist/replies/reply.mp3", expect: .notFound)
            try await api.send(.get, "/devices/nowhere/replies/1.wav", expect: .notFound)

            // The app's lists change: the new one works at once; a missing app, entity or title is refused.
            try await api.send(.put, "/apps/Demo/entities/TodoList",
                               ["values": [["id": "shopping", "title": "Shopping"], ["id": "camping", "title": "Camping", "synonyms": ["tent"]]]], expect: .ok)
            try await api.say("wrist", "Summarize my camping list with Demo", outcome: "success")
            try await api.send(.put, "/apps/Demo/entities/Colour", ["values": [[String: Any]]()], expect: .notFound)
            try await api.send(.put, "/apps/Soup%20Chef/entities/TodoList", ["values": [[String: Any]]()], expect: .notFound)
            try await api.send(.put, "/apps/Demo/entities/TodoList", ["values": [["id": "a", "title": "A"], ["id": "a", "title": "B"]]], expect: .badRequest)
            try await api.send(.put, "/apps/Demo/entities/TodoList", ["values": [["id": "a", "title": "  "]]], expect: .badRequest)
            try await api.send(.put, "/apps/Demo/entities/TodoList", ["list": "shopping"], expect: .badRequest)
            try await api.send(.put, "/apps/Demo/entities/TodoList", huge, expect: .contentTooLarge)
            // Values that would take an app's phrases past 1,000: ten phrases over 101 values.
            let phrases = (0..<10).map { "      - Show {l} \($0) in {applicationName}\n" }.joined()
            try await api.send(.post, "/apps", ["manifest": "app: Lists\nentities:\n  L:\n    suggested: [{id: a, title: A}]\nintents:\n  - id: Show\n"
                                                + "    title: Show a list\n    parameters: [{id: l, title: L, type: L}]\nshortcuts:\n  - intent: Show\n    phrases:\n" + phrases],
                               expect: .created)
            try await api.send(.put, "/apps/Lists/entities/L", ["values": (0..<101).map { ["id": "\($0)", "title": "L\($0)"] }], expect: .unprocessableContent)
            try await api.send(.delete, "/apps/Lists", expect: .noContent)
            try await api.send(.put, "/apps/Demo/entities/TodoList", ["values": [["id": "shopping", "title": "Shopping"]]], expect: .ok)

            // Transcripts and suggestions.
            try await api.send(.get, "/devices/kitchen/transcript", expect: .ok)
            try await api.send(.get, "/devices/wrist/transcript", expect: .ok)
            try await api.send(.get, "/devices/spare_1/transcript", expect: .ok)
            try await api.send(.get, "/devices/nowhere/transcript", expect: .notFound)
            try await api.send(.get, "/suggestions", expect: .ok)
            try await api.send(.get, "/suggestions?device=wrist&at=2026-11-24T08:15:00Z", expect: .ok)
            try await api.send(.get, "/suggestions?at=yesterday", expect: .badRequest)
            try await api.send(.get, "/suggestions?device=nowhere", expect: .notFound)
            let face = try await api.send(.get, "/devices/wrist/watchface?at=2026-11-24T08:30:00Z", expect: .ok) as? [String: Any]
            #expect((face?["shortcuts"] as? [[String: Any]])?.isEmpty == false, "\(face ?? [:])")
            try await api.send(.get, "/devices/kitchen/watchface", expect: .ok)
            try await api.send(.get, "/devices/wrist/watchface?at=lunchtime", expect: .badRequest)
            try await api.send(.get, "/devices/nowhere/watchface", expect: .notFound)
            // The stream's route, not upgraded (no Upgrade header): an HTTP request like any other.
            try await api.send(.get, "/devices/kitchen/stream", expect: .notFound)

            // Removals.
            try await api.send(.delete, "/shortcuts/\(trailID)", expect: .noContent)
            try await api.send(.delete, "/shortcuts/\(trailID)", expect: .notFound)
            try await api.send(.delete, "/shortcuts/first", expect: .badRequest)
            try await api.send(.get, "/shortcuts", expect: .ok)
            try await api.send(.delete, "/apps/Demo", expect: .noContent)
            try await api.send(.delete, "/apps/Demo", expect: .notFound)
            try await api.send(.get, "/apps", expect: .ok)
            try await api.send(.delete, "/devices/spare_1", expect: .noContent)
            try await api.send(.delete, "/devices/spare_1", expect: .notFound)
            try await api.send(.get, "/devices/spare_1", expect: .notFound)

            // What a web page of another site could send: refused on every route (403), and a JSON
            // body sent as text is refused where a body is read (415).
            var evil = OpenAPITests.auth
            evil[.origin] = "http://evil.example"
            var plain = OpenAPITests.auth
            plain[.contentType] = "text/plain"
            for operation in operations {
                guard let method = HTTPRequest.Method(operation.method.uppercased()) else { continue }
                try await api.send(method, Self.concrete(operation.path), headers: evil, expect: .forbidden)
                if operation.statuses.contains(415) {
                    try await api.send(method, Self.concrete(operation.path), raw: Data("{}".utf8),
                                       headers: plain, expect: .unsupportedMediaType)
                }
            }
        }

        // The run covered every documented operation and every status it documents, but those of a
        // broken server (5xx: a state file that cannot be written, an embedding model that cannot load)
        // and those only a WebSocket upgrade gets (StreamTests has them).
        let upgradesOnly: Set<String> = ["GET /devices/{id}/stream 101"]
        let templates = operations.map(\.path)
        var seen: Set<String> = []
        for line in recorder.exchanges {
            guard let exchange = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let method = exchange["method"] as? String, let path = exchange["path"] as? String, let status = exchange["status"] as? Int
            else { continue }
            seen.insert("\(method) \(Self.template(of: path, in: templates) ?? path) \(status)")
        }
        let missed = operations.flatMap { operation in operation.statuses.filter { $0 < 500 }.map { "\(operation.method) \(operation.path) \($0)" } }
            .filter { !seen.contains($0) && !upgradesOnly.contains($0) }
        #expect(missed.isEmpty, "the run never got: \(missed.joined(separator: "; "))")

        // EARSHOT_OPENAPI_EXCHANGES=FILE keeps the exchanges for a look.
        let kept = ProcessInfo.processInfo.environment["EARSHOT_OPENAPI_EXCHANGES"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        let file = kept ?? Self.temporaryFile()
        try recorder.write(to: file)
        let (status, output) = try Self.validator(["docs/openapi.yaml", file.path])
        #expect(status == 0, "\(output)(the exchanges: \(file.path))")
        #expect(output.contains("valid \(recorder.exchanges.count) exchanges"), "\(output)")
        if status == 0, kept == nil { try? FileManager.default.removeItem(at: file) }
    }

    @Test("the check bites: a turn whose outcome is 'maybe', a wrong error body, an undocumented path, status, method and media type are each named")
    func tamperedExchangesFail() async throws {
        let api = HouseholdAPI(household: try Self.household(), token: Self.token)
        let recorder = Recorder()
        try await Application(router: api.router()).test(.router) { client in
            let api = Client(client: client, recorder: recorder)
            try await api.send(.post, "/devices", ["id": "kitchen", "profile": "homepod"], expect: .created)
            try await api.send(.post, "/apps", ["path": Self.examples.appendingPathComponent("demo").path], expect: .created)
            try await api.say("kitchen", "Summarize my shopping list with Demo", outcome: "success")
            try await api.send(.get, "/devices/nowhere", expect: .notFound)
            try await api.send(.get, "/households/1", expect: .notFound)
        }
        var exchanges = try recorder.exchanges.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        try #require(exchanges.count == 5)
        // Line 3: the turn's outcome is no outcome there is.
        var turn = try #require(exchanges[2]["body"] as? [String: Any])
        turn["outcome"] = "maybe"
        exchanges[2]["body"] = turn
        // Line 4: the 404's body says 400.
        exchanges[3]["body"] = ["error": ["status": 400, "message": "no device 'nowhere'."] as [String: Any]]
        // Line 5 is a path the document does not have (a real 404); lines 6-8: a status, a method and
        // a media type it does not have.
        exchanges.append(["method": "GET", "path": "/devices", "status": 418, "body": ["devices": [Any]()]])
        exchanges.append(["method": "PATCH", "path": "/devices/kitchen", "status": 200, "body": NSNull()])
        exchanges.append(["method": "GET", "path": "/devices/kitchen", "status": 200, "type": "text/html", "body": NSNull()])

        let file = Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let lines = try exchanges.map { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self) }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)

        let (status, output) = try Self.validator(["docs/openapi.yaml", file.path])
        #expect(status == 1, "\(output)")
        let problems = output.split(separator: "\n").map(String.init).filter { $0.hasPrefix(file.path + ":") }
        func named(_ line: Int, _ words: String...) -> Bool {
            problems.contains { $0.hasPrefix("\(file.path):\(line):") && words.allSatisfy($0.contains) }
        }
        #expect(named(3, "POST /devices/kitchen/turns 200", "$.outcome", "'maybe'"), "\(output)")
        #expect(named(4, "GET /devices/nowhere 404", "$.error.status", "404"), "\(output)")
        #expect(named(5, "undocumented path /households/1"), "\(output)")
        #expect(named(6, "undocumented status 418", "GET /devices"), "\(output)")
        #expect(named(7, "undocumented method PATCH", "/devices/{id}"), "\(output)")
        #expect(named(8, "text/html is not documented", "GET /devices/{id} 200"), "\(output)")
        // Nothing else: the untouched exchanges are valid.
        #expect(problems.count == 6, "\(output)")
        #expect(!problems.contains { $0.hasPrefix("\(file.path):1:") || $0.hasPrefix("\(file.path):2:") }, "\(output)")

        // And input it cannot read is status 2, not a pass.
        #expect(try Self.validator(["docs/openapi.yaml", file.path + ".missing"]).status == 2)
    }

    @Test("every route the API's sources register is in docs/openapi.yaml, and every operation there is a route")
    func routesAreDocumented() throws {
        // The API and its route collections: every Swift file of Sources/EarshotServer/HTTP.
        let folder = Self.root.appendingPathComponent("Sources/EarshotServer/HTTP")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.contains("HouseholdAPI.swift"), "\(files)")
        let source = try files.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
        // Routes this regex cannot see would be missed silently: groups, `on(...)`, collections added under
        // a prefix, paths built at run time.
        #expect(!source.contains(".group("), "the API uses route groups: extend this test to see their routes.")
        #expect(!source.contains("router.on("), "the API uses router.on: extend this test to see its routes.")
        #expect(!source.contains(#/addRoutes\([^\n]*atPath:/#), "the API adds a route collection under a path: extend this test to see its routes.")
        // `router.ws(...)` is a WebSocket route: a GET that upgrades.
        let registrations = source.matches(of: #/router\.(get|post|put|patch|delete|head|ws)\(\s*([^)\s]*)/#)
        var routes: Set<String> = []
        for match in registrations {
            let argument = String(match.output.2)
            guard argument.hasPrefix("\""), argument.hasSuffix("\""), argument.count >= 2 else {
                Issue.record("router.\(match.output.1)(\(argument) ...): not a string literal, so this test cannot read the route")
                continue
            }
            let path = argument.dropFirst().dropLast().split(separator: "/", omittingEmptySubsequences: true)
                .map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/")
            routes.insert("\(match.output.1 == "ws" ? "GET" : match.output.1.uppercased()) /\(path)")
        }
        #expect(routes.count >= 18, "found only \(routes.sorted())")
        let documented = Set(try Self.documented().map { "\($0.method) \($0.path)" })
        let undocumented = routes.subtracting(documented).sorted()
        let unrouted = documented.subtracting(routes).sorted()
        #expect(undocumented.isEmpty, "routes missing from docs/openapi.yaml: \(undocumented.joined(separator: ", "))")
        #expect(unrouted.isEmpty, "operations in docs/openapi.yaml that the API does not register: \(unrouted.joined(separator: ", "))")
    }
}

import EarshotDialogue
import EarshotImport
import EarshotModel
import EarshotTesting
import Foundation
import Testing
@testable import EarshotSuite

/// Apple's SiriEvaluations scenarios run offline: read from Swift, graded as the framework documents, failures
/// at the Swift line of the expectation that broke.
@Suite("SiriEvaluations scenarios")
struct SiriScenarioTests {
    /// Writes `swift` to a new temporary file and returns its path.
    static func swiftFile(_ swift: String, name: String = "Scenarios.swift") throws -> String {
        let path = try temporaryFolder().appendingPathComponent(name).path
        try swift.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Runs the scenarios of `swift` on Soup Chef on `profiles`.
    static func run(_ swift: String, app: String = "examples/soupchef", profiles: [String] = ["homepod"]) async throws -> (path: String, result: SuiteResult) {
        let path = try swiftFile(swift)
        let suite = try TestSuite.load(paths: [path], apps: [repoPath(app)], profiles: profiles)
        // A generous handler time limit, as RunnerTests gives: Track Order's Python handler is slow to start on a busy machine.
        return (path, try await TestRunner(suite: suite, options: .init(handlers: HandlerRunner(timeout: .seconds(60)))).run(try suite.cases()))
    }

    /// The load error `swift` gives with Soup Chef, or nil.
    static func loadError(_ swift: String) throws -> LoadError? {
        let path = try swiftFile(swift)
        do {
            _ = try TestSuite.load(paths: [path], apps: [repoPath("examples/soupchef")])
            return nil
        } catch {
            return error
        }
    }

    /// The 1-based line of `text` whose content, trimmed, starts with `start`.
    static func line(_ start: String, in text: String) -> Int {
        let lines = text.components(separatedBy: "\n")
        return (lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix(start) } ?? -1) + 1
    }

    static let header = """
    import AppIntentsTesting
    import SiriEvaluations

    let soupChef = IntentDefinitions(bundleIdentifier: "com.example.SoupChef")
    let orderSoup = soupChef.intents["OrderSoup"]
    let trackOrder = soupChef.intents["TrackOrder"]
    let soup = soupChef.entities["Soup"]

    """

    /// Every expectation kind and ordering, written from Apple's documented API, holding on a HomePod.
    static let passing = header + """
    let orderAndConfirm = SiriScenario {
        UserTurn("Order soup with Soup Chef") {
            SiriResponse(.contains("Which soup?"), .contains("clam chowder", caseSensitive: false))
            Calls(.disallowed) { trackOrder }
        }
        UserTurn("the second one") {
            Finds { soup.expectIdentifier("tomato") }
            Finds { soup.expect(title: .contains("Tomato")) }
        }
        UserTurn("yes") {
            SiriResponse(.contains("Ready to order?"))
        }
        UserTurn("yes", {
            Calls(.ordered) {
                orderSoup.expect(soup: soup.expectIdentifier("tomato"), size: .equals("bowl"), address: .isNil, quantity: nil)
            }
        })
    } expectation: {
        Calls(.unordered) { orderSoup.expect(soup: soup, size: .notNil) }
        Calls(.disallowed) { trackOrder }
        Loads(.preferred) { soupChef.skills["order-soup"] }
    }

    let scenarios: [SiriScenario] = [
        SiriScenario {
            UserTurn("Track my order with Soup Chef") {
                Calls { soupChef.intents["TrackOrder"] }
                SiriResponse(.contains("on its way"))
            }
        },
        SiriScenario {
            UserTurn("Where is my soup in Soup Chef")
        } expectation: {
            Calls { TrackOrder }
        },
    ]
    """

    @Test("the reader follows the documented shapes: arrays, UserTurn(_:) and UserTurn(_:_:), scenario-level expectations")
    func reads() throws {
        let file = try SiriScenarioReader().read(swift: Self.passing, path: "S.swift")
        #expect(file.scenarios.map(\.name) == ["orderAndConfirm", "scenarios", "scenarios #2"])
        let first = file.scenarios[0]
        #expect(first.turns.map(\.utterance) == ["Order soup with Soup Chef", "the second one", "yes", "yes"])
        #expect(first.turns.map(\.expectations.count) == [2, 2, 1, 1])
        #expect(first.expectations.map(\.name) == ["Calls", "Calls", "Loads"])
        #expect(first.location.line == Self.line("let orderAndConfirm", in: Self.passing))
        guard case .calls(.ordered, let calls) = first.turns[3].expectations[0].kind else { Issue.record("not Calls(.ordered)"); return }
        // `nil` leaves a parameter unchecked, as in AppIntentsTesting.
        #expect(calls.first?.parameters.map(\.name) == ["soup", "size", "address"])
        #expect(calls.first?.parameters.map(\.value) == [.entity(type: "Soup", identifier: "tomato"), .equals("bowl"), .isNil])
        guard case .response(let checks) = first.turns[0].expectations[0].kind else { Issue.record("not SiriResponse"); return }
        #expect(checks.map(\.caseSensitive) == [true, false])
        guard case .calls(_, let unbound) = file.scenarios[2].expectations[0].kind else { Issue.record("not Calls"); return }
        #expect(unbound.map(\.intent) == ["TrackOrder"])
    }

    @Test("scenarios written from the documented API pass: every kind and ordering; Loads is skipped with a note, never passed")
    func passes() async throws {
        let (_, result) = try await Self.run(Self.passing)
        #expect(result.cases.count == 3)
        #expect(result.passed, "\(ConsoleReport.render(result))")
        let skipped = result.cases[0].skipped
        #expect(skipped.map(\.key) == [.loads])
        #expect(skipped.first?.location?.line == Self.line("Loads(.preferred)", in: Self.passing))
        #expect(skipped.first?.note.contains("not emulated") == true)
        let console = ConsoleReport.render(result)
        #expect(console.contains("SKIPPED Loads at "))
        #expect(console.contains("1 expectation skipped (not emulated)"))
        #expect(JSONReport.render(result).contains("\"scenarioSkipped\""))
    }

    /// Deliberate failures, one per line of the Swift file.
    static let failing = header + """
    let failing = SiriScenario {
        UserTurn("Order soup with Soup Chef") {
            SiriResponse(.contains("which soup?"))
            Calls { orderSoup }
        }
        UserTurn("the second one") {
            Finds { soup.expectIdentifier("clam-chowder") }
        }
        UserTurn("yes") {
            Calls(.disallowed) { orderSoup }
        }
        UserTurn("yes") {
            Calls {
                orderSoup.expect(
                    soup: soup.expectIdentifier("clam-chowder"),
                    size: .equals("bowl")
                )
            }
        }
    } expectation: {
        Calls(.disallowed) { orderSoup.expect(size: .equals("bowl")) }
        Calls(.ordered) {
            orderSoup
            trackOrder
        }
    }
    """

    @Test("each broken expectation fails at its Swift file:line, turns graded on their own, the scenario over all turns")
    func fails() async throws {
        let (path, result) = try await Self.run(Self.failing)
        let failed = try #require(result.cases.first)
        #expect(!failed.passed)
        // Every turn ran: SiriEvaluations grades each turn whatever the one before did.
        #expect(failed.turns.count == 4)
        #expect(failed.notRun == 0)
        let lines = failed.failures.map { "\($0.key.rawValue):\($0.location?.line ?? 0)" }
        let text = Self.failing
        let expected = [("SiriResponse", "SiriResponse(.contains(\"which soup?\"))"), ("Calls", "Calls { orderSoup }"),
                        ("Finds", "Finds { soup.expectIdentifier"), ("Calls", "Calls(.disallowed) { orderSoup }"),
                        ("Calls", "soup: soup.expectIdentifier(\"clam-chowder\")"), ("Calls", "Calls(.disallowed) { orderSoup.expect"),
                        ("Calls", "trackOrder")]
        #expect(lines == expected.map { "\($0.0):\(Self.line($0.1, in: text))" })
        #expect(failed.failures.allSatisfy { $0.location?.file == path })
        // `.contains` is case-sensitive unless told.
        #expect(failed.failures[0].actual.hasPrefix("Which soup?"))
        // A call in a later turn does not satisfy this turn's Calls.
        #expect(failed.failures[1].actual.contains("no intent performed in this turn"))
        // `.disallowed` fails when Siri asks to confirm.
        #expect(failed.failures[3].actual.hasPrefix("asked to confirm OrderSoup"))
        // The intent ran with another soup: the failure points at the parameter that broke.
        #expect(failed.failures[4].actual.contains("soup: tomato"))
        // Scenario-level: the call ran in turn 4.
        #expect(failed.failures[5].actual.contains("asked to confirm OrderSoup"))
        #expect(failed.failures[5].actual.contains("in turn 3"))
        #expect(failed.failures[6].expected.contains("TrackOrder"))
        let console = ConsoleReport.failure(failed)
        let responseLine = Self.line("SiriResponse(", in: text)
        #expect(console.contains("✗ turn 1, SiriResponse at \(path):\(responseLine):"))
        #expect(console.contains("✗ scenario, Calls at \(path):\(Self.line("Calls(.disallowed) { orderSoup.expect", in: text)):"))
        let junit = JUnitReport.render(result)
        #expect(junit.contains("✗ turn 1, SiriResponse at \(path):\(responseLine):"))
        #expect(junit.contains("<failure message=\"SiriResponse: expected the reply contains"))
        let json = JSONReport.render(result)
        #expect(json.contains("\"scenarioFailures\""))
        #expect(json.contains("\"line\":\(Self.line("Finds {", in: text))"))
        let html = HTMLReport.render(result, coverage: Coverage(suite: try TestSuite.load(paths: [path], apps: [repoPath("examples/soupchef")]), result: result))
        #expect(html.contains("✗ <b>Finds</b>"))
    }

    @Test("OnScreen is the snippet: the entity's title on a device with a screen, nothing on one without")
    func onScreen() async throws {
        let swift = """
        let plantPal = IntentDefinitions(bundleIdentifier: "com.example.PlantPal")
        let plant = plantPal.entities["PlantEntity"]
        let shown = SiriScenario {
            UserTurn("Water the basil in Plant Pal") {
                OnScreen { plant.expectIdentifier("basil") }
                OnScreen { plant }
            }
        }
        let other = SiriScenario {
            UserTurn("Water the basil in Plant Pal") {
                OnScreen { plant.expectIdentifier("fern") }
            }
        }
        """
        let (_, result) = try await Self.run(swift, app: "examples/plantpal", profiles: ["watch", "homepod"])
        let verdicts = result.cases.map { "\($0.testCase.conversation.name)/\($0.testCase.profile): \($0.passed)" }
        #expect(verdicts == ["shown/watch: true", "shown/homepod: false", "other/watch: false", "other/homepod: false"],
                "\(ConsoleReport.render(result))")
        #expect(result.cases[1].failures.first?.actual == "(nothing on screen)")
    }

    @Test("malformed scenario files are errors at their line, never a crash, never a silent pass",
          arguments: [
            ("let x = SiriScenario {\n    UserTurn(\"Order soup with Soup Chef\") {\n        Cals { orderSoup }\n    }\n}", 10, "Did you mean 'Calls'?"),
            ("let x = SiriScenario {\n    UserTurn(\"Order soup with Soup Chef\") {\n        SiriResponse(\"Which soup?\")\n    }\n}", 10, "SiriResponse checks are .contains"),
            ("let x = SiriScenario {\n    UserTurn(\"Order soup with Soup Chef\") {\n        Calls(.sometimes) { orderSoup }\n    }\n}", 10, ".ordered, .unordered or .disallowed"),
            ("let x = SiriScenario {\n    UserTurn(\"Order soup with Soup Chef\") {\n        Loads { soupChef.skills[\"a\"] }\n    }\n}", 10, ".required or .preferred"),
            ("func make(_ names: [String]) -> [SiriScenario] {\n    var out: [SiriScenario] = []\n    for name in names {\n        out.append(SiriScenario { UserTurn(name) })\n    }\n    return out\n}", 11, "built in a loop"),
            ("let all = soups.map { name in\n    SiriScenario { UserTurn(\"Order \\(name) with Soup Chef\") }\n}", 9, "built by 'map'"),
            ("let x = SiriScenario {\n    UserTurn(\"Order \\(soupName) with Soup Chef\")\n}", 9, "interpolated"),
            ("let x = SiriScenario {\n    UserTurn(\"Order soup with Soup Chef\") {\n        if hungry { Calls { orderSoup } }\n    }\n}", 10, "cannot evaluate a condition"),
            ("let x = SiriScenario {\n    UserTurn(\"Order soup with Soup Chef\")\n} expectation: {\n    SiriResponse(.contains(\"soup\"))\n}", 11, "not a scenario-level expectation"),
            ("let x = SiriScenario {\n    UserTurn(\"Order soup with Soup Chef\") {\n        Calls { soupChef.intents[\"OrderSoups\"] }\n    }\n}", 10, "Did you mean 'OrderSoup'?"),
            ("let x = SiriScenario {\n    UserTurn(\"Order soup with Soup Chef\") {\n        Calls { orderSoup.expect(soupp: .equals(\"tomato\")) }\n    }\n}", 10, "Did you mean 'soup'?"),
            ("let x = SiriScenario {\n    UserTurn(\"Order soup with Soup Chef\") {\n        Finds { soup.expectIdentifier(\"tomatoe\") }\n    }\n}", 10, "Did you mean 'tomato'?"),
            ("let x = SiriScenario {\n    UserTurn(\"Order soup with Soup Chef\") {\n        OnScreen { soup.expect(title: .equals(\"Tomato Soup\")) }\n    }\n}", 10, "identity only"),
            ("let x = SiriScenario {\n    UserTurn(\"Order soup with Soup Chef\") {\n        Calls { orderSoup.expect(soup: .matchesSomehow(\"t\")) }\n    }\n}", 10, "not a value expectation Earshot knows"),
            ("let x = SiriScenario {\n    UserTurn(\"Order soup with Soup Chef\") {\n        Calls { orderSoup\n    }\n}", 0, "does not parse"),
            ("let nothing = 1", 0, "no SiriScenario"),
          ])
    func malformed(swift: String, line: Int, message: String) throws {
        let error = try #require(try Self.loadError(Self.header + swift))
        #expect(error.description.contains(message), "\(error)")
        if line > 0 { #expect(error.location.line == line, "\(error)") }
        #expect(error.location.file.hasSuffix("Scenarios.swift"))
        #expect(!error.description.contains("\n"))
    }

    @Test("a device or an oversized file is refused before it is read")
    func bounded() throws {
        #expect(throws: LoadError.self) { try SiriScenarioReader().read(contentsOf: "/dev/zero") }
        let big = Self.header + String(repeating: "// padding\n", count: 100_000)
        do {
            _ = try SiriScenarioReader().read(swift: big, path: "Big.swift")
            Issue.record("an oversized file was read")
        } catch {
            #expect(error.description.contains("at most 1048576"))
        }
    }

    @Test("a sidecar naming a scenario the Swift file lacks says which it has")
    func sidecarNames() throws {
        let swift = try Self.swiftFile(Self.passing)
        let (_, error) = try EarshotSuiteTests.loadError("""
        apps: [$ROOT/examples/soupchef]
        scenarios: [\(swift)]
        scenarioProfiles:
          orderAndConfirmm: [watch]
        """)
        #expect(error?.description.contains("Did you mean 'orderAndConfirm'?") == true, "\(String(describing: error))")
        #expect(error?.location.line == 4)
    }

    @Test("a scenario that only expects what Earshot skips is a JUnit <skipped> case, valid against the schema")
    func junitSkipped() async throws {
        let swift = Self.header + """
        let onlySkills = SiriScenario {
            UserTurn("Order soup with Soup Chef") {
                Loads(.required) { soupChef.skills["order-soup"] }
            }
        }
        """
        let (_, result) = try await Self.run(swift)
        #expect(result.passed)
        let xml = JUnitReport.render(result)
        #expect(xml.contains("<skipped message=\"Loads(.required) { order-soup }: App Skills are not emulated"))
        let path = try temporaryFolder().appendingPathComponent("junit.xml").path
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        let check = try runTool(["xmllint", "--noout", "--schema", repoPath("Tests/EarshotSuiteTests/Fixtures/junit-10.xsd"), path])
        #expect(check.status == 0, "xmllint: \(check.stderr)")
    }

    @Test("mutated scenario files never crash: each reads, or fails in one line at a place in the file")
    func mutated() throws {
        var generator = SplitMix(seed: 22)
        let text = Array(Self.passing.unicodeScalars)
        let tokens = ["{", "}", "(", ")", "\"", ".", ",", "Calls", "UserTurn", "expect", "[", "]", "\\(x)", ":", "for x in y {"]
        for _ in 0..<300 {
            var mutated = text
            for _ in 0..<Int(generator.next() % 3 + 1) {
                let at = Int(generator.next() % UInt64(mutated.count))
                switch generator.next() % 3 {
                case 0: mutated.remove(at: at)
                case 1: mutated.insert(contentsOf: tokens[Int(generator.next() % UInt64(tokens.count))].unicodeScalars, at: at)
                default: mutated.removeSubrange(at..<min(mutated.count, at + Int(generator.next() % 40)))
                }
            }
            var source = ""
            source.unicodeScalars.append(contentsOf: mutated)
            do {
                _ = try SiriScenarioReader().read(swift: source, path: "M.swift")
            } catch {
                #expect(error.location.file == "M.swift")
                #expect(!error.description.contains("\n"))
            }
        }
    }

    @Test("a Swift file given without an app says how to name one")
    func needsApp() throws {
        let path = try Self.swiftFile(Self.passing)
        #expect(throws: LoadError.self) { try TestSuite.load(paths: [path]) }
        do {
            _ = try TestSuite.load(paths: [path])
        } catch {
            #expect(error.description.contains("--app"))
        }
    }

    @Test("Plant Pal's SiriEvaluations file runs from its sidecar on the devices it names")
    func plantPal() async throws {
        let suite = try TestSuite.load(paths: [repoPath("examples/plantpal/tests/plantpal-siri.convo.yaml")])
        let cases = try suite.cases()
        #expect(cases.map { "\($0.conversation.name)/\($0.profile)" } == [
            "waterTheBasil/homepod", "waterTheBasil/watch", "waterAfterTheQuestion/homepod", "checkTheTerrace/homepod",
            "buyingPlantsIsNotPlantPal/homepod", "buyingPlantsIsNotPlantPal/watch",
        ])
        let result = try await TestRunner(suite: suite).run(cases)
        #expect(result.passed, "\(ConsoleReport.render(result))")
    }

    @Test("round trip: every example suite written as Swift and run from its sidecar gives the same verdicts")
    func roundTrip() async throws {
        let original = try TestSuite.load(paths: [repoPath("examples")])
        let yamlFiles = original.files.filter { $0.test.path.hasSuffix(ConversationTestFile.fileSuffix) && !$0.test.conversations.contains(where: \.gradesEveryTurn) }
        #expect(yamlFiles.count >= 5)
        let folder = try temporaryFolder().path
        let outputs = try SwiftScenarioWriter.export(TestSuite(files: yamlFiles, recordings: original.recordings), into: folder)
        #expect(outputs.count == yamlFiles.count)
        // Nothing is replaced without --force.
        #expect(throws: LoadError.self) { try SwiftScenarioWriter.export(TestSuite(files: yamlFiles, recordings: [:]), into: folder) }
        let runner = TestRunner(suite: original, options: .init(jobs: 2, handlers: .init(timeout: .seconds(60))))
        for (file, output) in zip(yamlFiles, outputs) {
            #expect(output.swift.hasPrefix("// Written by `earshot test --export-swift`"))
            #expect(output.swift.contains("// - Devices: scenarios name none."))
            let index = try #require(original.files.firstIndex { $0.test.path == file.test.path })
            let before = try await runner.run(try original.cases().filter { $0.fileIndex == index })
            let exported = try TestSuite.load(paths: [output.sidecarPath])
            let after = try await TestRunner(suite: exported, options: .init(jobs: 2, handlers: .init(timeout: .seconds(60)))).run(try exported.cases())
            // Conversations left out (audio turns) are listed at the top; the rest keep their verdicts.
            let verdictsBefore = before.cases.filter { output.written.contains($0.testCase.conversation.name) }
                .map { "\($0.testCase.conversation.name) on \($0.testCase.profile): \($0.passed)" }
            var verdictsAfter: [String] = []
            for item in after.cases {
                let index = try #require(exported.files[0].test.conversations.firstIndex { $0.name == item.testCase.conversation.name })
                verdictsAfter.append("\(output.written[index]) on \(item.testCase.profile): \(item.passed)")
            }
            #expect(verdictsBefore == verdictsAfter, "\(file.test.path)\n\(ConsoleReport.render(after))")
            #expect(!after.cases.isEmpty)
        }
    }

    @Test("a deliberately failing suite keeps its failing verdict through Swift")
    func roundTripFailure() async throws {
        let text = TestFileTests.good.replacingOccurrences(of: "reply: Do you want a bowl?", with: "reply: Do you want a cup?")
        let suite = try TestSuite.load(paths: [try writeTestFile(text)])
        let before = try await TestRunner(suite: suite).run(try suite.cases())
        let output = try #require(try SwiftScenarioWriter.export(suite, into: try temporaryFolder().path).first)
        // "?" is a glob's wildcard in a reply: the literal pieces become checks.
        #expect(output.swift.contains("SiriResponse(.contains(\"Do you want a cup\", caseSensitive: false))"))
        #expect(output.swift.contains("asks"), "what SiriEvaluations cannot say is listed")
        let exported = try TestSuite.load(paths: [output.sidecarPath])
        let after = try await TestRunner(suite: exported).run(try exported.cases())
        #expect(before.cases.map(\.passed) == [false])
        #expect(after.cases.map(\.passed) == [false])
        #expect(after.cases.first?.failures.first?.location?.file == output.swiftPath)
    }
}

/// A small repeatable random source for the mutations.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

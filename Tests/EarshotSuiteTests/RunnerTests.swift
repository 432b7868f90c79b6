import EarshotAudio
import EarshotDialogue
import EarshotModel
import EarshotTesting
import Foundation
import Testing
@testable import EarshotSuite

/// Running conversation tests: what passes, what fails and how the failure reads.
@Suite("Running conversation tests")
struct RunnerTests {
    static func run(_ text: String, _ options: TestRunner.Options = TestRunner.Options()) async throws -> SuiteResult {
        let suite = try TestSuite.load(paths: [try writeTestFile(text)])
        return try await TestRunner(suite: suite, options: options).run(try suite.cases())
    }

    @Test("the example apps' suites pass in text mode")
    func examples() async throws {
        let suite = try TestSuite.load(paths: [repoPath("examples")])
        #expect(suite.files.count >= 4, "one suite per example app")
        // A generous handler time limit: the examples' Python handlers are slow to start on a busy machine
        // (CI once timed one out at the default 5 s), and time limits are tested in HandlerTests.
        let result = try await TestRunner(suite: suite, options: .init(jobs: 2, handlers: HandlerRunner(timeout: .seconds(60))))
            .run(try suite.cases())
        #expect(result.cases.count >= 20)
        #expect(result.passed, "\(ConsoleReport.render(result))")
    }

    @Test("a broken expectation fails its case: the turns so far, expected against actual, the turns not run")
    func broken() async throws {
        let text = TestFileTests.good.replacingOccurrences(of: "reply: Do you want a bowl?", with: "reply: Do you want a cup?")
            + "\n      - say: yes\n"
        let result = try await Self.run(text)
        let failed = try #require(result.failedCases.first)
        #expect(result.failedCases.count == 1)
        #expect(failed.turns.count == 2)
        #expect(failed.notRun == 1)
        #expect(failed.failures == [ExpectationFailure(key: .reply, expected: "Do you want a cup?", actual: "Do you want a bowl?",
                                                       location: failed.failures.first?.location)])
        #expect(failed.failures.first?.location?.line == 15)
        let report = ConsoleReport.failure(failed)
        #expect(report.hasPrefix("FAIL "))
        #expect(report.contains("you > Order soup with Soup Chef"))
        #expect(report.contains("HomePod < Which soup? Clam Chowder, Tomato Soup, or Chicken Noodle Soup?"))
        #expect(report.contains("you > the second one"))
        #expect(report.contains("✗ turn 2, reply at "))
        #expect(report.contains("expected: Do you want a cup?\n      actual:   Do you want a bowl?"))
        #expect(report.contains("(1 more turn not run)"))
        #expect(ConsoleReport.summary(result).hasPrefix("1 case (conversation × device): 0 passed, 1 failed · 2 turns · text"))
    }

    @Test("every key of expect is checked: a wrong value of each fails with that key")
    func everyKey() async throws {
        let base = """
        apps: [$ROOT/examples/soupchef]
        profiles: [watch]
        conversations:
          - name: keys
            turns:
              - say: Get a cup of soup from Soup Chef
                expect:
                  heard: Get a cup of soup from Soup Chef
                  intent: OrderSoup
                  app: Soup Chef
                  mode: exact
                  parameters: { soup: ~, size: cup, address: ~ }
                  asks: soup
                  reply: Which soup?
                  snippet: Order soup | Clam Chowder | Tomato Soup | Chicken Noodle Soup
                  outcome: in-progress
        """
        #expect(try await Self.run(base).passed)
        let wrong: [(String, String, TurnExpectation.Key)] = [
            ("heard: Get a cup of soup from Soup Chef", "heard: Get a bowl of soup from Soup Chef", .heard),
            ("intent: OrderSoup", "intent: TrackOrder", .intent),
            ("mode: exact", "mode: flexible", .mode),
            ("size: cup", "size: bowl", .parameters),
            ("address: ~", "address: home", .parameters),
            ("asks: soup", "asks: ~", .asks),
            ("reply: Which", "reply: My", .reply),
            ("snippet: Order soup | Clam Chowder | Tomato Soup | Chicken Noodle Soup", "snippet: ~", .snippet),
            ("outcome: in-progress", "outcome: success", .outcome),
        ]
        for (from, to, key) in wrong {
            let result = try await Self.run(base.replacingOccurrences(of: from, with: to))
            #expect(result.cases.first?.failures.map(\.key) == [key], "\(to)")
        }
    }

    @Test("intent: ~ and app: ~ hold when nothing matched, and fail when something did")
    func nothingMatched() async throws {
        let text = """
        apps: [$ROOT/examples/soupchef]
        profiles: [watch]
        conversations:
          - name: no match
            turns:
              - say: Order minestrone with Soup Chef
                expect: { intent: ~, app: ~, outcome: no-match }
        """
        #expect(try await Self.run(text).passed)
        let matched = try await Self.run(text.replacingOccurrences(of: "Order minestrone", with: "Order chowder")
            .replacingOccurrences(of: ", outcome: no-match", with: ""))
        let failures = try #require(matched.cases.first).failures
        #expect(failures.map(\.key) == [.intent, .app])
        #expect(failures.map(\.expected) == ["~ (none)", "~ (none)"])
        #expect(failures.map(\.actual) == ["OrderSoup", "Soup Chef"])
    }

    @Test("results come back in case order whatever the number of jobs")
    func jobs() async throws {
        let suite = try TestSuite.load(paths: [repoPath("examples")])
        let cases = try suite.cases()
        // A generous handler time limit: the examples' Python handlers are slow on a busy machine, and a
        // time-out would make the two runs differ for a reason that is not the order.
        let handlers = HandlerRunner(timeout: .seconds(60))
        let one = try await TestRunner(suite: suite, options: .init(jobs: 1, handlers: handlers)).run(cases)
        let four = try await TestRunner(suite: suite, options: .init(jobs: 4, handlers: handlers)).run(cases)
        #expect(one.cases.map(\.testCase.name) == cases.map(\.name))
        #expect(four.cases.map(\.testCase.name) == cases.map(\.name))
        #expect(one.cases.map { $0.turns.map(\.turn.reply.text) } == four.cases.map { $0.turns.map(\.turn.reply.text) })
        #expect(JSONReport.render(one).split(separator: "\n").count == cases.count + 1)
    }

    @Test("shards K/N hold every case once and differ in size by at most one")
    func shards() throws {
        let suite = try TestSuite.load(paths: [repoPath("examples")])
        let all = try suite.cases().map(\.name)
        var seen: [String] = []
        var sizes: [Int] = []
        for k in 1...3 {
            let slice = try suite.cases(shard: Shard(index: k, count: 3)).map(\.name)
            seen += slice
            sizes.append(slice.count)
        }
        #expect(seen.sorted() == all.sorted())
        #expect(Set(seen).count == all.count)
        #expect(sizes.max()! - sizes.min()! <= 1)
        #expect(Shard("2/3") == Shard(index: 2, count: 3))
        #expect(Shard("4/3") == nil && Shard("0/3") == nil && Shard("x") == nil)
    }

    @Test("--filter and --tag select conversations by name and tag")
    func selection() throws {
        let text = TestFileTests.good + """

          - name: track the order
            tags: [audio, smoke]
            turns:
              - say: Track my order with Soup Chef
        """
        let suite = try TestSuite.load(paths: [try writeTestFile(text)])
        #expect(try suite.cases().map(\.conversation.name) == ["order from the list", "track the order", "track the order"])
        #expect(try suite.cases(filter: "ORDER FROM").map(\.conversation.name) == ["order from the list"])
        #expect(try suite.cases(tags: ["smoke"]).map(\.profile) == ["homepod", "watch"])
        #expect(throws: LoadError.self) { try suite.cases(filter: "(") }
    }

    @Test("settings in the test file change the device: Personal Requests off sends an order to the iPhone")
    func settings() async throws {
        let text = """
        apps: [$ROOT/examples/soupchef]
        profiles: [homepod]
        conversations:
          - name: personal requests off
            settings: { personalRequests: false }
            turns:
              - say: Order tomato soup with Soup Chef
                expect: { asks: size }
              - say: yes
                expect: { asks: confirmation }
              - say: yes
                expect: { outcome: needs-authentication }
        """
        #expect(try await Self.run(text).passed)
        let on = try await Self.run(text.replacingOccurrences(of: "personalRequests: false", with: "personalRequests: true"))
        #expect(on.cases.first?.failures.map(\.actual) == ["success"])
    }

    @Test("audio: turns are recognised even in text mode, and what was heard is checked")
    func recordings() async throws {
        let text = """
        apps: [$ROOT/examples/soupchef]
        profiles: [homepod, watch]
        conversations:
          - name: spoken order
            turns:
              - audio: $ROOT/audio-fixtures/phrase/order-soup-with-soup-chef.en-us.opus
                expect: { heard: order soup with soup chef, intent: OrderSoup, asks: soup }
              - audio: $ROOT/audio-fixtures/answer/order-soup-with-soup-chef--the-second-one.en-us.opus
                expect: { heard: the second one, parameters: { soup: tomato } }
        """
        let result = try await Self.run(text)
        #expect(result.passed, "\(ConsoleReport.render(result))")
        for caseResult in result.cases {
            #expect(caseResult.turns.allSatisfy { $0.turn.heard.source == .audio && ($0.turn.heard.confidence ?? 0) > 0 })
        }
        #expect(result.audioSeconds > 2)
    }

    @Test("--audio speaks each say: line, recognises it and answers what was heard")
    func audioMode() async throws {
        let result = try await Self.run(TestFileTests.good, .init(mode: .audio, keepAudio: true))
        #expect(result.passed, "\(ConsoleReport.render(result))")
        let turns = try #require(result.cases.first).turns
        #expect(turns.map(\.turn.heard.text) == ["order soup with soup chef", "the second one"])
        #expect(turns.allSatisfy { $0.turn.heard.source == .audio && $0.heardAudio != nil && $0.replyAudio != nil })
    }

    @Test("--noise reaches what is recognised, the same noise however the file's path is spelled")
    func runnerNoise() async throws {
        let text = """
        apps: [$ROOT/examples/soupchef]
        profiles: [watch]
        conversations:
          - name: spoken order
            turns:
              - audio: $ROOT/audio-fixtures/phrase/order-soup-with-soup-chef.en-us.opus
        """
        let path = try writeTestFile(text)
        let folder = (path as NSString).deletingLastPathComponent
        func heard(_ path: String, noise: Double?) async throws -> AudioBuffer? {
            let suite = try TestSuite.load(paths: [path])
            let result = try await TestRunner(suite: suite, options: .init(noise: noise, keepAudio: true)).run(try suite.cases())
            return result.cases.first?.turns.first?.heardAudio
        }
        let clean = try #require(try await heard(path, noise: nil))
        let noisy = try #require(try await heard(path, noise: 10))
        let respelled = try #require(try await heard(folder + "/./t.convo.yaml", noise: 10))
        #expect(clean == AudioBuffer(samples: try AudioFile.read(repoPath("audio-fixtures/phrase/order-soup-with-soup-chef.en-us.opus")).samples))
        #expect(noisy != clean)
        #expect(noisy == respelled)
        var noisePower = 0.0
        for (a, b) in zip(noisy.samples, clean.samples) { noisePower += pow(Double(a) - Double(b), 2) }
        let snr = 10 * log10(pow(clean.speechLevel, 2) / (noisePower / Double(clean.samples.count)))
        #expect(abs(snr - 10) < 0.5, "\(snr) dB")
    }

    @Test("a filter and a shard: the slices of the filtered cases, an empty slice is no error")
    func filterAndShard() throws {
        let suite = try TestSuite.load(paths: [repoPath("examples")])
        let filtered = try suite.cases(filter: "shopping list")
        #expect(filtered.count >= 2)
        let count = filtered.count + 2
        var seen: [String] = []
        for k in 1...count { seen += TestSuite.slice(filtered, Shard(index: k, count: count)).map(\.name) }
        #expect(seen == filtered.map(\.name))
        #expect(TestSuite.slice(filtered, Shard(index: count, count: count)).isEmpty)
    }

    @Test("pink noise is mixed in at the asked signal-to-noise ratio, the same for the same seed (AudioBuffer.addingNoise)")
    func noise() throws {
        let speech = AudioBuffer.tone(frequency: 220, seconds: 1, amplitude: 0.3)
        let padded = AudioBuffer(samples: AudioBuffer.silence(seconds: 0.5).samples + speech.samples)
        for snr in [0.0, 10, 20] {
            let noisy = padded.addingNoise(snr: snr, seed: 7)
            #expect(noisy == padded.addingNoise(snr: snr, seed: 7))
            var noisePower = 0.0
            for (a, b) in zip(noisy.samples, padded.samples) { noisePower += pow(Double(a) - Double(b), 2) }
            noisePower /= Double(padded.samples.count)
            let measured = 10 * log10(pow(padded.speechLevel, 2) / noisePower)
            #expect(abs(measured - snr) < 0.2, "asked \(snr) dB, measured \(measured) dB")
        }
        #expect(padded.addingNoise(snr: 10, seed: 7) != padded.addingNoise(snr: 10, seed: 8))
        #expect(AudioBuffer.silence(seconds: 1).addingNoise(snr: 10, seed: 1) == AudioBuffer.silence(seconds: 1))
    }
}

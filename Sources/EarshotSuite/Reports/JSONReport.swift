import EarshotDialogue
import Foundation

/// `earshot test --json`: one JSON object per case (conversation × device) per line, in case order,
/// then one line with the totals.
public enum JSONReport {
    /// The lines, without a trailing newline.
    public static func render(_ result: SuiteResult) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var lines = result.cases.map { line(CaseRecord($0), encoder) }
        lines.append(line(Summary(result), encoder))
        return lines.joined(separator: "\n")
    }

    private static func line(_ value: some Encodable, _ encoder: JSONEncoder) -> String {
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    struct FailureRecord: Encodable {
        var key: String
        var expected: String
        var actual: String
        var line: Int?
        /// The file of the expectation when it is not the test file (a SiriEvaluations Swift file).
        var file: String?

        init(_ failure: ExpectationFailure) {
            key = failure.key.rawValue
            expected = failure.expected
            actual = failure.actual
            line = failure.location?.line
            file = failure.location?.file
        }
    }

    struct SkipRecord: Encodable {
        var key: String
        var note: String
        var file: String?
        var line: Int?

        init(_ skipped: SkippedExpectation) {
            key = skipped.key.rawValue
            note = skipped.note
            file = skipped.location?.file
            line = skipped.location?.line
        }
    }

    struct TurnRecord: Encodable {
        var turn: Turn
        var failures: [FailureRecord]
        var note: String?
        var skipped: [SkipRecord]

        enum CodingKeys: String, CodingKey { case turn, failures, note, skipped }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(turn, forKey: .turn)
            try c.encode(failures, forKey: .failures)
            try c.encode(note, forKey: .note)
            if !skipped.isEmpty { try c.encode(skipped, forKey: .skipped) }
        }
    }

    struct CaseRecord: Encodable {
        var file: String
        var conversation: String
        var profile: String
        var passed: Bool
        var error: String?
        var notRun: Int
        var seconds: Double
        var turns: [TurnRecord]
        var scenarioFailures: [FailureRecord]
        var scenarioSkipped: [SkipRecord]

        enum CodingKeys: String, CodingKey { case file, conversation, profile, passed, error, notRun, seconds, turns, scenarioFailures, scenarioSkipped }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(file, forKey: .file)
            try c.encode(conversation, forKey: .conversation)
            try c.encode(profile, forKey: .profile)
            try c.encode(passed, forKey: .passed)
            try c.encode(error, forKey: .error)
            try c.encode(notRun, forKey: .notRun)
            try c.encode(seconds, forKey: .seconds)
            try c.encode(turns, forKey: .turns)
            if !scenarioFailures.isEmpty { try c.encode(scenarioFailures, forKey: .scenarioFailures) }
            if !scenarioSkipped.isEmpty { try c.encode(scenarioSkipped, forKey: .scenarioSkipped) }
        }

        init(_ result: CaseResult) {
            file = result.testCase.file
            conversation = result.testCase.conversation.name
            profile = result.testCase.profile
            passed = result.passed
            error = result.error
            notRun = result.notRun
            seconds = result.seconds
            turns = result.turns.map { TurnRecord(turn: $0.turn, failures: $0.failures.map(FailureRecord.init), note: $0.note,
                                                  skipped: $0.skipped.map(SkipRecord.init)) }
            scenarioFailures = result.scenarioFailures.map(FailureRecord.init)
            scenarioSkipped = result.scenarioSkipped.map(SkipRecord.init)
        }
    }

    struct Summary: Encodable {
        struct Totals: Encodable {
            var cases: Int
            var passed: Int
            var failed: Int
            var turns: Int
            var mode: String
            var seconds: Double
            var audioSeconds: Double
            var skipped: Int
        }
        var summary: Totals

        init(_ result: SuiteResult) {
            summary = Totals(cases: result.cases.count, passed: result.cases.count - result.failedCases.count,
                             failed: result.failedCases.count, turns: result.turnCount, mode: result.options.mode.rawValue,
                             seconds: result.seconds, audioSeconds: result.audioSeconds,
                             skipped: result.cases.reduce(0) { $0 + $1.skipped.count })
        }
    }
}

import Earshot
import EarshotImport
import Foundation

/// `earshot test --junit FILE`: JUnit XML as CI servers read it. One `<testsuite>` per test file, one
/// `<testcase>` per conversation and device (`classname` is the file's name and the profile), a
/// `<failure>` holding the transcript for each case that failed, and every case's transcript in
/// `<system-out>`. It follows the JUnit schema that Jenkins's xUnit plugin publishes (junit-10.xsd).
public enum JUnitReport {
    public static func render(_ result: SuiteResult, timestamp: Date = Date()) -> String {
        var byFile: [(file: String, cases: [CaseResult])] = []
        for result in result.cases {
            if let index = byFile.firstIndex(where: { $0.file == result.testCase.file }) {
                byFile[index].cases.append(result)
            } else {
                byFile.append((result.testCase.file, [result]))
            }
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let stamp = String(formatter.string(from: timestamp).prefix(19))
        let host = ProcessInfo.processInfo.hostName
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += "<testsuites name=\"earshot test\" tests=\"\(result.cases.count)\" failures=\"\(countFailures(result.cases))\" "
            + "errors=\"\(countErrors(result.cases))\" time=\"\(seconds(result.seconds))\">\n"
        for (index, group) in byFile.enumerated() {
            let time = group.cases.reduce(0) { $0 + $1.seconds }
            xml += "  <testsuite name=\"\(escape(group.file))\" tests=\"\(group.cases.count)\" failures=\"\(countFailures(group.cases))\" "
                + "errors=\"\(countErrors(group.cases))\" skipped=\"\(group.cases.filter(isSkipped).count)\" time=\"\(seconds(time))\" timestamp=\"\(stamp)\" "
                + "hostname=\"\(escape(host))\" id=\"\(index)\" package=\"earshot\">\n"
            for result in group.cases {
                let name = result.testCase.conversation.name
                xml += "    <testcase name=\"\(escape(name))\" classname=\"\(escape(className(result.testCase)))\" time=\"\(seconds(result.seconds))\">\n"
                if let error = result.error {
                    xml += "      <error message=\"\(escape(error))\" type=\"speech\">\(escape(ConsoleReport.failure(result)))</error>\n"
                } else if !result.passed {
                    let first = result.failures.first.map { "\($0.key.rawValue): expected \($0.expected), got \($0.actual)" } ?? "failed"
                    xml += "      <failure message=\"\(escape(first))\" type=\"expectation\">\(escape(ConsoleReport.failure(result)))</failure>\n"
                } else if isSkipped(result) {
                    // Nothing it expects could be checked (only `Loads`): skipped, never passed.
                    xml += "      <skipped message=\"\(escape(result.skipped.map(\.note).joined(separator: "; ")))\"/>\n"
                }
                xml += "      <system-out>\(escape(transcript(result)))</system-out>\n"
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    /// "soupchef.homepod": the test file's name without `.convo.yaml`, then the profile.
    static func className(_ testCase: TestCase) -> String {
        var base = (testCase.file as NSString).lastPathComponent
        if base.hasSuffix(ConversationTestFile.fileSuffix) { base.removeLast(ConversationTestFile.fileSuffix.count) }
        let profile = ((testCase.profile as NSString).lastPathComponent as NSString).deletingPathExtension
        return "\(base).\(profile)"
    }

    static func transcript(_ result: CaseResult) -> String {
        let writer = TranscriptWriter(style: .transcript)
        return result.turns.map { writer.render($0.turn, deviceName: result.deviceName) }.joined(separator: "\n")
    }

    /// A case that passed without checking anything but expectations Earshot skips.
    static func isSkipped(_ result: CaseResult) -> Bool {
        guard result.passed, !result.skipped.isEmpty else { return false }
        let conversation = result.testCase.conversation
        let expectations = conversation.siri + conversation.turns.flatMap(\.siri)
        let yaml = conversation.turns.contains { !$0.expectation.isEmpty }
        return !yaml && expectations.allSatisfy { if case .loads = $0.kind { true } else { false } }
    }

    private static func countFailures(_ cases: [CaseResult]) -> Int { cases.filter { $0.error == nil && !$0.passed }.count }
    private static func countErrors(_ cases: [CaseResult]) -> Int { cases.filter { $0.error != nil }.count }
    private static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }

    static func escape(_ text: String) -> String { Markup.escape(text) }
}

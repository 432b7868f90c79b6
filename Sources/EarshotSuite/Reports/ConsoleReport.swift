import Earshot
import EarshotDialogue
import Foundation

/// The console output of `earshot test`: a progress line while running, each failure as the
/// conversation so far with expected against actual, and a summary.
public enum ConsoleReport {
    /// The progress line (no newline; the caller rewrites it in place on a terminal).
    public static func progressLine(_ progress: TestRunner.Progress) -> String {
        var line = "running \(progress.done)/\(progress.total)"
        if progress.failed > 0 { line += " · \(progress.failed) failed" }
        return line
    }

    /// Every failed case as a transcript, then the summary line.
    public static func render(_ result: SuiteResult) -> String {
        var blocks = result.failedCases.map(failure)
        let skipped = result.cases.filter { $0.passed && !$0.skipped.isEmpty }.map { item in
            (["SKIP \(item.testCase.name) (passed what was checked)"] + skipLines(item.skipped)).joined(separator: "\n")
        }
        blocks += skipped
        blocks.append(summary(result))
        return blocks.joined(separator: "\n\n")
    }

    /// One failed case: its name, the turns that ran with the failed expectations under the turn that
    /// broke them, and what was not run.
    public static func failure(_ result: CaseResult) -> String {
        var lines = ["FAIL \(result.testCase.name)"]
        let writer = TranscriptWriter(style: .transcript)
        for (index, turn) in result.turns.enumerated() {
            // In audio runs the typed line was spoken: show it above what was heard.
            if turn.turn.heard.source == .audio, case .say(let text) = turn.step.input { lines.append("  said    > \(text)") }
            lines.append(writer.render(turn.turn, deviceName: result.deviceName))
            if let note = turn.note { lines.append("        (\(note))") }
            for failure in turn.failures {
                let place = failure.location.map { " at \($0)" } ?? ""
                lines.append("  ✗ turn \(index + 1), \(failure.key.rawValue)\(place)")
                lines.append("      expected: \(failure.expected)")
                lines.append("      actual:   \(failure.actual)")
            }
        }
        for failure in result.scenarioFailures {
            let place = failure.location.map { " at \($0)" } ?? ""
            lines.append("  ✗ scenario, \(failure.key.rawValue)\(place)")
            lines.append("      expected: \(failure.expected)")
            lines.append("      actual:   \(failure.actual)")
        }
        lines += skipLines(result.skipped)
        if let error = result.error { lines.append("  ✗ \(error)") }
        if result.notRun > 0 { lines.append("  (\(result.notRun) more turn\(result.notRun == 1 ? "" : "s") not run)") }
        return lines.joined(separator: "\n")
    }

    /// "  SKIPPED Loads at file:line: why", one line each.
    static func skipLines(_ skipped: [SkippedExpectation]) -> [String] {
        skipped.map { "  SKIPPED \($0.key.rawValue)\($0.location.map { " at \($0)" } ?? ""): \($0.note)" }
    }

    /// "12 cases: 11 passed, 1 failed · 48 turns · text · 0.05 s".
    public static func summary(_ result: SuiteResult) -> String {
        let failed = result.failedCases.count
        var line = "\(result.cases.count) case\(result.cases.count == 1 ? "" : "s") (conversation × device): "
            + "\(result.cases.count - failed) passed, \(failed) failed · \(result.turnCount) turns · "
        let skipped = result.cases.reduce(0) { $0 + $1.skipped.count }
        if skipped > 0 { line += "\(skipped) expectation\(skipped == 1 ? "" : "s") skipped (not emulated) · " }
        line += result.options.mode.rawValue
        if let noise = result.options.noise, result.audioSeconds > 0 { line += String(format: " with noise at %.0f dB SNR", noise) }
        line += String(format: " · %.2f s", result.seconds)
        if result.audioSeconds > 0 {
            line += String(format: " · %.1f s of audio recognised, real-time factor %.2f", result.audioSeconds,
                           result.seconds / result.audioSeconds)
        }
        return line
    }
}

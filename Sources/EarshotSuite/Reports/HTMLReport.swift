import EarshotAudio
import EarshotDialogue
import Foundation

/// `earshot test --report FILE.html`: one self-contained page a designer opens. A summary, the failed
/// conversations first (open), then every other transcript (closed): what was said and heard, what
/// matched and how well, the reply with its audio playable in place, what the screen showed, and each
/// expectation with expected against actual. A table sets the intents the tests intended against the
/// intents the device matched.
///
/// Audio is embedded (Ogg Opus as `data:` URLs, each distinct clip once), so the page needs no other
/// file and no network.
public enum HTMLReport {
    /// The page for `result`; with `coverage`, a section with a table per app of what the run covered.
    public static func render(_ result: SuiteResult, coverage: Coverage? = nil, title: String = "Earshot test report",
                              date: Date = Date()) -> String {
        var clips = ClipStore()
        let ordered = result.cases.filter { !$0.passed } + result.cases.filter(\.passed)
        var body = ""
        body += header(result, title: title, date: date)
        body += "<main>\n"
        body += intentTable(result)
        if let coverage { body += coverageTables(coverage) }
        body += "<section id=\"cases\">\n<h2>Conversations</h2>\n"
        for (index, caseResult) in ordered.enumerated() {
            body += caseSection(caseResult, index: index, clips: &clips)
        }
        body += "</section>\n</main>\n"
        return """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="earshot test">
        <title>\(escape(title))</title>
        <style>\(style)</style>
        </head>
        <body>
        \(body)<script>
        const clips = \(clips.json);
        \(script)
        </script>
        </body>
        </html>

        """
    }

    // MARK: - Parts

    static func header(_ result: SuiteResult, title: String, date: Date) -> String {
        let failed = result.failedCases.count
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        var mode = result.options.mode == .audio ? "spoken and recognised (--audio)" : "typed (text mode)"
        if let voice = result.options.voice { mode += ", voice \(voice)" }
        if let noise = result.options.noise, result.audioSeconds > 0 { mode += String(format: ", noise at %.0f dB SNR", noise) }
        let files = Set(result.cases.map(\.testCase.file)).sorted()
        var html = "<header>\n<h1>\(escape(title))</h1>\n"
        html += "<p class=\"meta\">\(escape(formatter.string(from: date))) · \(escape(mode)) · "
            + String(format: "%.2f s", result.seconds) + " · \(files.map { "<code>\(escape($0))</code>" }.joined(separator: ", "))</p>\n"
        html += "<div class=\"summary\">\n"
        html += "<div class=\"card \(failed > 0 ? "bad" : "good")\" id=\"verdict\"><b>\(failed > 0 ? "\(failed) failed" : "All passed")</b>"
            + "<span>of \(result.cases.count) conversation × device</span></div>\n"
        html += "<div class=\"card\"><b>\(result.cases.count - failed)</b><span>passed</span></div>\n"
        html += "<div class=\"card\"><b>\(result.turnCount)</b><span>turns</span></div>\n"
        if result.audioSeconds > 0 {
            html += "<div class=\"card\"><b>" + String(format: "%.1f s", result.audioSeconds) + "</b><span>of speech recognised</span></div>\n"
        }
        html += "</div>\n"
        html += "<nav><button type=\"button\" id=\"show-failed\"\(failed == 0 ? " disabled" : "")>Failures only</button> "
            + "<button type=\"button\" id=\"show-all\">Everything</button> "
            + "<button type=\"button\" id=\"expand\">Open all</button> <button type=\"button\" id=\"collapse\">Close all</button></nav>\n"
        html += "</header>\n"
        return html
    }

    /// Intended (the `intent:` expectations) against matched, over every turn that named an intent: per
    /// intended intent, how many turns matched it and what the others matched instead.
    static func intentTable(_ result: SuiteResult) -> String {
        var counts: [String: [String: Int]] = [:]
        for caseResult in result.cases {
            for turn in caseResult.turns {
                guard let expected = turn.step.expectation.intent else { continue }
                let intended = expected ?? "(none)"
                let matched = turn.turn.intent ?? turn.turn.match?.intent ?? "(none)"
                counts[intended, default: [:]][matched, default: 0] += 1
            }
        }
        var html = "<section id=\"intents\">\n<h2>Intended against matched intents</h2>\n"
        guard !counts.isEmpty else {
            return html + "<p class=\"muted\">No turn names an intent it expects.</p>\n</section>\n"
        }
        html += "<table class=\"matrix\">\n<thead><tr><th>intended</th><th>turns</th><th>matched it</th><th>matched instead</th></tr></thead>\n<tbody>\n"
        for row in counts.keys.sorted() {
            let cells = counts[row] ?? [:]
            let total = cells.values.reduce(0, +)
            let right = cells[row] ?? 0
            let others = cells.filter { $0.key != row }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            html += "<tr><th>\(escape(row))</th><td>\(total)</td><td class=\"\(right == total ? "hit" : "miss")\">\(right)</td>"
            html += "<td class=\"\(others.isEmpty ? "zero" : "miss")\">"
                + (others.isEmpty ? "·" : others.map { "\(escape($0.key)) ×\($0.value)" }.joined(separator: ", ")) + "</td></tr>\n"
        }
        html += "</tbody>\n</table>\n</section>\n"
        return html
    }

    /// Per app: each figure covered / total, and what it never reached; then the outcomes per intent.
    static func coverageTables(_ coverage: Coverage) -> String {
        var html = "<section id=\"coverage\">\n<h2>Coverage</h2>\n"
        for app in coverage.apps {
            html += "<h3>\(escape(app.app))</h3>\n<table class=\"matrix\">\n"
            html += "<thead><tr><th>figure</th><th>covered</th><th>never reached</th></tr></thead>\n<tbody>\n"
            for figure in app.figures {
                let r = Coverage.ratio(figure.items)
                let missing = figure.items.filter { !$0.covered }.map { item in
                    escape((item.intent.map { "\($0) " } ?? "") + item.name)
                }
                html += "<tr><th>\(escape(figure.name))</th>"
                html += "<td class=\"\(missing.isEmpty ? "hit" : "miss")\">\(r.covered)/\(r.total) (\(Coverage.percent(r.percent)))</td>"
                html += "<td>\(missing.isEmpty ? "·" : missing.joined(separator: "<br>"))</td></tr>\n"
            }
            let outcomes = app.outcomes.map { "\(escape($0.intent)): \(escape($0.reached.joined(separator: ", ")))" }
            html += "<tr><th>outcomes</th><td colspan=\"2\">\(outcomes.isEmpty ? "·" : outcomes.joined(separator: "<br>"))</td></tr>\n"
            html += "</tbody>\n</table>\n"
        }
        return html + "</section>\n"
    }

    static func caseSection(_ result: CaseResult, index: Int, clips: inout ClipStore) -> String {
        let status = result.passed ? "passed" : "failed"
        var html = "<details class=\"case \(status)\" id=\"case-\(index + 1)\"\(result.passed ? "" : " open")>\n"
        html += "<summary><span class=\"badge\">\(result.passed ? "PASS" : "FAIL")</span> "
            + "<span class=\"name\">\(escape(result.testCase.conversation.name))</span> "
            + "<span class=\"devname\">\(escape(result.deviceName))</span> "
            + "<span class=\"file\">\(escape(result.testCase.file))</span></summary>\n"
        html += "<ol class=\"transcript\">\n"
        for turn in result.turns {
            html += turnItem(turn, deviceName: result.deviceName, clips: &clips)
        }
        html += "</ol>\n"
        let scenario = result.testCase.conversation.siri
        if !scenario.isEmpty {
            html += "<p class=\"muted\">The scenario's own expectations, over every turn:</p>\n"
            html += checks(checked: scenario.map { TurnExpectation.Key(rawValue: $0.name) ?? .calls }.filter { $0 != .loads },
                           failures: result.scenarioFailures, skipped: result.scenarioSkipped)
        }
        if let error = result.error { html += "<p class=\"error\">✗ \(escape(error))</p>\n" }
        if result.notRun > 0 {
            html += "<p class=\"muted\">\(result.notRun) more turn\(result.notRun == 1 ? "" : "s") not run after the failure.</p>\n"
        }
        html += "</details>\n"
        return html
    }

    static func turnItem(_ result: TurnResult, deviceName: String, clips: inout ClipStore) -> String {
        let turn = result.turn
        var html = "<li class=\"turn\(result.failures.isEmpty ? "" : " failed")\">\n"
        // The person.
        html += "<div class=\"line you\"><span class=\"who\">You</span><div>"
        switch result.step.input {
        case .say(let text): html += "<p class=\"said\">\(escape(text))</p>"
        case .audio(let path): html += "<p class=\"said\">🎙 <code>\(escape((path as NSString).lastPathComponent))</code></p>"
        }
        if turn.heard.source == .audio {
            let confidence = turn.heard.confidence.map { String(format: "%.2f", $0) } ?? "–"
            html += "<p class=\"heard\">heard: <q>\(escape(turn.heard.text.isEmpty ? "(nothing)" : turn.heard.text))</q> · confidence \(confidence)</p>"
        }
        if let audio = result.heardAudio, let id = clips.add(audio) {
            html += "<audio controls preload=\"metadata\" data-clip=\"\(id)\"></audio>"
        }
        if let note = result.note { html += "<p class=\"muted\">\(escape(note))</p>" }
        html += "</div></div>\n"
        // What matched.
        if let match = turn.match {
            var line = "<b>\(escape(match.app)) · \(escape(match.intent))</b> · <q>\(escape(match.phrase))</q> · \(match.mode.rawValue) · score "
                + String(format: "%.2f", match.score)
            let others = match.candidates.filter { $0.intent != match.intent || $0.app != match.app }.prefix(3)
            if !others.isEmpty {
                line += " · runners-up: " + others.map { "\(escape($0.intent)) " + String(format: "%.2f", $0.score) }.joined(separator: ", ")
            }
            html += "<div class=\"match\">\(line)</div>\n"
        } else if let nearest = turn.nearest, !nearest.isEmpty {
            html += "<div class=\"match none\">no match · nearest: "
                + nearest.map { "<q>\(escape($0.said))</q> " + String(format: "%.2f", $0.score) }.joined(separator: ", ") + "</div>\n"
        }
        // The device.
        html += "<div class=\"line device\"><span class=\"who\">\(escape(deviceName))</span><div><p>\(escape(turn.reply.text))</p>"
        if let audio = result.replyAudio, let id = clips.add(audio) {
            html += "<audio controls preload=\"metadata\" data-clip=\"\(id)\"></audio>"
        }
        if let snippet = turn.reply.snippet {
            html += "<div class=\"screen\"><b>\(escape(snippet.title))</b>" + snippet.lines.map { "<span>\(escape($0))</span>" }.joined() + "</div>"
        }
        var status = turn.outcome.rawValue
        if let asking = turn.asking { status += ", asking \(asking)" }
        let filled = turn.parameters.compactMap { p in p.value.map { "\(p.id)=\($0.title)" } }
        if !filled.isEmpty { status += " · " + filled.joined(separator: ", ") }
        if let error = turn.error { status += " · \(error)" }
        html += "<p class=\"status\">\(escape(status))</p></div></div>\n"
        // The expectations.
        let checked = TurnExpectation.Key.allCases.filter { result.step.expectation.locations[$0] != nil }
            + result.step.siri.map { TurnExpectation.Key(rawValue: $0.name) ?? .calls }.filter { $0 != .loads }
        html += checks(checked: checked, failures: result.failures, skipped: result.skipped)
        html += "</li>\n"
        return html
    }

    /// The expectations of a turn or a scenario: those that held, each failure with expected against actual, and
    /// those skipped with why.
    static func checks(checked: [TurnExpectation.Key], failures: [ExpectationFailure], skipped: [SkippedExpectation]) -> String {
        guard !checked.isEmpty || !failures.isEmpty || !skipped.isEmpty else { return "" }
        var html = "<div class=\"checks\">"
        let failedKeys = Set(failures.map(\.key))
        var held: [TurnExpectation.Key] = []
        for key in checked where !failedKeys.contains(key) && !held.contains(key) { held.append(key) }
        if !held.isEmpty { html += "<p class=\"held\">✓ " + held.map(\.rawValue).joined(separator: ", ") + "</p>" }
        for failure in failures {
            html += "<div class=\"broken\"><p>✗ <b>\(failure.key.rawValue)</b>\(failure.location.map { " <span class=\"muted\">(\(escape($0.description)))</span>" } ?? "")</p>"
                + "<p><span class=\"label\">expected</span> \(escape(failure.expected))</p>"
                + "<p><span class=\"label\">actual</span> \(escape(failure.actual))</p></div>"
        }
        for skip in skipped {
            html += "<p class=\"muted\">SKIPPED <b>\(skip.key.rawValue)</b>\(skip.location.map { " (\(escape($0.description)))" } ?? ""): \(escape(skip.note))</p>"
        }
        return html
    }

    /// Distinct audio clips, each encoded once.
    struct ClipStore {
        private var ids: [[Int16]: String] = [:]
        private var entries: [(String, String)] = []

        /// The clip's id, or `nil` when it cannot be encoded.
        mutating func add(_ audio: AudioBuffer) -> String? {
            if let id = ids[audio.samples] { return id }
            guard let url = HTMLReport.dataURL(audio) else { return nil }
            let id = "c\(entries.count + 1)"
            ids[audio.samples] = id
            entries.append((id, url))
            return id
        }

        var json: String {
            "{" + entries.map { "\"\($0.0)\":\"\($0.1)\"" }.joined(separator: ",\n") + "}"
        }
    }

    /// `audio` as a `data:` URL: Ogg Opus (small), or WAV when Opus cannot be written.
    static func dataURL(_ audio: AudioBuffer) -> String? {
        for (ext, type) in [("opus", "audio/ogg"), ("wav", "audio/wav")] {
            if let data = try? AudioFile.encode(audio, as: ext) {
                return "data:\(type);base64,\(data.base64EncodedString())"
            }
        }
        return nil
    }

    static func escape(_ text: String) -> String { Markup.escape(text) }

    static let script = """
    for (const audio of document.querySelectorAll('audio[data-clip]')) {
      const url = clips[audio.dataset.clip];
      if (url) audio.src = url;
    }
    const cases = document.querySelectorAll('details.case');
    document.getElementById('expand').addEventListener('click', () => cases.forEach(c => c.open = true));
    document.getElementById('collapse').addEventListener('click', () => cases.forEach(c => c.open = false));
    document.getElementById('show-failed').addEventListener('click', () => document.body.classList.add('failed-only'));
    document.getElementById('show-all').addEventListener('click', () => document.body.classList.remove('failed-only'));
    """

    static let style = """
    :root { --good: #1a7f37; --bad: #cf222e; --muted: #6e7781; --line: #d0d7de; --bg: #f6f8fa; }
    * { box-sizing: border-box; }
    body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; color: #1f2328; background: #fff; }
    header { padding: 24px 32px 12px; border-bottom: 1px solid var(--line); background: var(--bg); }
    h1 { margin: 0 0 4px; font-size: 24px; }
    h2 { font-size: 18px; margin: 28px 0 10px; }
    main { padding: 0 32px 48px; max-width: 1100px; }
    .meta, .muted { color: var(--muted); }
    .summary { display: flex; gap: 12px; flex-wrap: wrap; margin: 12px 0; }
    .card { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 8px 16px; min-width: 110px; }
    .card b { display: block; font-size: 22px; }
    .card span { color: var(--muted); font-size: 13px; }
    .card.bad { border-color: var(--bad); color: var(--bad); }
    .card.good { border-color: var(--good); color: var(--good); }
    nav button { font: inherit; padding: 4px 10px; border: 1px solid var(--line); border-radius: 6px; background: #fff; cursor: pointer; }
    table.matrix { border-collapse: collapse; font-size: 14px; }
    .matrix th, .matrix td { border: 1px solid var(--line); padding: 4px 10px; text-align: center; }
    .matrix thead th { background: var(--bg); }
    .matrix tbody th { text-align: left; background: var(--bg); }
    .matrix td.hit { background: #dafbe1; }
    .matrix td.miss { background: #ffebe9; color: var(--bad); font-weight: bold; }
    .matrix td.zero { color: #afb8c1; }
    .matrix td:last-child { text-align: left; }
    details.case > p { padding: 0 14px; }
    details.case { border: 1px solid var(--line); border-radius: 8px; margin: 10px 0; background: #fff; }
    details.case.failed { border-color: var(--bad); }
    details.case > summary { cursor: pointer; padding: 10px 14px; display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; }
    .badge { font-weight: bold; font-size: 12px; padding: 1px 8px; border-radius: 10px; color: #fff; background: var(--good); }
    .failed .badge { background: var(--bad); }
    .name { font-weight: 600; }
    .devname { color: #0969da; }
    .file { color: var(--muted); font-size: 13px; margin-left: auto; }
    body.failed-only details.case.passed { display: none; }
    ol.transcript { margin: 0; padding: 0 14px 12px 40px; }
    li.turn { padding: 8px 0; border-top: 1px solid #eaeef2; }
    li.turn.failed { background: #fff8f7; }
    .line { display: grid; grid-template-columns: 110px 1fr; gap: 8px; }
    .line p { margin: 0; }
    .who { font-weight: 600; color: var(--muted); }
    .device .who { color: #0969da; }
    .heard { color: #8250df; font-size: 14px; }
    .match { margin: 4px 0 4px 118px; font-size: 13px; color: #57606a; }
    .match.none { color: var(--bad); }
    .status { color: var(--muted); font-size: 13px; }
    .screen { display: inline-flex; flex-direction: column; margin: 6px 0; padding: 6px 12px; border-radius: 14px; background: #1f2328; color: #fff; font-size: 13px; }
    audio { height: 32px; margin: 4px 0; display: block; }
    .checks { margin: 6px 0 0 118px; font-size: 14px; }
    .held { color: var(--good); margin: 0; }
    .broken { border-left: 3px solid var(--bad); padding: 2px 10px; margin: 4px 0; }
    .broken p { margin: 0; }
    .label { display: inline-block; width: 70px; color: var(--muted); }
    .error { color: var(--bad); padding: 0 14px; }
    code { font-size: 13px; }
    """
}

import EarshotModel
import EarshotTesting
import Foundation
import Testing
@testable import EarshotSuite
import Earshot

/// The reports people and CI servers read: JUnit XML against its schema, the HTML page in a real browser.
@Suite("Test reports", .serialized)
struct ReportTests {
    /// A run with a passing case, a failing one (names with characters XML and HTML must escape) and an
    /// error, with reply audio kept.
    static func mixedResult() async throws -> SuiteResult {
        let text = TestFileTests.good + """

          - name: "sizes & <things> \\"quoted\\""
            profiles: [watch]
            turns:
              - say: Order soup with Soup Chef
                expect: { reply: "Which size? <b>&amp;</b>" }
          - name: a recording where a sentence is wanted
            profiles: [homepod]
            turns:
              - audio: $ROOT/audio-fixtures/phrase/order-soup-with-soup-chef.en-us.opus
        """
        let suite = try TestSuite.load(paths: [try writeTestFile(text)])
        return try await TestRunner(suite: suite, options: .init(keepAudio: true)).run(try suite.cases())
    }

    @Test("--junit validates against the JUnit schema (junit-10.xsd, xmllint), with one case per conversation and device")
    func junit() async throws {
        let result = try await Self.mixedResult()
        #expect(result.failedCases.count == 1)
        let xml = JUnitReport.render(result)
        let path = try temporaryFolder().appendingPathComponent("junit.xml").path
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        let check = try runTool(["xmllint", "--noout", "--schema", repoPath("Tests/EarshotSuiteTests/Fixtures/junit-10.xsd"), path])
        #expect(check.status == 0, "xmllint: \(check.stderr)")
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == result.cases.count)
        #expect(xml.contains("<failure message=\"reply: expected Which size? &lt;b&gt;&amp;amp;&lt;/b&gt;, got Which soup?\""))
        #expect(xml.contains("classname=\"t.watch\""))
        // A broken file is rejected by the same check, so the check can fail.
        try xml.replacingOccurrences(of: "<testcase name=", with: "<testcase nam=").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try runTool(["xmllint", "--noout", "--schema", repoPath("Tests/EarshotSuiteTests/Fixtures/junit-10.xsd"), path]).status != 0)
    }

    @Test("--report loads in headless Chromium with no console errors, failures first, every reply playable")
    func html() async throws {
        let result = try await Self.mixedResult()
        let folder = try temporaryFolder()
        let page = folder.appendingPathComponent("report.html").path
        try HTMLReport.render(result).write(toFile: page, atomically: true, encoding: .utf8)
        // Chromium starts slowly while the rest of the suite keeps both cores busy (CI once waited more than 30 s
        // for its first tab), so the page gets a longer deadline, and a browser that never came up (exit status 2,
        // `infra_error`) is started once more. What the page itself shows is checked as strictly either way.
        let arguments = ["python3", repoPath("scripts/check_page.py"), page, "--width", "1200", "--height", "900",
                         "--timeout", "120", "--screenshot", folder.appendingPathComponent("report.png").path]
        var run = try runTool(arguments)
        if run.status == 2, run.stdout.contains("infra_error") { run = try runTool(arguments) }
        #expect(run.status == 0, "check_page.py: \(run.stdout) \(run.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        #expect((report["errors"] as? [Any])?.isEmpty == true, "console errors: \(report["errors"] ?? "-")")
        let dom = try #require(report["dom"] as? String)
        // The failing case comes first and is open; the passing ones follow, closed.
        let caseTags = dom.components(separatedBy: "<details class=\"case ").dropFirst().map { String($0.prefix(60)) }
        #expect(caseTags.count == result.cases.count)
        #expect(caseTags.first?.hasPrefix("failed\"") == true, "\(caseTags)")
        #expect(caseTags.first?.contains(" open") == true)
        #expect(caseTags.dropFirst().allSatisfy { $0.hasPrefix("passed\"") && !$0.contains(" open") })
        #expect(dom.contains("sizes &amp; &lt;things&gt;"))
        // Replies and recordings play: every audio element got its clip and the browser decoded it.
        let media = try #require(report["media"] as? [[String: Any]])
        #expect(media.count == result.cases.reduce(0) { $0 + $1.turns.count } + 1, "a reply per turn and the recording")
        for element in media {
            #expect(element["error"] is NSNull, "\(element)")
            #expect((element["duration"] as? Double ?? 0) > 0.3, "\(element)")
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.png").path))
    }

    @Test("a report file that is not an earlier Earshot report is kept unless --force")
    func reportFile() throws {
        let folder = try temporaryFolder()
        let path = folder.appendingPathComponent("notes.html").path
        try "my notes".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: LoadError.self) { try ReportFile.write("<html></html>", to: path, option: "--report", force: false) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "my notes")
        try ReportFile.write("<meta name=\"generator\" content=\"earshot test\"> one", to: path, option: "--report", force: true)
        try ReportFile.write("<meta name=\"generator\" content=\"earshot test\"> two", to: path, option: "--report", force: false)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("<meta name=\"generator\" content=\"earshot test\"> two\n<!-- earshot-signature:"))
    }

    @Test("only a report Earshot signed and nobody changed is replaced: files that merely mention Earshot's marks are kept")
    func reportSignature() throws {
        let folder = try temporaryFolder()
        let mentions = [
            "upload.sh": "#!/bin/sh\n# uploads results of earshot check/ and earshot test\n",
            "notes.md": "# Notes\n<testsuites name=\"earshot test\" tests=\"1\">\n",
            "Page.swift": "let page = \"<meta name=\\\"generator\\\" content=\\\"earshot test\\\">\"\n",
        ]
        for (name, text) in mentions {
            let path = folder.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: LoadError.self) { try ReportFile.write("<testsuites name=\"earshot test\"/>", to: path, option: "--junit", force: false) }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == text, "\(name) kept")
        }
        // An earlier report, then the same report edited by hand, then one with a copied signature.
        let report = folder.appendingPathComponent("r.xml").path
        try ReportFile.write("<testsuites name=\"earshot test\"/>", to: report, option: "--junit", force: false)
        let signed = try String(contentsOfFile: report, encoding: .utf8)
        #expect(ReportFile.isSigned(Data(signed.utf8)))
        try ReportFile.write("<testsuites name=\"earshot test\"/>", to: report, option: "--junit", force: false)
        let edited = signed.replacingOccurrences(of: "/>", with: "><!-- mine --></testsuites>")
        try edited.write(toFile: report, atomically: true, encoding: .utf8)
        #expect(!ReportFile.isSigned(Data(edited.utf8)))
        #expect(throws: LoadError.self) { try ReportFile.write("<x/>", to: report, option: "--junit", force: false) }
        #expect(try String(contentsOfFile: report, encoding: .utf8) == edited)
        let twice = signed + signed
        #expect(!ReportFile.isSigned(Data(twice.utf8)), "two signatures prove nothing")
        // A placeholder in the renderer's text is filled in where it stands (SARIF's property bag).
        let sarif = ReportFile.sign("{\"properties\":{\"signature\":\"\(ReportFile.unsignedSignature)\"}}\n")
        #expect(sarif.hasPrefix("{\"properties\":{\"signature\":\"earshot-signature:") && sarif.hasSuffix("\"}}\n") && !sarif.contains("<!--"))
        #expect(ReportFile.isSigned(Data(sarif.utf8)))
    }

    @Test("a symbolic link, even to an earlier report, and a pipe are not replaced without --force")
    func reportLinks() throws {
        let folder = try temporaryFolder()
        let report = folder.appendingPathComponent("r.html").path
        try ReportFile.write("<html></html>", to: report, option: "--report", force: false)
        let link = folder.appendingPathComponent("latest.html").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: report)
        #expect(throws: LoadError.self) { try ReportFile.write("<html>new</html>", to: link, option: "--report", force: false) }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == report)
        try ReportFile.write("<html>new</html>", to: link, option: "--report", force: true)
        #expect(try String(contentsOfFile: link, encoding: .utf8).hasPrefix("<html>new</html>"))
        #expect(try String(contentsOfFile: report, encoding: .utf8).hasPrefix("<html></html>"), "the link's target is untouched")
        let pipe = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(pipe, 0o600) == 0)
        do {
            try ReportFile.check(pipe, option: "--junit", force: false)
            Issue.record("a pipe was taken for a report")
        } catch {
            #expect(error.message == "already exists and is not a regular file.")
        }
    }

    @Test("a folder is never replaced by a report, even with --force; a stray .partial file is left alone")
    func reportFolder() throws {
        let folder = try temporaryFolder()
        let target = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try "keep".write(to: target.appendingPathComponent("keep.txt"), atomically: true, encoding: .utf8)
        #expect(throws: LoadError.self) { try ReportFile.write("<x/>", to: target.path, option: "--junit", force: true) }
        #expect(try String(contentsOf: target.appendingPathComponent("keep.txt"), encoding: .utf8) == "keep")
        let report = folder.appendingPathComponent("r.html").path
        try "mine".write(toFile: report + ".partial", atomically: true, encoding: .utf8)
        try ReportFile.write("<meta name=\"generator\" content=\"earshot test\">", to: report, option: "--report", force: false)
        #expect(try String(contentsOfFile: report + ".partial", encoding: .utf8) == "mine")
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("earshot test"))
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["out", "r.html", "r.html.partial"])
    }
}

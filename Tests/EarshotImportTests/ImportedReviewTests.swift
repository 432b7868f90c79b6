import Earshot
import EarshotImport
import EarshotModel
import EarshotReview
import Foundation
import Testing

/// `earshot check` on a folder of Swift: findings at the Swift line, quoted, and named so in SARIF.
@Suite struct ImportedReviewTests {
    @Test func findingsPointAtTheSwiftLineAndSARIFNamesTheSwiftFile() async throws {
        let source = PhraseRuleTests.provider("\"Note \\(\\.$level) at \\(\\.$beach) in \\(.applicationName)\"")
        let folder = try SourceFolder(["S.swift": source, "Level.swift": tideEnum, "earshot.yaml": "app: Tide\n"])
        let reviewer = Reviewer(profiles: try Bundled.profiles(), options: Reviewer.Options(pronunciations: false, semantic: false))
        let review = await reviewer.review(folder.path)
        #expect(review.loadError == nil)
        let finding = try #require(review.diagnostics.first { $0.rule == "import.build-error" })
        #expect(finding.location.file == folder.file("S.swift"))
        #expect(finding.location.line == line(of: "Note \\(\\.$level) at", in: source))
        #expect(finding.sourceLine?.contains("Note \\(\\.$level) at") == true)
        #expect(review.fails(strict: false))
        let sarif = SARIFLog.render([review])
        #expect(sarif.contains("S.swift"))
    }
}

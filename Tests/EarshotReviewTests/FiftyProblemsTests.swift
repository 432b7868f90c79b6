import EarshotEvaluation
import EarshotReview
import Testing

/// One run reports every problem of a manifest, by line: the benchmark's 50-problem manifest, reviewed
/// as `earshot check` does (every rule but --acoustic).
@Suite("check: fifty problems")
struct FiftyProblemsTests {
    @Test("all 50 problems in one run, sorted by line and column")
    func fifty() async throws {
        let reviewer = Reviewer(profiles: ReviewFixtures.profiles)
        let review = await reviewer.review(yaml: FiftyProblems.manifest, path: "fifty/app.yaml")
        #expect(review.loadError == nil)
        #expect(review.notChecked.isEmpty, "\(review.notChecked)")
        #expect(review.diagnostics.count == 50, "\(review.diagnostics.map { "\($0.location.line ?? 0) \($0.rule)" })")
        #expect(review.count(.error) == 5 && review.count(.warning) == 45)
        let places = review.diagnostics.map { ($0.location.line ?? 0, $0.location.column ?? 0) }
        #expect(zip(places, places.dropFirst()).allSatisfy { $0 <= $1 }, "\(places)")
        #expect(Set(review.diagnostics.map(\.rule)).count == 29)
        #expect(review.fails(strict: false))
        // Every one is printed, each with its line.
        let text = ReviewText.render(review)
        let reported = text.split(separator: "\n").filter { $0.hasPrefix("fifty/app.yaml:") && ($0.contains(": warning: ") || $0.contains(": error: ")) }
        #expect(reported.count == 50)
    }
}

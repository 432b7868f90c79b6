import Earshot
import EarshotEmbedding
import EarshotMatching
import EarshotModel
import EarshotSemantic
import Foundation

/// How fast flexible matching is: building the similarity index of 1,000 phrases cold and from its
/// cache, deciding an utterance against 10 apps × 1,000 expansions once it is encoded, and the
/// process's resident memory with the model and that index loaded.
public struct FlexibleMatchingSpeed: Sendable {
    public var coldBuildSeconds: Double
    public var cachedBuildSeconds: Double
    public var matchMicroseconds: (median: Double, p95: Double)
    /// An utterance that names no app: nothing can match, and every app is scored for the nearest phrases.
    public var unnamedMicroseconds: (median: Double, p95: Double)
    public var appsMatched: Int
    public var expansionsMatched: Int
    public var residentMegabytes: Double

    public var markdown: String {
        [
            "| measure | value | target |", "|---|---:|---:|",
            "| similarity index of 1,000 phrases, cold (encoded) | \(String(format: "%.2f s", coldBuildSeconds)) | ≤ 3 s |",
            "| the same, from its cache | \(String(format: "%.0f ms", cachedBuildSeconds * 1000)) | ≤ 100 ms |",
            "| decide one encoded utterance against \(appsMatched) apps × \(expansionsMatched / max(1, appsMatched)) expansions, median | \(String(format: "%.0f µs", matchMicroseconds.median)) | ≤ 1 ms |",
            "| the same, 95th percentile | \(String(format: "%.0f µs", matchMicroseconds.p95)) | |",
            "| the same, an utterance naming no app (every app scored for the nearest phrases), median | \(String(format: "%.0f µs", unnamedMicroseconds.median)) | |",
            "| the same, 95th percentile | \(String(format: "%.0f µs", unnamedMicroseconds.p95)) | |",
            "| resident memory: model, index of \(expansionsMatched) expansions | \(String(format: "%.0f MB", residentMegabytes)) | |",
        ].joined(separator: "\n")
    }

    /// Measures with synthetic apps of one phrase over 1,000 entity values each.
    public static func measure(encoder: SentenceEncoder) throws -> FlexibleMatchingSpeed {
        let profile = try Bundled.profiles().profile("homepod")
        let clock = ContinuousClock()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-bench-index-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let one = PhraseCatalog(apps: ExactMatchBenchmark.apps(totalExpansions: 1_000), profile: profile)
        var start = clock.now
        _ = SemanticIndex(catalog: one, encoder: encoder, cacheFolder: folder)
        let cold = (clock.now - start).seconds
        start = clock.now
        let cached = SemanticIndex(catalog: one, encoder: encoder, cacheFolder: folder)
        let warm = (clock.now - start).seconds
        guard cached.cachedApps == 1 else {
            throw SpeechBenchError("the similarity index could not be cached in \(folder) (is the temporary folder writable?)")
        }

        // Ten apps: the first encoded, the other nine the same vectors under other names (the decision's
        // cost does not depend on what the vectors hold).
        let apps = ExactMatchBenchmark.apps(totalExpansions: 10_000)
        let catalog = PhraseCatalog(apps: apps, profile: profile)
        let matcher = SemanticMatcher(catalog: catalog, encoder: encoder, index: SemanticIndex(apps: Array(repeating: cached.apps[0], count: apps.count)))
        let flexible = Array(catalog.apps.indices)
        // Utterances naming one app (a match: the app named is scored) and naming none (no match: every
        // app is scored, so the reply can list the nearest phrases).
        let named = (0..<20).map { "please fetch item \(ExactMatchBenchmark.words($0 * 37)) with bench app \(ExactMatchBenchmark.words($0 % 10))" }
        let unnamed = (0..<20).map { "please fetch item \(ExactMatchBenchmark.words($0 * 37)) for me now" }
        func time(_ utterances: [String]) -> (median: Double, p95: Double) {
            let vectors = utterances.map { (encoder.encode($0), encoder.encode(matcher.action(of: $0, apps: flexible))) }
            var times: [Double] = []
            for round in 0..<200 {
                let (vector, action) = vectors[round % vectors.count]
                let normalized = Normalizer.normalize(utterances[round % utterances.count])
                let begin = clock.now
                _ = matcher.match(vector, action: action, normalized: normalized, in: catalog, apps: flexible)
                times.append((clock.now - begin).seconds * 1_000_000)
            }
            times.sort()
            return (times[times.count / 2], times[times.count * 95 / 100])
        }
        let matchMicroseconds = time(named)
        let unnamedMicroseconds = time(unnamed)
        return FlexibleMatchingSpeed(coldBuildSeconds: cold, cachedBuildSeconds: warm,
                                     matchMicroseconds: matchMicroseconds, unnamedMicroseconds: unnamedMicroseconds,
                                     appsMatched: apps.count, expansionsMatched: catalog.expansionCount,
                                     residentMegabytes: Self.residentMegabytes())
    }

    /// VmRSS of this process (Linux), in MB.
    static func residentMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return .nan }
        return kilobytes / 1024
    }
}

import Earshot
import EarshotAudio
import EarshotMatching
import EarshotModel
import Foundation

/// Exact-match resolution time at growing numbers of expansions (target: under 20 µs at 100,000, flat).
public enum ExactMatchBenchmark {
    public struct Row: Sendable {
        public var expansions: Int
        public var apps: Int
        public var buildSeconds: Double
        public var hitMicroseconds: Double
        public var missMicroseconds: Double
    }

    public struct Report: Sendable {
        public var rows: [Row]

        public var markdown: String {
            var lines = ["| expansions | apps | index build | resolve, hit (µs/utterance) | resolve, miss without nearest (µs/utterance) |",
                         "|---:|---:|---:|---:|---:|"]
            for row in rows {
                lines.append("| \(row.expansions) | \(row.apps) | \(String(format: "%.3f s", row.buildSeconds)) | \(String(format: "%.2f", row.hitMicroseconds)) | \(String(format: "%.2f", row.missMicroseconds)) |")
            }
            return lines.joined(separator: "\n")
        }
    }

    /// Builds synthetic apps with `total` expansions (at most 1,000 per app, as the limit allows).
    public static func apps(totalExpansions total: Int) -> [AppManifest] {
        var apps: [AppManifest] = []
        var remaining = total
        var index = 0
        while remaining > 0 {
            let count = min(remaining, 1_000)
            // One phrase over an entity with `count` values.
            let values = (0..<count).map { "      - { id: v\($0), title: item \(Self.words($0)) }" }.joined(separator: "\n")
            let yaml = """
            app: Bench App \(Self.words(index))
            entities:
              Thing:
                suggested:
            \(values)
            intents:
              - id: Fetch
                title: Fetch a thing
                parameters: [{ id: thing, title: Thing, type: Thing }]
            shortcuts:
              - intent: Fetch
                phrases: ["Fetch {thing} with {applicationName}"]
            """
            // Synthetic input that is known to be valid.
            apps.append(try! AppManifest(yaml: yaml, path: "bench-\(index).yaml"))
            remaining -= count
            index += 1
        }
        return apps
    }

    /// Spells a number in letters so every expansion is distinct after normalisation.
    static func words(_ n: Int) -> String {
        let letters = Array("abcdefghij")
        return String(n).map { String(letters[Int(String($0))!]) }.joined(separator: "")
    }

    public static func run(iterations: Int, sizes: [Int] = [10, 1_000, 100_000]) -> Report {
        // The shipped HomePod profile; with no flexible matcher installed, resolution is exact.
        let profile = try! Bundled.profiles().profile("homepod")
        var rows: [Row] = []
        for size in sizes {
            let apps = Self.apps(totalExpansions: size)
            let clock = ContinuousClock()
            var catalog: PhraseCatalog?
            let build = clock.measure { catalog = PhraseCatalog(apps: apps, profile: profile) }
            let resolver = Resolver(catalog: catalog!)
            let utterances = (0..<256).map { i -> String in
                let app = catalog!.apps[i % catalog!.apps.count]
                return app.expansions[(i * 7919) % app.expansions.count].text.uppercased() + "."
            }
            var hits = 0
            let hit = clock.measure {
                for i in 0..<iterations where resolver.resolve(utterances[i & 255]).isMatch { hits += 1 }
            }
            precondition(hits == iterations, "every benchmark utterance must match")
            let misses = utterances.map { "Please " + $0 }
            var found = 0
            let miss = clock.measure {
                for i in 0..<iterations where !resolver.catalog.exactMatches(Normalizer.normalize(misses[i & 255])).isEmpty { found += 1 }
            }
            precondition(found == 0)
            rows.append(Row(expansions: catalog!.expansionCount, apps: apps.count, buildSeconds: build.seconds,
                            hitMicroseconds: hit.seconds * 1e6 / Double(iterations), missMicroseconds: miss.seconds * 1e6 / Double(iterations)))
        }
        return Report(rows: rows)
    }
}

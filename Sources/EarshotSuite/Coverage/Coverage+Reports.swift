import Earshot
import EarshotModel
import Foundation

extension Coverage {
    /// Uncovered items the console lists per figure before "and N more".
    static let listed = 5

    /// The console summary: apps with the least-covered figure first, each figure with its percentage and what it
    /// never reached; then the phrases over all apps.
    public func consoleSummary() -> String {
        var out = "Coverage\n"
        // Apps by their least-covered figure, then by name; figures by percentage, then in their usual order.
        func lowest(_ app: App) -> Double { app.figures.map { Self.ratio($0.items).percent }.min() ?? 100 }
        let sortedApps = apps.sorted { (lowest($0), $0.app) < (lowest($1), $1.app) }
        for app in sortedApps {
            out += "  \(app.app)\n"
            let figures = app.figures.enumerated()
                .sorted { (Self.ratio($0.element.items).percent, $0.offset) < (Self.ratio($1.element.items).percent, $1.offset) }
                .map(\.element)
            for figure in figures {
                let r = Self.ratio(figure.items)
                out += "    \(figure.name): \(r.covered)/\(r.total) (\(Self.percent(r.percent)))\n"
                let missing = figure.items.filter { !$0.covered }
                for item in missing.prefix(Self.listed) {
                    let verb = figure.name == "devices" ? "never ran on" : figure.name == "dialogue lines" ? "never heard" : "never said"
                    out += "      \(verb): \(item.intent.map { "\($0) " } ?? "")\(figure.name == "phrases" || figure.name == "negative phrases" ? "“\(item.name)”" : item.name)\n"
                }
                if missing.count > Self.listed { out += "      … and \(missing.count - Self.listed) more\n" }
            }
            if !app.outcomes.isEmpty {
                out += "    outcomes: " + app.outcomes.map { "\($0.intent) \($0.reached.joined(separator: ", "))" }.joined(separator: "; ") + "\n"
            }
        }
        let all = Self.ratio(apps.flatMap(\.phrases))
        out += "  phrases over all apps: \(all.covered)/\(all.total) (\(Self.percent(all.percent)))"
        return out
    }

    static func percent(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))%" : String(format: "%.1f%%", value)
    }

    /// The figures as JSON, with the signature's placeholder (``ReportFile/write(_:to:option:force:)`` signs it).
    public func json() -> String {
        var signed = self
        signed.signature = ReportFile.unsignedSignature
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(signed)) ?? Data("{}".utf8), as: UTF8.self) + "\n"
    }

    /// Reads a file `--coverage-json` wrote.
    ///
    /// - Throws: ``LoadError`` naming the file when it cannot be read or is not an Earshot coverage file.
    public static func load(_ path: String) throws(LoadError) -> Coverage {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(SourceLocation(file: path), "cannot be read.", fix: "Give the files `earshot test --coverage-json` wrote.")
        }
        guard let coverage = try? JSONDecoder().decode(Coverage.self, from: data), coverage.format == format else {
            throw LoadError(SourceLocation(file: path), "is not an Earshot coverage file.",
                            fix: "Give the files `earshot test --coverage-json` wrote.")
        }
        guard coverage.version <= version else {
            throw LoadError(SourceLocation(file: path), "is a coverage file of a newer Earshot (version \(coverage.version)).",
                            fix: "Merge it with that Earshot, or write it again with this one.")
        }
        return coverage
    }
}

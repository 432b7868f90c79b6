import EarshotModel
import Foundation

/// `earshot check --json`: one object per manifest, on one line.
public enum ReviewJSON {
    struct Manifest: Encodable {
        var file: String
        var ok: Bool
        var app: String?
        var shortcuts: Int?
        var expansions: [String: Int]?
        var error: Problem?
        var counts: [String: Int]
        var diagnostics: [Entry]
        var notChecked: [NotChecked]
    }

    struct Problem: Encodable {
        var line: Int?
        var column: Int?
        var message: String
        var fix: String?
    }

    struct Entry: Encodable {
        var rule: String
        var severity: String
        var file: String
        var line: Int?
        var column: Int?
        var message: String
        var fix: String
        var guideline: Guideline
        var silenced: String?
    }

    struct NotChecked: Encodable {
        var rule: String
        var reason: String
    }

    struct RuleEntry: Encodable {
        var id: String
        var severity: String
        var summary: String
        var needs: String
        var guideline: Guideline
        var url: String?
    }

    /// Every rule, one object per line (`earshot check --rules --json`).
    public static func rules() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Rule.all.map { rule in
            let entry = RuleEntry(id: rule.id, severity: rule.severity.rawValue, summary: rule.summary, needs: rule.needs.rawValue,
                                  guideline: rule.guideline, url: rule.guideline.source.url)
            return (try? encoder.encode(entry)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        }.joined(separator: "\n")
    }

    /// The object for `review`; `ok` is false when it did not load or fails the check.
    public static func render(_ review: ManifestReview, strict: Bool = false) -> String {
        let object = Manifest(
            file: review.file, ok: review.loadError == nil && !review.fails(strict: strict), app: review.app, shortcuts: review.shortcuts,
            expansions: review.expansions,
            error: review.loadError.map { Problem(line: $0.location.line, column: $0.location.column, message: $0.message, fix: $0.fix) },
            counts: Dictionary(uniqueKeysWithValues: Rule.Severity.allCases.map { ($0.rawValue, review.count($0)) }),
            diagnostics: review.diagnostics.map {
                Entry(rule: $0.rule, severity: $0.severity.rawValue, file: $0.location.file, line: $0.location.line, column: $0.location.column,
                      message: $0.message, fix: $0.fix, guideline: $0.guideline, silenced: $0.silenced)
            },
            notChecked: review.notChecked.map { NotChecked(rule: $0.rule, reason: $0.reason) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(object)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

import EarshotModel

/// `earshot check` for people: each problem as a compiler would print it, with the line it points at,
/// the fix and the guideline; then one line per manifest.
public enum ReviewText {
    /// The report of one manifest. `strict` only changes the closing line's verdict.
    public static func render(_ review: ManifestReview, strict: Bool = false) -> String {
        if let error = review.loadError { return error.description }
        var out: [String] = []
        for diagnostic in review.diagnostics {
            out.append(render(diagnostic))
        }
        for (rule, reason) in review.notChecked {
            out.append("\(review.file): note: \(rule) not checked: \(reason)")
        }
        out.append(closing(review, strict: strict))
        return out.joined(separator: "\n")
    }

    static func render(_ diagnostic: Diagnostic) -> String {
        let label = diagnostic.silenced == nil ? diagnostic.severity.rawValue : "silenced \(diagnostic.severity.rawValue)"
        var lines = ["\(diagnostic.location): \(label): \(diagnostic.message) [\(diagnostic.rule)]"]
        if let source = diagnostic.sourceLine, let line = diagnostic.location.line {
            let number = String(line)
            let gutter = String(repeating: " ", count: number.count)
            lines.append("  \(number) | \(source)")
            if let column = diagnostic.location.column, column >= 1 {
                let pad = String(source.prefix(column - 1).map { $0 == "\t" ? "\t" : " " })
                lines.append("  \(gutter) | \(pad)^")
            }
        }
        if let reason = diagnostic.silenced {
            lines.append("  silenced: \(reason)")
        } else {
            lines.append("  fix: \(diagnostic.fix)")
            lines.append("  guideline: \(diagnostic.guideline.citation)")
        }
        return lines.joined(separator: "\n")
    }

    /// "path: Soup Chef — 3 shortcuts; trigger phrases 24 in en-US …: 0 errors, 1 warning, 2 notes (1 silenced)".
    static func closing(_ review: ManifestReview, strict: Bool) -> String {
        let counts = (review.expansions ?? [:]).sorted { $0.key < $1.key }.map { "\($0.value) in \($0.key)" }.joined(separator: ", ")
        let tally = [Rule.Severity.error, .warning, .note].map { severity -> String in
            let n = review.count(severity)
            return "\(n) \(severity.rawValue)\(n == 1 ? "" : "s")"
        }.joined(separator: ", ")
        let silenced = review.diagnostics.count - review.active.count
        let verdict = review.fails(strict: strict) ? "fails" : "passes"
        return "\(review.file): \(review.app ?? "") — \(review.shortcuts ?? 0) shortcuts; trigger phrases \(counts) "
            + "(limit \(AppManifest.maximumExpansions) per locale): \(tally)\(silenced > 0 ? " (\(silenced) silenced)" : ""); "
            + "\(verdict)\(strict ? " --strict" : "")."
    }

    /// Every rule, one per line: id, severity, what it looks for (`earshot check --rules`).
    public static func rules() -> String {
        let width = Rule.all.map(\.id.count).max() ?? 0
        return Rule.all.map { rule in
            rule.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + rule.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
                + "  " + rule.summary + (rule.needs == .manifest ? "" : " (\(rule.needs.rawValue))")
        }.joined(separator: "\n")
    }
}

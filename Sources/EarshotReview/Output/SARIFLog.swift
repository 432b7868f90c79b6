import Earshot
import EarshotModel
import EarshotReviewRules
import Foundation

/// `earshot check --sarif FILE`: the reviews as one SARIF 2.1.0 log, for code-scanning dashboards.
///
/// One run; its tool lists every rule (id, severity, what it checks, the guideline, a help link). Each
/// problem is a result pointing at the manifest line and column; a silenced one carries an in-source
/// suppression with the manifest's reason. Manifests that do not load are tool notifications.
public enum SARIFLog {
    /// The log for `reviews`. Relative paths are given against `base` (`%SRCROOT%`), the current folder.
    public static func render(_ reviews: [ManifestReview], base: String = FileManager.default.currentDirectoryPath) -> String {
        let rules = Rule.all
        let indices = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($0.element.id, $0.offset) })
        var results: [[String: Any]] = []
        var notifications: [[String: Any]] = []
        var artifacts: [String] = []
        for review in reviews {
            if let error = review.loadError {
                notifications.append([
                    "level": "error",
                    "message": ["text": error.message + (error.fix.map { " Fix: \($0)" } ?? "")],
                    "locations": [location(error.location, snippet: nil)],
                ])
                continue
            }
            if !artifacts.contains(review.file) { artifacts.append(review.file) }
            for (rule, reason) in review.notChecked {
                notifications.append([
                    "level": "note",
                    "message": ["text": "\(rule) not checked: \(reason)"],
                    "locations": [location(SourceLocation(file: review.file), snippet: nil)],
                    "associatedRule": ["id": rule, "index": indices[rule] ?? 0],
                ])
            }
            for diagnostic in review.diagnostics {
                var result: [String: Any] = [
                    "ruleId": diagnostic.rule,
                    "ruleIndex": indices[diagnostic.rule] ?? 0,
                    "level": diagnostic.severity.rawValue,
                    "message": ["text": "\(diagnostic.message) Fix: \(diagnostic.fix)"],
                    "locations": [location(diagnostic.location, snippet: diagnostic.sourceLine)],
                    "properties": ["fix": diagnostic.fix],
                ]
                if let reason = diagnostic.silenced {
                    result["suppressions"] = [["kind": "inSource", "justification": reason]]
                }
                results.append(result)
            }
        }
        let run: [String: Any] = [
            "automationDetails": ["id": ReportFile.sarifMark],
            "tool": ["driver": [
                "name": "earshot",
                "fullName": "earshot check: App Shortcuts and Siri guideline review",
                "informationUri": "https://developer.apple.com/design/human-interface-guidelines/siri",
                "rules": rules.map(descriptor),
            ]],
            "originalUriBaseIds": ["%SRCROOT%": ["uri": directoryURI(base)]],
            "artifacts": artifacts.map { ["location": artifactLocation($0)] },
            "invocations": [["executionSuccessful": true, "toolExecutionNotifications": notifications]],
            "results": results,
            "columnKind": "unicodeCodePoints",
        ]
        let log: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [run],
            // Where the log's signature goes (ReportFile.sign): SARIF's property bag of the log.
            "properties": ["signature": ReportFile.unsignedSignature],
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: log, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else {
            return "{}"
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func descriptor(_ rule: Rule) -> [String: Any] {
        var descriptor: [String: Any] = [
            "id": rule.id,
            "name": rule.id.split(whereSeparator: { $0 == "." || $0 == "-" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
            "shortDescription": ["text": rule.summary],
            "fullDescription": ["text": rule.guideline.citation],
            "help": ["text": "\(rule.summary) From \(rule.guideline.citation)"],
            "defaultConfiguration": ["level": rule.severity.rawValue],
            "properties": [
                "tags": [String(rule.id.split(separator: ".").first ?? "")],
                "guideline": ["source": rule.guideline.source.title, "section": rule.guideline.section, "quote": rule.guideline.quote],
                "needs": rule.needs.rawValue,
            ] as [String: Any],
        ]
        if let url = rule.guideline.source.url { descriptor["helpUri"] = url }
        return descriptor
    }

    static func location(_ place: SourceLocation, snippet: String?) -> [String: Any] {
        var physical: [String: Any] = ["artifactLocation": artifactLocation(place.file)]
        if let line = place.line, line >= 1 {
            var region: [String: Any] = ["startLine": line]
            if let column = place.column, column >= 1 { region["startColumn"] = column }
            if let snippet { region["snippet"] = ["text": snippet] }
            physical["region"] = region
        }
        return ["physicalLocation": physical]
    }

    /// A relative path against `%SRCROOT%`, an absolute one as a `file:` URI; both percent-encoded.
    static func artifactLocation(_ path: String) -> [String: Any] {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        if path.hasPrefix("/") { return ["uri": "file://" + encoded] }
        return ["uri": encoded.hasPrefix("./") ? String(encoded.dropFirst(2)) : encoded, "uriBaseId": "%SRCROOT%"]
    }

    static func directoryURI(_ path: String) -> String {
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return "file://" + encoded + (encoded.hasSuffix("/") ? "" : "/")
    }
}

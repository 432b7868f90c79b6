import EarshotModel

/// One thing `earshot check` looks for in a manifest: a stable id, a severity, the guideline it comes
/// from, and the check itself.
public struct Rule: Sendable, Identifiable {
    /// How much a finding matters: an error fails `earshot check`, a warning fails it with `--strict`,
    /// a note never does.
    public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
        case note, warning, error

        public static func < (a: Severity, b: Severity) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// What a rule needs beyond the manifest.
    public enum Needs: String, Sendable, Codable {
        /// The manifest alone.
        case manifest
        /// The recognizer's pronouncing dictionary (pocketsphinx's en-us model).
        case speechModel
        /// Speech synthesised and recognised (`--acoustic`).
        case acoustic
        /// The sentence encoder of flexible matching.
        case sentenceModel
        /// The app's own sources: found by `earshot import` when a folder of Swift code is reviewed.
        case sources
    }

    /// Stable id, `family.name` (`phrase.length`): what silences it and what SARIF names.
    public let id: String
    public let severity: Severity
    /// What the rule looks for, in one line.
    public let summary: String
    public let guideline: Guideline
    public let needs: Needs
    package let check: @Sendable (ReviewContext) -> [Finding]

    init(_ id: String, _ severity: Severity, _ summary: String, guideline: Guideline, needs: Needs = .manifest,
         check: @escaping @Sendable (ReviewContext) -> [Finding]) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.guideline = guideline
        self.needs = needs
        self.check = check
    }

    /// The rule with this id.
    public static func named(_ id: String) -> Rule? { all.first { $0.id == id } }
}

/// One place a rule found a problem.
public struct Finding: Sendable {
    public var location: SourceLocation
    public var message: String
    public var fix: String

    public init(_ location: SourceLocation, _ message: String, fix: String) {
        self.location = location
        self.message = message
        self.fix = fix
    }
}

import EarshotModel

/// One problem `earshot check` reports: the rule, where, what, the fix and the guideline.
public struct Diagnostic: Sendable {
    /// The rule's id.
    public var rule: String
    public var severity: Rule.Severity
    public var location: SourceLocation
    public var message: String
    public var fix: String
    public var guideline: Guideline
    /// The manifest line it points at, as written.
    public var sourceLine: String?
    /// The reason the manifest gives for silencing the rule; `nil` when the problem counts.
    public var silenced: String?

    package init(rule: String, severity: Rule.Severity, location: SourceLocation, message: String, fix: String, guideline: Guideline,
                 sourceLine: String? = nil, silenced: String? = nil) {
        self.rule = rule
        self.severity = severity
        self.location = location
        self.message = message
        self.fix = fix
        self.guideline = guideline
        self.sourceLine = sourceLine
        self.silenced = silenced
    }

    /// Whether it fails the check: an error, or a warning with `strict`; never when silenced.
    public func fails(strict: Bool) -> Bool {
        silenced == nil && (severity == .error || (strict && severity == .warning))
    }
}

/// The review of one manifest.
public struct ManifestReview: Sendable {
    /// The manifest file.
    public var file: String
    /// The app's name, once loaded.
    public var app: String?
    public var shortcuts: Int?
    /// Trigger phrases per locale, as the 1,000 limit counts them.
    public var expansions: [String: Int]?
    /// Why the manifest could not be reviewed at all (bad YAML, an unknown key, a broken reference).
    public var loadError: LoadError?
    /// Every problem, silenced ones included, by line and column.
    public var diagnostics: [Diagnostic]
    /// Rules that could not run, and why (no speech model, no English locale...).
    public var notChecked: [(rule: String, reason: String)]

    package init(file: String, app: String? = nil, shortcuts: Int? = nil, expansions: [String: Int]? = nil, loadError: LoadError?,
                 diagnostics: [Diagnostic], notChecked: [(rule: String, reason: String)]) {
        self.file = file
        self.app = app
        self.shortcuts = shortcuts
        self.expansions = expansions
        self.loadError = loadError
        self.diagnostics = diagnostics
        self.notChecked = notChecked
    }

    /// The problems that count (not silenced).
    public var active: [Diagnostic] { diagnostics.filter { $0.silenced == nil } }

    /// How many active problems of `severity`.
    public func count(_ severity: Rule.Severity) -> Int { active.filter { $0.severity == severity }.count }

    /// Whether the check fails for this manifest (a load error is reported apart, as exit 2).
    public func fails(strict: Bool) -> Bool { diagnostics.contains { $0.fails(strict: strict) } }
}

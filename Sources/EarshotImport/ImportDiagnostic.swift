import EarshotModel

/// Something the importer reports about an app's sources: an element it could not read, a choice it
/// made, or one of Apple's build errors found in the code.
public struct ImportDiagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Severity: String, Sendable, Codable {
        /// Apple's build refuses this (or the manifest cannot hold it): `earshot import` fails.
        case error
        /// Read differently from the app, or not read at all: the overlay can say what the source cannot.
        case warning
    }

    public var severity: Severity
    public var location: SourceLocationRecord
    public var message: String
    /// What to do, often the `earshot.yaml` key to add.
    public var fix: String?

    public init(_ severity: Severity, _ location: EarshotModel.SourceLocation, _ message: String, fix: String? = nil) {
        self.severity = severity
        self.location = SourceLocationRecord(location)
        // One short line, whatever the sources quoted: at most LoadError's 400 characters each.
        self.message = LoadError.quote(message, limit: LoadError.longest)
        self.fix = fix.map { LoadError.quote($0, limit: LoadError.longest) }
    }

    /// `file:line:column: warning: message Fix: ...`, on one line.
    public var description: String {
        var text = "\(location.location): \(severity.rawValue): \(message)"
        if let fix { text += " Fix: \(fix)" }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

/// Inside this module a source location is always Earshot's (swift-syntax has a type of that name too).
typealias SourceLocation = EarshotModel.SourceLocation

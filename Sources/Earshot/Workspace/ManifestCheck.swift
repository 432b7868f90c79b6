import EarshotModel
import Foundation

/// The result of checking one manifest (for `earshot check`).
public struct ManifestCheck: Sendable, Encodable {
    public var file: String
    public var ok: Bool
    public var app: String?
    public var shortcuts: Int?
    /// Trigger phrases per locale, as the 1,000 limit counts them.
    public var expansions: [String: Int]?
    public var error: Problem?

    public struct Problem: Sendable, Encodable {
        public var line: Int?
        public var column: Int?
        public var message: String
        public var fix: String?
    }

    /// Loads the manifest at `path` and reports.
    public static func run(_ path: String) -> ManifestCheck {
        let file = AppManifest.manifestPath(for: path)
        do {
            let manifest = try AppManifest(contentsOf: file)
            var counts: [String: Int] = [:]
            for locale in manifest.locales { counts[locale] = manifest.expansionCount(in: locale) }
            return ManifestCheck(file: file, ok: true, app: manifest.name, shortcuts: manifest.shortcuts.count, expansions: counts)
        } catch {
            return ManifestCheck(file: file, ok: false, error: Problem(line: error.location.line, column: error.location.column,
                                                                        message: error.message, fix: error.fix))
        }
    }

    /// One line for people.
    public var text: String {
        if let error {
            return LoadError(SourceLocation(file: file, line: error.line, column: error.column), error.message, fix: error.fix).description
        }
        let counts = (expansions ?? [:]).sorted { $0.key < $1.key }.map { "\($0.value) in \($0.key)" }.joined(separator: ", ")
        return "\(file): ok: \(app ?? "") — \(shortcuts ?? 0) shortcuts; trigger phrases \(counts) (limit \(AppManifest.maximumExpansions) per locale)"
    }

    /// One line of JSON.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

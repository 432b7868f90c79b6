import EarshotModel
import Foundation

/// The App Shortcuts phrases of other locales: `AppShortcuts.xcstrings` (a `stringSet` of phrases per
/// key, or one `stringUnit` per phrase) and legacy `<lang>.lproj/AppShortcuts.strings`. Each key is a
/// phrase of the code in the catalog's spelling (`${applicationName}`, `${param}`).
struct StringCatalogReader {
    /// One translated phrase: the key it translates, the locale, where it was written.
    struct Entry {
        var key: String
        var locale: String
        var phrases: [String]
        var location: SourceLocation
    }

    var sourceLanguage: String?
    var entries: [Entry] = []
    /// Keys with the place they were written, to report those that match no phrase of the code.
    var keys: [(key: String, location: SourceLocation)] = []
    var diagnostics: [ImportDiagnostic] = []

    mutating func readCatalog(_ path: String) {
        guard let data = FileManager.default.contents(atPath: path),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            diagnostics.append(ImportDiagnostic(.warning, SourceLocation(file: path), "not a readable String Catalog (JSON); skipped.",
                                                fix: "Open it in Xcode and save it again."))
            return
        }
        let text = String(decoding: data, as: UTF8.self)
        let source = json["sourceLanguage"] as? String ?? "en"
        sourceLanguage = sourceLanguage ?? source
        let strings = json["strings"] as? [String: Any] ?? [:]
        for key in strings.keys.sorted(by: { (Self.line(of: $0, in: text) ?? 0) < (Self.line(of: $1, in: text) ?? 0) }) {
            let location = SourceLocation(file: path, line: Self.line(of: key, in: text))
            keys.append((key, location))
            guard let entry = strings[key] as? [String: Any], let localizations = entry["localizations"] as? [String: Any] else { continue }
            for (locale, value) in localizations.sorted(by: { $0.key < $1.key }) {
                guard let value = value as? [String: Any] else { continue }
                var phrases: [String] = []
                if let set = value["stringSet"] as? [String: Any], let values = set["values"] as? [String] {
                    phrases = values
                } else if let unit = value["stringUnit"] as? [String: Any], let single = unit["value"] as? String {
                    phrases = [single]
                }
                phrases = phrases.filter { !$0.isEmpty }
                if !phrases.isEmpty {
                    entries.append(Entry(key: key, locale: locale, phrases: phrases, location: location))
                }
            }
        }
    }

    /// `"key" = "value";` pairs of a `.strings` file in `<lang>.lproj`.
    mutating func readStrings(_ path: String) {
        let folder = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
        let locale = folder.hasSuffix(".lproj") ? String(folder.dropLast(6)) : "en"
        guard let data = FileManager.default.contents(atPath: path),
              let pairs = (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: String] else {
            diagnostics.append(ImportDiagnostic(.warning, SourceLocation(file: path), "not a readable .strings file; skipped.",
                                                fix: "Check its syntax: \"key\" = \"value\"; per line."))
            return
        }
        let text = String(decoding: data, as: UTF8.self)
        for (key, value) in pairs.sorted(by: { (Self.line(of: $0.key, in: text) ?? 0) < (Self.line(of: $1.key, in: text) ?? 0) }) {
            let location = SourceLocation(file: path, line: Self.line(of: key, in: text))
            keys.append((key, location))
            entries.append(Entry(key: key, locale: locale, phrases: [value], location: location))
        }
    }

    /// The line where `key` is written as a JSON or strings key.
    static func line(of key: String, in text: String) -> Int? {
        let encoded = (try? JSONSerialization.data(withJSONObject: [key], options: [.withoutEscapingSlashes]))
            .map { String(decoding: $0, as: UTF8.self).dropFirst().dropLast() }.map(String.init)
        return TextSearch.line(of: encoded ?? "\"\(key)\"", in: text) ?? TextSearch.line(of: key, in: text)
    }
}

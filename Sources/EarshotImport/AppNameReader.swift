import EarshotModel
import Foundation

/// The app's spoken name: `CFBundleDisplayName` / `CFBundleName` of its Info.plist, else the
/// application target's `INFOPLIST_KEY_CFBundleDisplayName` / `PRODUCT_NAME` in `project.pbxproj`;
/// `INAlternativeAppNames` become synonyms.
struct AppNameReader {
    var name: ImportedApp.Text?
    var synonyms: [ImportedApp.Text] = []
    /// Home Screen quick actions (`UIApplicationShortcutItems`): title, subtitle, icon.
    var quickActions: [(title: String, subtitle: String?, icon: String?, location: SourceLocation)] = []
    var diagnostics: [ImportDiagnostic] = []

    init(infoPlists: [String], projects: [String]) {
        var targetNames: [String] = []
        var appPlists: [String] = []
        var projectName: ImportedApp.Text?
        for project in projects {
            if let found = Self.fromProject(project, targetNames: &targetNames, infoPlists: &appPlists) { projectName = projectName ?? found }
        }
        let appPlistSet = Set(appPlists.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        // Info.plists of app targets first (no NSExtension), in path order.
        var candidates: [(path: String, plist: [String: Any])] = []
        for path in infoPlists {
            guard let data = FileManager.default.contents(atPath: path),
                  let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else { continue }
            candidates.append((path, plist))
        }
        // The application target's own Info.plist (INFOPLIST_FILE) first, then app-like ones, extensions last.
        func rank(_ candidate: (path: String, plist: [String: Any])) -> Int {
            if appPlistSet.contains(URL(fileURLWithPath: candidate.path).standardizedFileURL.path) { return 0 }
            if candidate.plist["NSExtension"] != nil || candidate.plist["XPCService"] != nil { return 3 }
            return (candidate.plist["CFBundlePackageType"] as? String).map { $0 == "APPL" || $0.contains("PACKAGE_TYPE") } == true ? 1 : 2
        }
        candidates.sort { (rank($0), $0.path.count) < (rank($1), $1.path.count) }
        for (path, plist) in candidates where plist["NSExtension"] == nil {
            for key in ["CFBundleDisplayName", "CFBundleName"] {
                guard name == nil, let value = plist[key] as? String, !value.isEmpty else { continue }
                if value.contains("$(") {
                    continue
                }
                name = .init(value: value, location: Self.location(ofKey: key, in: path))
            }
            if quickActions.isEmpty, let items = plist["UIApplicationShortcutItems"] as? [[String: Any]] {
                for item in items {
                    guard let title = item["UIApplicationShortcutItemTitle"] as? String else { continue }
                    let icon = (item["UIApplicationShortcutItemIconSymbolName"] as? String) ?? (item["UIApplicationShortcutItemIconFile"] as? String)
                    quickActions.append((title, item["UIApplicationShortcutItemSubtitle"] as? String, icon,
                                         SourceLocation(file: path, line: TextSearch.line(of: "<string>\(title)</string>", inFile: path))))
                }
            }
            if synonyms.isEmpty, let alternatives = plist["INAlternativeAppNames"] as? [[String: Any]] {
                for alternative in alternatives {
                    if let value = alternative["INAlternativeAppName"] as? String {
                        synonyms.append(.init(value: value, location: Self.location(ofKey: "INAlternativeAppNames", in: path)))
                    }
                }
            }
        }
        if name == nil { name = projectName }
    }

    /// The line of `<key>KEY</key>` in a plist.
    static func location(ofKey key: String, in path: String) -> SourceLocation {
        SourceLocation(file: path, line: TextSearch.line(of: "<key>\(key)</key>", inFile: path) ?? TextSearch.line(of: key, inFile: path))
    }

    private static func fromProject(_ path: String, targetNames: inout [String], infoPlists: inout [String]) -> ImportedApp.Text? {
        let sourceRoot = ((path as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        guard let data = FileManager.default.contents(atPath: path),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
              let objects = plist["objects"] as? [String: [String: Any]] else { return nil }
        let targets = objects.values.filter {
            ($0["isa"] as? String) == "PBXNativeTarget" && ($0["productType"] as? String) == "com.apple.product-type.application"
        }.sorted { ($0["name"] as? String ?? "") < ($1["name"] as? String ?? "") }
        for target in targets {
            let targetName = target["name"] as? String ?? ""
            targetNames.append(targetName)
            guard let listID = target["buildConfigurationList"] as? String, let list = objects[listID],
                  let configurationIDs = list["buildConfigurations"] as? [String] else { continue }
            let configurations = configurationIDs.compactMap { objects[$0] }
                .sorted { (($0["name"] as? String) == "Release" ? 0 : 1) < (($1["name"] as? String) == "Release" ? 0 : 1) }
            for configuration in configurations {
                guard let settings = configuration["buildSettings"] as? [String: Any] else { continue }
                if let plist = settings["INFOPLIST_FILE"] as? String {
                    let relative = plist.replacingOccurrences(of: "$(SRCROOT)/", with: "").replacingOccurrences(of: "${SRCROOT}/", with: "")
                    infoPlists.append((sourceRoot as NSString).appendingPathComponent(relative))
                }
                for key in ["INFOPLIST_KEY_CFBundleDisplayName", "PRODUCT_NAME"] {
                    guard var value = settings[key] as? String, !value.isEmpty else { continue }
                    value = value.replacingOccurrences(of: "$(TARGET_NAME)", with: targetName)
                        .replacingOccurrences(of: "${TARGET_NAME}", with: targetName)
                    if value.contains("$(") || value.contains("${") { continue }
                    return .init(value: value, location: SourceLocation(file: path, line: TextSearch.line(of: "\(key) = ", inFile: path)))
                }
            }
        }
        return nil
    }
}

/// Finding the line a known piece of text is on, in JSON, plist and strings files (never Swift).
enum TextSearch {
    static func line(of needle: String, inFile path: String) -> Int? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return line(of: needle, in: text)
    }

    static func line(of needle: String, in text: String) -> Int? {
        guard let range = text.range(of: needle) else { return nil }
        return text[..<range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }
}

import EarshotModel
import Foundation

/// The app's spoken name: `CFBundleDisplayName` / `CFBundleName` of its Info.plist, else the
/// application target's `INFOPLIST_KEY_CFBundleDisplayName` / `PRODUCT_NAME` in `project.pbxproj`;
/// `INAlternativeAppNames` become synonyms, `UIApplicationShortcutItems` quick actions.
///
/// Which Info.plist: the one of the application target whose folder holds the App Shortcuts provider,
/// then other application targets', then any other but extensions' and XPC services'.
struct AppNameReader {
    var name: ImportedApp.Text?
    var synonyms: [ImportedApp.Text] = []
    /// Home Screen quick actions (`UIApplicationShortcutItems`): title, subtitle, icon.
    var quickActions: [(title: String, subtitle: String?, icon: String?, location: SourceLocation)] = []

    /// An application target of a project: its Info.plist and its product name, `$(…)` resolved.
    struct Target {
        var name: String
        var infoPlist: String?
        var productName: ImportedApp.Text?
    }

    init(infoPlists: [String], projects: [String], providerFile: String?) {
        let targets = projects.flatMap(Self.targets)
        let provider = providerFile.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        func target(of plist: String) -> Target? {
            let path = URL(fileURLWithPath: plist).standardizedFileURL.path
            return targets.first { $0.infoPlist.map { URL(fileURLWithPath: $0).standardizedFileURL.path } == path }
        }
        func holdsProvider(_ plist: String) -> Bool {
            guard let provider else { return false }
            let folder = (URL(fileURLWithPath: plist).standardizedFileURL.path as NSString).deletingLastPathComponent
            return provider.hasPrefix(folder + "/")
        }
        var candidates: [(path: String, plist: [String: Any])] = []
        for path in infoPlists {
            guard let data = FileManager.default.contents(atPath: path),
                  let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else { continue }
            candidates.append((path, plist))
        }
        func rank(_ candidate: (path: String, plist: [String: Any])) -> Int {
            if candidate.plist["NSExtension"] != nil || candidate.plist["XPCService"] != nil { return 4 }
            let app = target(of: candidate.path) != nil
            if app && holdsProvider(candidate.path) { return 0 }
            if holdsProvider(candidate.path) { return 1 }
            if app { return 2 }
            return 3
        }
        candidates.sort { (rank($0), $0.path.count, $0.path) < (rank($1), $1.path.count, $1.path) }
        for candidate in candidates where rank(candidate) < 4 {
            let (path, plist) = candidate
            for key in ["CFBundleDisplayName", "CFBundleName"] {
                guard name == nil, let value = plist[key] as? String, !value.isEmpty else { continue }
                if value.contains("$(") || value.contains("${") {
                    // `$(PRODUCT_NAME)`: the target's product name, when this plist is an app target's.
                    if let product = target(of: path)?.productName { name = product }
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
            if name != nil { break }
        }
        if name == nil {
            // No Info.plist says it: the project's application target (the provider's first).
            let sorted = targets.sorted { a, b in
                (a.infoPlist.map(holdsProvider) == true ? 0 : 1, a.name) < (b.infoPlist.map(holdsProvider) == true ? 0 : 1, b.name)
            }
            name = sorted.lazy.compactMap(\.productName).first
        }
    }

    /// The line of `<key>KEY</key>` in a plist.
    static func location(ofKey key: String, in path: String) -> SourceLocation {
        SourceLocation(file: path, line: TextSearch.line(of: "<key>\(key)</key>", inFile: path) ?? TextSearch.line(of: key, inFile: path))
    }

    /// The application targets of a `project.pbxproj`, with their Release (else first) settings.
    static func targets(_ path: String) -> [Target] {
        guard let data = FileManager.default.contents(atPath: path),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
              let objects = plist["objects"] as? [String: [String: Any]] else { return [] }
        let sourceRoot = ((path as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        var out: [Target] = []
        for object in objects.values where (object["isa"] as? String) == "PBXNativeTarget"
            && (object["productType"] as? String) == "com.apple.product-type.application" {
            let targetName = object["name"] as? String ?? ""
            var target = Target(name: targetName)
            let configurations = ((object["buildConfigurationList"] as? String).flatMap { objects[$0]?["buildConfigurations"] as? [String] } ?? [])
                .compactMap { objects[$0] }
                .sorted { (($0["name"] as? String) == "Release" ? 0 : 1) < (($1["name"] as? String) == "Release" ? 0 : 1) }
            for configuration in configurations {
                guard let settings = configuration["buildSettings"] as? [String: Any] else { continue }
                if target.infoPlist == nil, let plist = settings["INFOPLIST_FILE"] as? String {
                    let relative = plist.replacingOccurrences(of: "$(SRCROOT)/", with: "").replacingOccurrences(of: "${SRCROOT}/", with: "")
                    target.infoPlist = (sourceRoot as NSString).appendingPathComponent(relative)
                }
                for key in ["INFOPLIST_KEY_CFBundleDisplayName", "PRODUCT_NAME"] where target.productName == nil {
                    guard var value = settings[key] as? String, !value.isEmpty else { continue }
                    value = value.replacingOccurrences(of: "$(TARGET_NAME)", with: targetName).replacingOccurrences(of: "${TARGET_NAME}", with: targetName)
                    if value.contains("$(") || value.contains("${") { continue }
                    target.productName = .init(value: value, location: SourceLocation(file: path, line: TextSearch.line(of: "\(key) = ", inFile: path)))
                }
            }
            out.append(target)
        }
        return out.sorted { $0.name < $1.name }
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

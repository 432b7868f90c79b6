import EarshotDialogue
import EarshotImport
import EarshotMatching
import EarshotModel
import Foundation

/// What a user's command works on: the apps and the profiles, found the way the CLI spec says.
public struct Workspace: Sendable {
    public var apps: [AppManifest]
    public var profiles: ProfileCatalog

    public init(apps: [AppManifest], profiles: ProfileCatalog) {
        self.apps = apps
        self.profiles = profiles
    }

    /// Loads apps and profiles.
    ///
    /// - Parameters:
    ///   - appPaths: manifests, folders holding `app.yaml`, or folders of an app's sources (an Xcode
    ///     project or Swift package, imported: docs/import.md); empty means `./app.yaml`, or every
    ///     `*/app.yaml` under `./apps`.
    ///   - profilesDirectory: a folder of profile files; without it, `./profiles` when it exists.
    ///     Both come after the profiles that ship, replacing those with the same id.
    public static func load(appPaths: [String], profilesDirectory: String? = nil, in directory: String = ".") throws(LoadError) -> Workspace {
        Workspace(apps: try loadApps(appPaths, in: directory), profiles: try loadProfiles(directory: profilesDirectory, in: directory))
    }

    /// The profiles that ship, then those of `directory` (default `./profiles`).
    public static func loadProfiles(directory: String?, in base: String = ".") throws(LoadError) -> ProfileCatalog {
        var catalog = try Bundled.profiles()
        if let directory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw LoadError(SourceLocation(file: directory), "no such folder.", fix: "Give --profiles-dir a folder of profile .yaml files.")
            }
            try catalog.addDirectory(directory)
        } else {
            try catalog.addDirectory((base as NSString).appendingPathComponent("profiles"))
        }
        return catalog
    }

    /// Loads the manifests at `paths`, or the default ones.
    public static func loadApps(_ paths: [String], in base: String = ".") throws(LoadError) -> [AppManifest] {
        var paths = paths
        if paths.isEmpty {
            let local = (base as NSString).appendingPathComponent("app.yaml")
            let appsFolder = (base as NSString).appendingPathComponent("apps")
            if FileManager.default.fileExists(atPath: local) {
                paths = [local]
            } else if let names = try? FileManager.default.contentsOfDirectory(atPath: appsFolder) {
                paths = names.sorted().map { (appsFolder as NSString).appendingPathComponent("\($0)/app.yaml") }
                    .filter { FileManager.default.fileExists(atPath: $0) }
            }
            if paths.isEmpty {
                throw LoadError(SourceLocation(file: local), "no app manifest here (nor any apps/*/app.yaml).",
                                fix: "Give one with --app PATH (a manifest, a folder holding app.yaml, or the app's Xcode project folder).")
            }
        }
        var apps: [AppManifest] = []
        let importer = AppImporter()
        for path in paths {
            apps.append(try importer.loadApp(path))
        }
        return apps
    }

    /// A session on `profile` (an id or a profile file).
    public func session(profile name: String, locale: String? = nil, settings: DeviceSettings = DeviceSettings(),
                        handlers: HandlerRunner = HandlerRunner(), flexible: (any FlexibleMatcher)? = nil) throws(LoadError) -> Session {
        let profile = try profiles.profile(name)
        if let locale {
            try checkLocale(locale)
        }
        return Session(apps: apps, profile: profile, locale: locale, flexible: flexible, settings: settings, handlers: handlers)
    }

    private func checkLocale(_ locale: String) throws(LoadError) {
        let known = Set(apps.flatMap(\.locales))
        if !known.contains(locale) {
            throw LoadError(SourceLocation(file: "--locale \(locale)"), "no app has phrases in \(locale).",
                            fix: "Use one of: \(known.sorted().joined(separator: ", ")), or add a localization to the manifest.")
        }
    }
}

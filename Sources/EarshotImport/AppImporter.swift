import EarshotDigest
import EarshotModel
import Foundation
import Yams

/// Reads an app where it lives — an Xcode project or a Swift package checkout — into a manifest:
/// App Intents Swift sources, String Catalogs, SiriKit `.intentdefinition` files, the app's name from
/// Info.plist or `project.pbxproj`, and an `earshot.yaml` overlay beside them merged over the import.
public struct AppImporter: Sendable {
    /// The result of an import.
    public struct Result: Sendable {
        /// The manifest as YAML, each element with a `# file:line` comment, and the line map.
        public var yaml: ImportedYAML
        /// Warnings (what was not read) and errors (what Apple's build refuses), at their source lines.
        public var diagnostics: [ImportDiagnostic]
        /// The folder the import names paths from.
        public var root: String
        /// Whether it came from the cache.
        public var cached: Bool

        public var errors: [ImportDiagnostic] { diagnostics.filter { $0.severity == .error } }
        public var warnings: [ImportDiagnostic] { diagnostics.filter { $0.severity == .warning } }

        /// The manifest, every location pointing at the source it was read from; the manifest's own
        /// limit rules (app name in every phrase, open parameters, ten shortcuts...) come back as
        /// violations at those lines. Throws what the manifest loader cannot accept at all.
        public func manifest() throws(LoadError) -> (manifest: AppManifest, violations: [AppManifest.Violation]) {
            let path = AppImporter.virtualPath(root)
            let remap: (SourceLocation) -> SourceLocation = { location in
                guard location.file == path else { return location }
                guard let line = location.line, let mapped = yaml.lines[line] else { return SourceLocation(file: root) }
                return mapped.location
            }
            do {
                var (manifest, violations) = try AppManifest.reviewing(yaml: yaml.text, path: path)
                manifest.remapLocations(remap)
                manifest.directory = root
                manifest.source = SourceLocation(file: root)
                for index in violations.indices { violations[index].error.location = remap(violations[index].error.location) }
                return (manifest, violations)
            } catch {
                var mapped = error
                mapped.location = remap(error.location)
                throw mapped
            }
        }
    }

    /// Bumped whenever what an import produces changes, so cached imports are read anew.
    static let version = "6"

    public var name: String?
    /// Where imports are cached by content hash; nil: not cached.
    public var cacheDirectory: String?
    /// Swift files parsed by earlier imports in this process, reused while their bytes are unchanged.
    public var parsedFiles: ParsedSwiftFiles?

    public init(name: String? = nil, cacheDirectory: String? = AppImporter.defaultCacheDirectory) {
        self.name = name
        self.cacheDirectory = cacheDirectory
    }

    /// `$XDG_CACHE_HOME/earshot/import`, or `~/.cache/earshot/import`.
    public static var defaultCacheDirectory: String { EarshotCache.folder("import") }

    /// The name the imported YAML is loaded under before its lines are mapped to the sources.
    static func virtualPath(_ root: String) -> String { (root as NSString).appendingPathComponent("(imported app.yaml)") }

    /// Whether `path` is a folder of app sources (no `app.yaml`, but Swift files, an Xcode project, a
    /// SiriKit intent definition or an `earshot.yaml`).
    public static func isSourceFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return false }
        for name in ["app.yaml", "app.yml", "app.json"] where FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(name)) {
            return false
        }
        return !SourceFiles(roots: [path]).isEmpty
    }

    /// Imports the folders `paths` (one app).
    public func importApp(_ paths: [String]) throws(LoadError) -> Result {
        guard let root = paths.first else {
            throw LoadError(SourceLocation(file: "earshot import"), "no folder given.", fix: "Name the app's Xcode project or package folder.")
        }
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw LoadError(SourceLocation(file: path), "no such folder.", fix: "Give the folder of the app's Xcode project or Swift package.")
            }
        }
        let files = SourceFiles(roots: paths)
        if files.isEmpty {
            throw LoadError(SourceLocation(file: root), "no Swift sources, Xcode project or .intentdefinition here.",
                            fix: "Give the folder that holds the app's code (or an app.yaml).")
        }
        var contents: [String: Data] = [:]
        var hasher = SHA256()
        hasher.update(Data("earshot-import \(Self.version) \(name ?? "")\n".utf8))
        for path in files.all {
            if path.hasSuffix(".swift"), let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
               let tooLarge = SwiftSourceLimits.sizeProblem(size, path: path) {
                throw tooLarge
            }
            let data = FileManager.default.contents(atPath: path) ?? Data()
            contents[path] = data
            hasher.update(Data("\(path)\n\(data.count)\n".utf8))
            hasher.update(data)
        }
        let key = hasher.hex()
        if let cached = readCache(key) {
            return Result(yaml: cached.yaml, diagnostics: cached.diagnostics, root: root, cached: true)
        }
        let result = try importFresh(files: files, contents: contents, root: root)
        writeCache(key, CacheEntry(yaml: result.yaml, diagnostics: result.diagnostics))
        return result
    }

    private func importFresh(files: SourceFiles, contents: [String: Data], root: String) throws(LoadError) -> Result {
        var diagnostics: [ImportDiagnostic] = []
        // Each file's size and brackets first (one pass over its tokens): what would hold the parser
        // for seconds is refused before it starts.
        for path in files.swift where parsedFiles?.file(path, data: contents[path] ?? Data()) == nil {
            if let problem = SwiftSourceLimits.problem(in: [UInt8](contents[path] ?? Data()), path: path) { throw problem }
        }
        let swiftFiles = files.swift.map { path in
            let data = contents[path] ?? Data()
            if let held = parsedFiles?.file(path, data: data) { return held }
            let file = SwiftFile(path: path, text: String(decoding: data, as: UTF8.self))
            parsedFiles?.store(file, data: data)
            return file
        }
        var reader = AppIntentsReader(index: SwiftIndex(files: swiftFiles))
        reader.read()
        var app = reader.app
        diagnostics += reader.diagnostics

        var definitions = IntentDefinitionReader()
        for path in files.intentDefinitions { definitions.read(path, into: &app) }
        diagnostics += definitions.diagnostics
        if let first = files.intentStrings.first {
            let languages = files.intentStrings.map { (($0 as NSString).deletingLastPathComponent as NSString).lastPathComponent }
            diagnostics.append(ImportDiagnostic(.warning, SourceLocation(file: first),
                "\(files.intentStrings.count) Intents.strings files (\(Array(Set(languages)).sorted().joined(separator: ", "))) translate SiriKit titles, prompts and responses; they are not read: a manifest's localizations hold App Shortcut phrases only.",
                fix: "Add phrases in those languages under localizations.<locale>.shortcuts in earshot.yaml."))
        }

        // The name.
        let names = AppNameReader(infoPlists: files.infoPlists, projects: files.projects,
                                  providerFile: app.shortcuts.first?.location?.file)
        if let name {
            app.name = .init(value: name, location: nil)
        } else if let found = names.name {
            app.name = found
        } else {
            let folder = (URL(fileURLWithPath: root).standardizedFileURL.lastPathComponent)
            app.name = .init(value: folder, location: nil)
            diagnostics.append(ImportDiagnostic(.warning, SourceLocation(file: root),
                "no CFBundleDisplayName, CFBundleName or PRODUCT_NAME found; the app is called '\(folder)' (the folder's name).",
                fix: "Give --name, or set 'app:' in earshot.yaml."))
        }
        app.synonyms = names.synonyms
        app.quickActions = names.quickActions

        // Localizations.
        var catalogs = StringCatalogReader()
        for path in files.catalogs { catalogs.readCatalog(path) }
        for path in files.legacyStrings { catalogs.readStrings(path) }
        diagnostics += catalogs.diagnostics
        Self.applyCatalogs(catalogs, to: &app, diagnostics: &diagnostics)

        app.resolveLocalizationKeys(LocalizedText(paths: files.localizable))
        diagnostics += Self.validate(&app)
        if app.intents.isEmpty {
            throw LoadError(SourceLocation(file: root), "no AppIntent, AppShortcutsProvider or SiriKit intent found in \(files.swift.count) Swift files.",
                            fix: "Import the folder of the app target that declares its intents, or describe them in earshot.yaml.")
        }

        var node = app.node()
        if let overlay = files.overlay {
            let text = String(decoding: contents[overlay] ?? Data(), as: UTF8.self)
            do {
                if let yaml = try Yams.compose(yaml: text) {
                    node = node.merging(ImportNode(yaml: yaml, path: overlay))
                }
            } catch {
                throw LoadError(SourceLocation(file: overlay), "the overlay is not valid YAML: \(error).", fix: "Fix its syntax; it uses the manifest's keys.")
            }
        }
        let header = ["Imported by `earshot import` from \(root); each element names the source it was read from.",
                      "Edit the sources or earshot.yaml beside them, not this file: it is written anew on each import."]
        let yaml = node.yaml(header: header, relativeTo: root)
        diagnostics.sort { ($0.location.file, $0.location.line ?? 0) < ($1.location.file, $1.location.line ?? 0) }
        return Result(yaml: yaml, diagnostics: Self.unique(diagnostics), root: root, cached: false)
    }

    private static func unique(_ diagnostics: [ImportDiagnostic]) -> [ImportDiagnostic] {
        var seen: Set<ImportDiagnostic> = []
        return diagnostics.filter { seen.insert($0).inserted }
    }

    /// The catalog's translations under `localizations`, its source-language extra phrases added to
    /// the shortcuts; a key that matches no phrase of the code is a warning (Apple's build warns too).
    static func applyCatalogs(_ catalogs: StringCatalogReader, to app: inout ImportedApp, diagnostics: inout [ImportDiagnostic]) {
        var intentOfKey: [String: String] = [:]
        for shortcut in app.shortcuts {
            for phrase in shortcut.phrases {
                intentOfKey[templateToCatalog(phrase.value)] = shortcut.intent
            }
        }
        let source = catalogs.sourceLanguage ?? "en"
        if source.lowercased() != "en" && !source.lowercased().hasPrefix("en-") { app.locale = source }
        for (key, location) in catalogs.keys where intentOfKey[key] == nil {
            diagnostics.append(ImportDiagnostic(.warning, location, "the catalog key '\(key)' matches no phrase of the code (a stale key; Apple's build warns too); its translations are not read.",
                                                fix: "Delete the key, or make it the phrase as the Swift code writes it (with ${applicationName})."))
        }
        for entry in catalogs.entries {
            guard let intent = intentOfKey[entry.key] else { continue }
            let phrases = entry.phrases.map { ImportedApp.Text(value: AppIntentsReader.catalogToTemplate($0), location: entry.location) }
            if entry.locale == source {
                // Extra phrases of the source language: the shortcut's own.
                if let index = app.shortcuts.firstIndex(where: { $0.intent == intent }) {
                    for phrase in phrases where !app.shortcuts[index].phrases.contains(where: { $0.value == phrase.value }) {
                        app.shortcuts[index].phrases.append(phrase)
                    }
                }
                continue
            }
            let locale = entry.locale
            if !app.localizations.contains(where: { $0.locale == locale }) {
                app.localizations.append(.init(locale: locale, location: entry.location))
            }
            let li = app.localizations.firstIndex { $0.locale == locale }!
            if let pi = app.localizations[li].phrases.firstIndex(where: { $0.intent == intent }) {
                app.localizations[li].phrases[pi].phrases += phrases
            } else {
                app.localizations[li].phrases.append((intent, phrases))
            }
        }
    }

    /// `{applicationName}` → `${applicationName}`: a phrase as a String Catalog keys it.
    static func templateToCatalog(_ text: String) -> String {
        Template(text).pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .placeholder(let name): "${\(name)}"
            }
        }.joined()
    }

    /// What Apple's build refuses, at the Swift line, and what the manifest loader could not accept,
    /// taken out (with a diagnostic) so the rest loads.
    static func validate(_ app: inout ImportedApp) -> [ImportDiagnostic] {
        var out: [ImportDiagnostic] = []
        func location(_ text: ImportedApp.Text, _ fallback: SourceLocation?) -> SourceLocation {
            text.location ?? fallback ?? SourceLocation(file: "?")
        }
        // Intents declared twice (two modules): the first is kept.
        var seenIntents: Set<String> = []
        app.intents = app.intents.filter { intent in
            if seenIntents.insert(intent.id).inserted { return true }
            out.append(ImportDiagnostic(.warning, intent.location ?? SourceLocation(file: "?"), "a second intent called \(intent.id); the first is read."))
            return false
        }
        // Defaults must be values of the parameter's type.
        for i in app.intents.indices {
            for p in app.intents[i].parameters.indices {
                let parameter = app.intents[i].parameters[p]
                guard let value = parameter.defaultValue?.value else { continue }
                let set = app.enums.first { $0.id == parameter.type } ?? app.entities.first { $0.id == parameter.type }
                let valid: Bool
                switch parameter.type {
                case "integer": valid = Int(value) != nil
                case "decimal": valid = Double(value) != nil
                case "boolean": valid = value == "true" || value == "false"
                case "string", "date", "duration", "currency": valid = true
                default: valid = set?.values.contains { $0.id == value } ?? false
                }
                if !valid {
                    app.intents[i].parameters[p].defaultValue = nil
                    out.append(ImportDiagnostic(.warning, location(parameter.defaultValue!, parameter.location),
                        "the default '\(value)' of \(app.intents[i].id).\(parameter.id) is not a value of \(parameter.type); it is left out.",
                        fix: "Set intents.\(app.intents[i].id).parameters.\(parameter.id).default in earshot.yaml."))
                }
            }
        }
        // Phrases: placeholders name parameters; at most one besides the app name.
        func check(_ phrase: ImportedApp.Text, intent: ImportedApp.Intent?, fallback: SourceLocation?) -> Bool {
            let names = Template(phrase.value).placeholders.filter { $0 != Template.applicationName }
            let at = location(phrase, fallback)
            for name in names where intent?.parameters.contains(where: { $0.id == name }) != true {
                out.append(ImportDiagnostic(.error, at, "the phrase '\(phrase.value)' uses \\(\\.$\(name)), which is not a @Parameter of \(intent?.id ?? "the intent").",
                                            fix: "Use one of its parameters, or remove the placeholder."))
                return false
            }
            if Set(names).count != names.count {
                out.append(ImportDiagnostic(.error, at, "the phrase '\(phrase.value)' uses a parameter twice.", fix: "Use each parameter once."))
                return false
            }
            if names.count > 1 {
                out.append(ImportDiagnostic(.error, at, "the phrase '\(phrase.value)' holds \(names.count) parameters; Apple's build allows the app name and at most one parameter.",
                                            fix: "Split it into phrases with one parameter each, and let Siri ask for the other value in the conversation."))
            }
            return true
        }
        for s in app.shortcuts.indices {
            let intent = app.intent(app.shortcuts[s].intent)
            app.shortcuts[s].phrases = app.shortcuts[s].phrases.filter { check($0, intent: intent, fallback: app.shortcuts[s].location) }
        }
        let empty = app.shortcuts.filter { $0.phrases.isEmpty }
        for shortcut in empty {
            out.append(ImportDiagnostic(.warning, shortcut.location ?? SourceLocation(file: "?"), "the shortcut for \(shortcut.intent) has no phrase that could be read; it is left out.",
                                        fix: "Give its phrases under 'shortcuts:' in earshot.yaml."))
        }
        app.shortcuts.removeAll { $0.phrases.isEmpty }
        for l in app.localizations.indices {
            for p in app.localizations[l].phrases.indices {
                let intent = app.intent(app.localizations[l].phrases[p].intent)
                app.localizations[l].phrases[p].phrases = app.localizations[l].phrases[p].phrases.filter {
                    check($0, intent: intent, fallback: app.localizations[l].location)
                }
            }
            app.localizations[l].phrases.removeAll { $0.phrases.isEmpty }
        }
        app.localizations.removeAll { $0.phrases.isEmpty && $0.name == nil }
        app.negativePhrases = app.negativePhrases.filter { phrase in
            let others = Template(phrase.value).placeholders.filter { $0 != Template.applicationName }
            if others.isEmpty { return true }
            out.append(ImportDiagnostic(.warning, location(phrase, nil), "the negative phrase '\(phrase.value)' holds a parameter; it is left out.",
                                        fix: "Write the words out in earshot.yaml's negativePhrases."))
            return false
        }
        return out
    }

    // MARK: - Cache

    struct CacheEntry: Codable {
        var yaml: ImportedYAML
        var diagnostics: [ImportDiagnostic]
    }

    private func readCache(_ key: String) -> CacheEntry? {
        guard let cacheDirectory else { return nil }
        let path = (cacheDirectory as NSString).appendingPathComponent("\(key).json")
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(CacheEntry.self, from: data)
    }

    private func writeCache(_ key: String, _ entry: CacheEntry) {
        guard let cacheDirectory, let data = try? JSONEncoder().encode(entry) else { return }
        try? FileManager.default.createDirectory(atPath: cacheDirectory, withIntermediateDirectories: true)
        let path = (cacheDirectory as NSString).appendingPathComponent("\(key).json")
        // Written beside, then moved: a reader never sees half a file.
        let temporary = path + ".\(ProcessInfo.processInfo.processIdentifier).tmp"
        if FileManager.default.createFile(atPath: temporary, contents: data) {
            _ = try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.moveItem(atPath: temporary, toPath: path)
        }
    }
}

/// The files of an app's folders that the importer reads.
struct SourceFiles {
    var swift: [String] = []
    var infoPlists: [String] = []
    var projects: [String] = []
    var catalogs: [String] = []
    var legacyStrings: [String] = []
    var intentDefinitions: [String] = []
    var intentStrings: [String] = []
    /// `Localizable.xcstrings` and other String Catalogs, and `Localizable.strings` of the source language:
    /// the text behind `LocalizedStringResource` keys.
    var localizable: [String] = []
    var overlay: String?

    /// Folders never read: build output, dependencies, tests.
    static let skipped: Set<String> = ["build", "DerivedData", "Pods", "Carthage", "node_modules", "Tests", "UITests", "Checkouts", "SourcePackages"]

    init(roots: [String]) {
        for root in roots {
            let overlay = (root as NSString).appendingPathComponent("earshot.yaml")
            if self.overlay == nil, FileManager.default.fileExists(atPath: overlay) { self.overlay = overlay }
            walk(root)
        }
        swift.sort()
        infoPlists.sort()
        projects.sort()
        catalogs.sort()
        legacyStrings.sort()
        intentDefinitions.sort()
        intentStrings.sort()
        localizable.sort()
    }

    var isEmpty: Bool { swift.isEmpty && projects.isEmpty && intentDefinitions.isEmpty && overlay == nil }

    var all: [String] {
        swift + infoPlists + projects + catalogs + legacyStrings + intentDefinitions + intentStrings + localizable + (overlay.map { [$0] } ?? [])
    }

    private mutating func walk(_ folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() {
            if name.hasPrefix(".") { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                if Self.skipped.contains(name) || name.hasSuffix("Tests") || name.hasSuffix(".xcassets") || name.hasSuffix(".bundle") { continue }
                if name.hasSuffix(".xcodeproj") {
                    let project = (path as NSString).appendingPathComponent("project.pbxproj")
                    if FileManager.default.fileExists(atPath: project) { projects.append(project) }
                    continue
                }
                walk(path)
                continue
            }
            let folderName = (folder as NSString).lastPathComponent
            if name.hasSuffix(".swift") && name != "Package.swift" {
                swift.append(path)
            } else if name == "Info.plist" || name.hasSuffix("-Info.plist") {
                infoPlists.append(path)
            } else if name == "AppShortcuts.xcstrings" {
                catalogs.append(path)
            } else if name == "AppShortcuts.strings" && folderName.hasSuffix(".lproj") {
                legacyStrings.append(path)
            } else if name.hasSuffix(".intentdefinition") {
                intentDefinitions.append(path)
            } else if name == "Intents.strings" && folderName.hasSuffix(".lproj") {
                intentStrings.append(path)
            } else if name.hasSuffix(".xcstrings") && name != "InfoPlist.xcstrings" {
                localizable.append(path)
            } else if name == "Localizable.strings" && (folderName == "en.lproj" || folderName == "Base.lproj") {
                localizable.append(path)
            }
        }
    }
}

import EarshotDialogue
import EarshotModel
import Foundation
import GRDB

extension Household {
    /// An app installed on the household's iPhone (and, for watchOS apps, on the Watch).
    public struct InstalledApp: Codable, Sendable, Equatable {
        public var name: String
        public var platforms: [String]
        public var intents: [String]
        public var entities: [String]
    }

    /// Installs (or replaces) an app from its manifest text; `folder` is where its handlers run.
    ///
    /// - Throws: ``HouseholdError`` (``HouseholdError/Kind/unusable``) with the manifest's own error (line, column, fix).
    public func installApp(yaml: String, folder: String? = nil) throws(HouseholdError) -> InstalledApp {
        try installApp(yaml: yaml, folder: folder, quoting: true)
    }

    /// `quoting`: whether the manifest's error may be told (it quotes the file); a file a client only
    /// named gets its line and column, never its content.
    func installApp(yaml: String, folder: String?, quoting: Bool) throws(HouseholdError) -> InstalledApp {
        let manifest: AppManifest
        do {
            manifest = try AppManifest(yaml: yaml, path: Self.manifestPath(in: folder))
        } catch {
            guard quoting else {
                let place = error.location.line.map { "line \($0)" + (error.location.column.map { ", column \($0)" } ?? "") } ?? "the file"
                throw HouseholdError(.unusable, "the manifest does not load (the problem is at \(place)).",
                                     fix: "Run `earshot check` on it on the server's machine to see what is wrong.")
            }
            throw HouseholdError(.unusable, "the manifest does not load: \(error.location.line.map { "line \($0)" } ?? "") \(error.message)",
                                 fix: error.fix)
        }
        // Text from a client has no folder of its own; a handler in it would run whatever the client
        // wrote on this machine.
        if folder == nil, manifest.intents.contains(where: { $0.handler != nil }) {
            throw HouseholdError(.unusable, "handlers run only for apps installed from a path on the server's machine.",
                                 fix: "Install it with {\"path\": \"/where/it/is\"}, or leave the handler out (result: stands in for perform()).")
        }
        let record = AppRecord(name: manifest.name, yaml: yaml, folder: folder, installed: now().timeIntervalSince1970)
        let entities = manifest.entities.map(\.id)
        try store.write { db in
            // An upsert, not a replace: a replace deletes the row first, and the entities with it.
            try record.upsert(db)
            // Entities the app gave before stay, as long as the entity still exists.
            _ = try EntityRecord.filter(EntityRecord.Columns.app == record.name && !entities.contains(EntityRecord.Columns.entity)).deleteAll(db)
        }
        invalidateSessions()
        return Self.describe(manifest)
    }

    /// Installs the app whose manifest is at `path` (a file, or a folder holding `app.yaml`) on this
    /// machine, in one of ``appFolders``.
    ///
    /// The path comes from a client: nothing of the file is quoted back, and a file that is missing,
    /// unreadable or not a manifest file gets one and the same answer.
    public func installApp(path: String) throws(HouseholdError) -> InstalledApp {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardized.path
        func allowed(_ path: String) -> Bool {
            appFolders.contains { path == $0 || path.hasPrefix($0 == "/" ? "/" : $0 + "/") }
        }
        guard allowed(resolved) else {
            throw HouseholdError(.unusable, appFolders.isEmpty ? "this server installs no apps by path."
                                  : "\(LoadError.quote(path, limit: 300)) is not in a folder this server installs apps from.",
                              fix: appFolders.isEmpty ? "Send the manifest's text as {\"manifest\": ...}, or start the server with --apps-dir <folder>."
                                  : "Put the app under \(appFolders.map { LoadError.quote($0) }.joined(separator: " or ")), or start the server with another --apps-dir.")
        }
        let file = URL(fileURLWithPath: AppManifest.manifestPath(for: resolved)).resolvingSymlinksInPath().standardized.path
        var status = stat()
        guard allowed(file), stat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) <= YAMLLimits.fileBytes,
              let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
            throw HouseholdError(.unusable, "no readable app manifest at \(LoadError.quote(path, limit: 300)).",
                                 fix: "Give the path of an app.yaml (at most 1 MiB, UTF-8) or of its folder on the server's machine.")
        }
        return try installApp(yaml: text, folder: (file as NSString).deletingLastPathComponent, quoting: false)
    }

    /// Every installed app.
    public func apps() throws(HouseholdError) -> [InstalledApp] {
        try manifests().map(Self.describe)
    }

    /// Uninstalls an app; its donations and user shortcuts go with it.
    public func removeApp(_ name: String) throws(HouseholdError) {
        _ = try manifest(named: name)
        try store.write { db in
            _ = try AppRecord.deleteOne(db, key: name)
            _ = try EntityRecord.filter(EntityRecord.Columns.app == name).deleteAll(db)
            _ = try DonationRecord.filter(DonationRecord.Columns.app == name).deleteAll(db)
            _ = try UserShortcutRow.filter(UserShortcutRow.Columns.app == name).deleteAll(db)
        }
        invalidateSessions()
    }

    /// `updateAppShortcutParameters()`: the app's current values of one entity replace the ones before,
    /// and its phrases are expanded over them at once. Donations that named a value now gone are deleted.
    ///
    /// - Returns: how many donations and people's shortcuts were deleted.
    @discardableResult
    public func setEntities(app name: String, entity: String, values: [Value]) throws(HouseholdError) -> (donations: Int, shortcuts: Int) {
        let manifest = try manifest(named: name)
        guard let set = manifest.entities.first(where: { $0.id == entity }) else {
            throw HouseholdError(.notFound, "\(name) has no entity '\(entity)'.",
                                 fix: "Use one of: \(manifest.entities.map(\.id).joined(separator: ", ")).")
        }
        guard !values.isEmpty else {
            throw HouseholdError(.invalid, "an entity needs at least one value.",
                                 fix: "Send the values the app has now; an app with none offers no phrase with \(entity) in it.")
        }
        guard values.count <= ManifestLimits.values else {
            throw HouseholdError(.tooLarge, "\(values.count) values; an entity has at most \(ManifestLimits.values).",
                                 fix: "Send the values people will say; Siri offers no more.")
        }
        var seen: Set<String> = []
        for value in values {
            let texts = [value.id, value.title] + value.synonyms
            guard value.synonyms.count <= ManifestLimits.valueSynonyms, texts.allSatisfy({ $0.unicodeScalars.count <= ManifestLimits.nameLength }) else {
                throw HouseholdError(.tooLarge, "a value has more than \(ManifestLimits.valueSynonyms) synonyms or a text over \(ManifestLimits.nameLength) characters.",
                                     fix: "Shorten it.")
            }
            guard !value.id.isEmpty, !value.title.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw HouseholdError(.invalid, "every value needs an id and a title.", fix: "Send [{\"id\": \"shopping\", \"title\": \"Shopping\"}].")
            }
            guard seen.insert(value.id).inserted else { throw HouseholdError(.invalid, "two values with id '\(value.id)'.", fix: "Give each its own id.") }
        }
        // The 1,000-phrase limit holds for an update as for a manifest: counted, never expanded.
        var updated = manifest
        if let index = updated.entities.firstIndex(where: { $0.id == entity }) { updated.entities[index].values = values }
        for locale in updated.locales {
            let count = updated.expansionCount(in: locale)
            if count > AppManifest.maximumExpansions {
                throw HouseholdError(.unusable,
                                     "with \(values.count) values, \(name)'s trigger phrases would expand to \(count) in \(locale); at most \(AppManifest.maximumExpansions).",
                                     fix: "Send fewer values: the ones the person is likely to say.")
            }
        }
        let record = EntityRecord(app: name, entity: entity, values: values)
        // Parameters of this entity type, per intent: their donated values must still exist.
        let typed = manifest.intents.map { intent in (intent.id, intent.parameters.filter { $0.type.valueSetID == set.id }.map(\.id)) }
        let ids = Set(values.map(\.id))
        // Whether a donation or a person's shortcut names a value now gone.
        let isStale = { @Sendable (intent: String, named: [String: String]) -> Bool in
            let parameters = typed.first { $0.0 == intent }?.1 ?? []
            return parameters.contains { named[$0].map { !ids.contains($0) } ?? false }
        }
        let deleted = try store.write { db -> (Int, Int) in
            try record.save(db)
            // Donations and people's shortcuts that name a value now gone go with it.
            let donations = try DonationRecord.filter(DonationRecord.Columns.app == name).fetchAll(db).filter { isStale($0.intent, $0.values) }
            let shortcuts = try UserShortcutRow.filter(UserShortcutRow.Columns.app == name).fetchAll(db).filter { isStale($0.intent, $0.values) }
            for donation in donations { _ = try donation.delete(db) }
            for shortcut in shortcuts { _ = try shortcut.delete(db) }
            return (donations.count, shortcuts.count)
        }
        invalidateSessions()
        return deleted
    }

    /// Installed manifests, each with the entities the app gave since.
    func manifests() throws(HouseholdError) -> [AppManifest] {
        let (apps, entities) = try store.read { db in
            (try AppRecord.order(AppRecord.Columns.installed, AppRecord.Columns.name).fetchAll(db), try EntityRecord.fetchAll(db))
        }
        var out: [AppManifest] = []
        for app in apps {
            let (yaml, folder) = app.source
            guard var manifest = try? AppManifest(yaml: yaml, path: Self.manifestPath(in: folder)) else { continue }
            for record in entities where record.app == manifest.name {
                if let index = manifest.entities.firstIndex(where: { $0.id == record.entity }) {
                    manifest.entities[index].values = record.values
                }
            }
            out.append(manifest)
        }
        return out
    }

    func manifest(named name: String) throws(HouseholdError) -> AppManifest {
        guard let manifest = try manifests().first(where: { $0.name == name }) else {
            throw HouseholdError(.notFound, "no app '\(name)' is installed.", fix: "GET /apps lists them; POST /apps installs one.")
        }
        return manifest
    }

    static func describe(_ manifest: AppManifest) -> InstalledApp {
        InstalledApp(name: manifest.name, platforms: manifest.platforms, intents: manifest.intents.map(\.id), entities: manifest.entities.map(\.id))
    }

    /// The path a manifest is read as: `app.yaml` in the folder it was installed from, if any.
    static func manifestPath(in folder: String?) -> String {
        folder.map { ($0 as NSString).appendingPathComponent("app.yaml") } ?? "app.yaml"
    }
}

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
    /// - Throws: ``ServerError`` 422 with the manifest's own error (line, column, fix).
    public func installApp(yaml: String, folder: String? = nil) throws(ServerError) -> InstalledApp {
        try installApp(yaml: yaml, folder: folder, quoting: true)
    }

    /// `quoting`: whether the manifest's error may be told (it quotes the file); a file a client only
    /// named gets its line and column, never its content.
    func installApp(yaml: String, folder: String?, quoting: Bool) throws(ServerError) -> InstalledApp {
        let manifest: AppManifest
        do {
            manifest = try AppManifest(yaml: yaml, path: (folder.map { ($0 as NSString).appendingPathComponent("app.yaml") }) ?? "app.yaml")
        } catch {
            guard quoting else {
                let place = error.location.line.map { "line \($0)" + (error.location.column.map { ", column \($0)" } ?? "") } ?? "the file"
                throw ServerError(.unprocessableContent, "the manifest does not load (the problem is at \(place)).",
                                  fix: "Run `earshot check` on it on the server's machine to see what is wrong.")
            }
            throw ServerError(.unprocessableContent, "the manifest does not load: \(error.location.line.map { "line \($0)" } ?? "") \(error.message)",
                              fix: error.fix)
        }
        // Text from a client has no folder of its own; a handler in it would run whatever the client
        // wrote on this machine.
        if folder == nil, manifest.intents.contains(where: { $0.handler != nil }) {
            throw ServerError(.unprocessableContent, "handlers run only for apps installed from a path on the server's machine.",
                              fix: "Install it with {\"path\": \"/where/it/is\"}, or leave the handler out (result: stands in for perform()).")
        }
        let at = now().timeIntervalSince1970
        let name = manifest.name
        let stored = folder.map { "# earshot-folder: \($0)\n" + yaml } ?? yaml
        try store.write { db in
            // An upsert, not INSERT OR REPLACE: a replace deletes the row first, and the entities with it.
            try db.execute(sql: """
                INSERT INTO app (name, manifest, installed) VALUES (?, ?, ?)
                ON CONFLICT(name) DO UPDATE SET manifest = excluded.manifest, installed = excluded.installed
                """, arguments: [name, stored, at])
            // Entities the app gave before stay, as long as the entity still exists.
            let entities = manifest.entities.map(\.id)
            for entity in try String.fetchAll(db, sql: "SELECT entity FROM entity WHERE app = ?", arguments: [name]) where !entities.contains(entity) {
                try db.execute(sql: "DELETE FROM entity WHERE app = ? AND entity = ?", arguments: [name, entity])
            }
        }
        invalidateSessions()
        return Self.describe(manifest)
    }

    /// Installs the app whose manifest is at `path` (a file, or a folder holding `app.yaml`) on this
    /// machine, in one of ``appFolders``.
    ///
    /// The path comes from a client: nothing of the file is quoted back, and a file that is missing,
    /// unreadable or not a manifest file gets one and the same answer.
    public func installApp(path: String) throws(ServerError) -> InstalledApp {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardized.path
        func allowed(_ path: String) -> Bool {
            appFolders.contains { path == $0 || path.hasPrefix($0 == "/" ? "/" : $0 + "/") }
        }
        guard allowed(resolved) else {
            throw ServerError(.unprocessableContent, appFolders.isEmpty ? "this server installs no apps by path."
                                  : "\(LoadError.quote(path, limit: 300)) is not in a folder this server installs apps from.",
                              fix: appFolders.isEmpty ? "Send the manifest's text as {\"manifest\": ...}, or start the server with --apps-dir <folder>."
                                  : "Put the app under \(appFolders.map { LoadError.quote($0) }.joined(separator: " or ")), or start the server with another --apps-dir.")
        }
        let file = URL(fileURLWithPath: AppManifest.manifestPath(for: resolved)).resolvingSymlinksInPath().standardized.path
        var status = stat()
        guard allowed(file), stat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) <= YAMLLimits.fileBytes,
              let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
            throw ServerError(.unprocessableContent, "no readable app manifest at \(LoadError.quote(path, limit: 300)).",
                              fix: "Give the path of an app.yaml (at most 1 MiB, UTF-8) or of its folder on the server's machine.")
        }
        return try installApp(yaml: text, folder: (file as NSString).deletingLastPathComponent, quoting: false)
    }

    /// Every installed app.
    public func apps() throws(ServerError) -> [InstalledApp] {
        try manifests().map(Self.describe)
    }

    /// Uninstalls an app; its donations and user shortcuts go with it.
    public func removeApp(_ name: String) throws(ServerError) {
        _ = try manifest(named: name)
        try store.write { db in
            try db.execute(sql: "DELETE FROM app WHERE name = ?", arguments: [name])
            try db.execute(sql: "DELETE FROM entity WHERE app = ?", arguments: [name])
            try db.execute(sql: "DELETE FROM donation WHERE app = ?", arguments: [name])
            try db.execute(sql: "DELETE FROM user_shortcut WHERE app = ?", arguments: [name])
        }
        invalidateSessions()
    }

    /// `updateAppShortcutParameters()`: the app's current values of one entity replace the ones before,
    /// and its phrases are expanded over them at once. Donations that named a value now gone are deleted.
    ///
    /// - Returns: how many donations and people's shortcuts were deleted.
    @discardableResult
    public func setEntities(app name: String, entity: String, values: [Value]) throws(ServerError) -> (donations: Int, shortcuts: Int) {
        let manifest = try manifest(named: name)
        guard let set = manifest.entities.first(where: { $0.id == entity }) else {
            throw ServerError(.notFound, "\(name) has no entity '\(entity)'.",
                              fix: "Use one of: \(manifest.entities.map(\.id).joined(separator: ", ")).")
        }
        guard !values.isEmpty else {
            throw ServerError(.badRequest, "an entity needs at least one value.",
                              fix: "Send the values the app has now; an app with none offers no phrase with \(entity) in it.")
        }
        guard values.count <= ManifestLimits.values else {
            throw ServerError(.contentTooLarge, "\(values.count) values; an entity has at most \(ManifestLimits.values).",
                              fix: "Send the values people will say; Siri offers no more.")
        }
        var seen: Set<String> = []
        for value in values {
            let texts = [value.id, value.title] + value.synonyms
            guard value.synonyms.count <= ManifestLimits.valueSynonyms, texts.allSatisfy({ $0.unicodeScalars.count <= ManifestLimits.nameLength }) else {
                throw ServerError(.contentTooLarge, "a value has more than \(ManifestLimits.valueSynonyms) synonyms or a text over \(ManifestLimits.nameLength) characters.",
                                  fix: "Shorten it.")
            }
            guard !value.id.isEmpty, !value.title.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ServerError(.badRequest, "every value needs an id and a title.", fix: "Send [{\"id\": \"shopping\", \"title\": \"Shopping\"}].")
            }
            guard seen.insert(value.id).inserted else { throw ServerError(.badRequest, "two values with id '\(value.id)'.", fix: "Give each its own id.") }
        }
        // The 1,000-phrase limit holds for an update as for a manifest: counted, never expanded.
        var updated = manifest
        if let index = updated.entities.firstIndex(where: { $0.id == entity }) { updated.entities[index].values = values }
        for locale in updated.locales {
            let count = updated.expansionCount(in: locale)
            if count > AppManifest.maximumExpansions {
                throw ServerError(.unprocessableContent,
                                  "with \(values.count) values, \(name)'s trigger phrases would expand to \(count) in \(locale); at most \(AppManifest.maximumExpansions).",
                                  fix: "Send fewer values: the ones the person is likely to say.")
            }
        }
        let json = String(decoding: (try? JSONEncoder().encode(values)) ?? Data("[]".utf8), as: UTF8.self)
        // Parameters of this entity type, per intent: their donated values must still exist.
        let typed = manifest.intents.map { intent in (intent.id, intent.parameters.filter { $0.type.valueSetID == set.id }.map(\.id)) }
        let ids = Set(values.map(\.id))
        let deleted = try store.write { db -> (Int, Int) in
            try db.execute(sql: "INSERT OR REPLACE INTO entity (app, entity, \"values\") VALUES (?, ?, ?)", arguments: [name, entity, json])
            // Donations and people's shortcuts that name a value now gone go with it.
            func deleteStale(from table: String) throws -> Int {
                var deleted = 0
                for row in try Row.fetchAll(db, sql: "SELECT id, intent, \"values\" FROM \(table) WHERE app = ?", arguments: [name]) {
                    let named = Self.decodeValues(row["values"])
                    let parameters = typed.first { $0.0 == (row["intent"] as String) }?.1 ?? []
                    if parameters.contains(where: { named[$0].map { !ids.contains($0) } ?? false }) {
                        try db.execute(sql: "DELETE FROM \(table) WHERE id = ?", arguments: [row["id"] as Int64])
                        deleted += 1
                    }
                }
                return deleted
            }
            return (try deleteStale(from: "donation"), try deleteStale(from: "user_shortcut"))
        }
        invalidateSessions()
        return deleted
    }

    /// Installed manifests, each with the entities the app gave since.
    func manifests() throws(ServerError) -> [AppManifest] {
        let rows = try store.read { db in
            try Row.fetchAll(db, sql: "SELECT name, manifest FROM app ORDER BY installed, name").map { ($0["name"] as String, $0["manifest"] as String) }
        }
        let entities = try store.read { db in
            try Row.fetchAll(db, sql: "SELECT app, entity, \"values\" FROM entity").map { ($0["app"] as String, $0["entity"] as String, $0["values"] as String) }
        }
        var out: [AppManifest] = []
        for (_, text) in rows {
            var folder: String?
            var yaml = text
            if text.hasPrefix("# earshot-folder: "), let end = text.firstIndex(of: "\n") {
                folder = String(text[text.index(text.startIndex, offsetBy: 18)..<end])
                yaml = String(text[text.index(after: end)...])
            }
            guard var manifest = try? AppManifest(yaml: yaml, path: (folder.map { ($0 as NSString).appendingPathComponent("app.yaml") }) ?? "app.yaml") else { continue }
            for (app, entity, json) in entities where app == manifest.name {
                if let index = manifest.entities.firstIndex(where: { $0.id == entity }),
                   let values = try? JSONDecoder().decode([Value].self, from: Data(json.utf8)) {
                    manifest.entities[index].values = values
                }
            }
            out.append(manifest)
        }
        return out
    }

    func manifest(named name: String) throws(ServerError) -> AppManifest {
        guard let manifest = try manifests().first(where: { $0.name == name }) else {
            throw ServerError(.notFound, "no app '\(name)' is installed.", fix: "GET /apps lists them; POST /apps installs one.")
        }
        return manifest
    }

    static func describe(_ manifest: AppManifest) -> InstalledApp {
        InstalledApp(name: manifest.name, platforms: manifest.platforms, intents: manifest.intents.map(\.id), entities: manifest.entities.map(\.id))
    }

    static func decodeValues(_ json: String) -> [String: String] {
        (try? JSONDecoder().decode([String: String].self, from: Data(json.utf8))) ?? [:]
    }

    static func encodeValues(_ values: [String: String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: (try? encoder.encode(values)) ?? Data("{}".utf8), as: UTF8.self)
    }
}

import GRDB

/// A row of `app`: an installed app's manifest text, with the folder it was installed from in a first
/// comment line (`# earshot-folder: <path>`), and when it was installed (seconds since 1970).
struct AppRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "app"
    enum Columns { static let name = Column(CodingKeys.name), installed = Column(CodingKeys.installed) }
    var name, manifest: String
    var installed: Double

    /// The first line that names the folder a manifest was installed from.
    static let folderMarker = "# earshot-folder: "

    init(name: String, yaml: String, folder: String?, installed: Double) {
        (self.name, self.installed) = (name, installed)
        manifest = folder.map { Self.folderMarker + $0 + "\n" + yaml } ?? yaml
    }

    /// The manifest's text and the folder it was installed from, if any.
    var source: (yaml: String, folder: String?) {
        guard manifest.hasPrefix(Self.folderMarker), let end = manifest.firstIndex(of: "\n") else { return (manifest, nil) }
        return (String(manifest[manifest.index(after: end)...]),
                String(manifest[manifest.index(manifest.startIndex, offsetBy: Self.folderMarker.count)..<end]))
    }
}

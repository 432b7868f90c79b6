import GRDB

/// A row of `app`: an installed app's manifest text, with its folder in a first comment line
/// (`# earshot-folder: <path>`) when it was installed from a path.
struct AppRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "app"

    var name: String
    var manifest: String
    /// Seconds since 1970.
    var installed: Double

    enum Columns {
        static let name = Column(CodingKeys.name)
        static let installed = Column(CodingKeys.installed)
    }

    /// The first line that names the folder a manifest was installed from.
    static let folderMarker = "# earshot-folder: "

    init(name: String, yaml: String, folder: String?, installed: Double) {
        self.name = name
        self.manifest = folder.map { Self.folderMarker + $0 + "\n" + yaml } ?? yaml
        self.installed = installed
    }

    /// The manifest's text and the folder it was installed from, if any.
    var source: (yaml: String, folder: String?) {
        guard manifest.hasPrefix(Self.folderMarker), let end = manifest.firstIndex(of: "\n") else { return (manifest, nil) }
        return (String(manifest[manifest.index(after: end)...]),
                String(manifest[manifest.index(manifest.startIndex, offsetBy: Self.folderMarker.count)..<end]))
    }
}

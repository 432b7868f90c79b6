import EarshotModel

/// What ships inside the binary: the device profiles of `profiles/` and the example apps the demo plays.
///
/// The files are embedded at build time (SwiftPM `embedInCode`), so the binary needs no files around it.
public enum Bundled {
    /// Shipped profiles: file name and YAML text.
    public static let profileFiles: [(name: String, text: String)] = [
        ("airpods.yaml", text(PackageResources.airpods_yaml)),
        ("carplay.yaml", text(PackageResources.carplay_yaml)),
        ("homepod.yaml", text(PackageResources.homepod_yaml)),
        ("iphone.yaml", text(PackageResources.iphone_yaml)),
        ("watch.yaml", text(PackageResources.watch_yaml)),
    ]

    /// Example apps: their path in the repository and YAML text.
    public static let exampleFiles: [(path: String, text: String)] = [
        ("examples/demo/app.yaml", text(PackageResources.demo_yaml)),
        ("examples/soupchef/app.yaml", text(PackageResources.soupchef_yaml)),
    ]

    /// The shipped profiles, parsed.
    public static func profiles() throws(LoadError) -> ProfileCatalog {
        var catalog = ProfileCatalog()
        for (name, text) in profileFiles {
            catalog.add(try Profile(yaml: text, path: "(built in) profiles/\(name)"), source: "built in")
        }
        return catalog
    }

    /// The bundled example apps, parsed.
    public static func exampleApps() throws(LoadError) -> [AppManifest] {
        var apps: [AppManifest] = []
        for (path, text) in exampleFiles { apps.append(try AppManifest(yaml: text, path: path)) }
        return apps
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}

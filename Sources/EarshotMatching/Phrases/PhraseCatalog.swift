import EarshotModel

/// Everything one device can hear: the apps it has, each compiled for the locale, and an index
/// from normalised phrase to expansions, so an exact match is one lookup whatever the number of phrases.
public struct PhraseCatalog: Sendable {
    /// Where an expansion lives: app position and expansion position.
    public struct Reference: Sendable, Hashable {
        public var app: Int
        public var expansion: Int

        public init(app: Int, expansion: Int) {
            self.app = app
            self.expansion = expansion
        }
    }

    /// The device.
    public let profile: Profile
    /// Every app given, compiled; the device may not have all of them.
    public let apps: [CompiledApp]
    /// Whether each app's shortcuts exist on this device (platform, and App Shortcuts at this OS).
    public let available: [Bool]
    private let index: [String: [Reference]]
    private let negatives: [String: [Int]]

    /// Compiles `manifests` for `profile` in `locale` (default: each manifest's own).
    public init(apps manifests: [AppManifest], profile: Profile, locale: String? = nil) {
        self.profile = profile
        var apps: [CompiledApp] = []
        var index: [String: [Reference]] = [:]
        var negatives: [String: [Int]] = [:]
        for (position, manifest) in manifests.enumerated() {
            let app = CompiledApp(manifest, locale: locale, index: position)
            for (i, expansion) in app.expansions.enumerated() {
                index[expansion.normalized, default: []].append(Reference(app: position, expansion: i))
            }
            for negative in app.negativeExpansions {
                negatives[Normalizer.normalize(negative), default: []].append(position)
            }
            apps.append(app)
        }
        self.apps = apps
        self.index = index
        self.negatives = negatives
        available = manifests.map { profile.supportsAppShortcuts && profile.hasApp(platforms: $0.platforms) }
    }

    public func expansion(_ reference: Reference) -> Expansion {
        apps[reference.app].expansions[reference.expansion]
    }

    /// Expansions equal to a normalised utterance, in every app, available or not.
    public func exactMatches(_ normalized: String) -> [Reference] {
        index[normalized] ?? []
    }

    /// Apps for which the normalised utterance is one of their negative phrases.
    public func negativeMatches(_ normalized: String) -> [Int] {
        negatives[normalized] ?? []
    }

    /// Whether flexible matching may run for this app on this device.
    public func allowsFlexibleMatching(app: Int) -> Bool {
        available[app] && profile.matching == .flexible && apps[app].manifest.flexibleMatching
    }

    /// Total expansions of the available apps.
    public var expansionCount: Int {
        zip(apps, available).reduce(0) { $0 + ($1.1 ? $1.0.expansions.count : 0) }
    }
}

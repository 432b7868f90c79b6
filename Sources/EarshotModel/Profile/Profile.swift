import Foundation

/// How one kind of device hears, matches, talks and shows. Every device difference comes from here.
public struct Profile: Sendable, Codable, Equatable {
    public enum Screen: String, Sendable, Codable, CaseIterable { case none, small, full }
    public enum Matching: String, Sendable, Codable, CaseIterable { case flexible, exact }
    public enum DialogKind: String, Sendable, Codable, CaseIterable { case full, supporting }
    public enum Apps: String, Sendable, Codable, CaseIterable {
        /// The iOS apps of the paired iPhone.
        case companion
        /// Only apps whose manifest lists this profile's platform.
        case onDevice = "on-device"
    }
    public enum Authentication: String, Sendable, Codable, CaseIterable {
        /// The device cannot authenticate anyone: authenticated requests go to the iPhone.
        case none
        /// HomePod: personal requests on for the recognised voice.
        case personalRequests = "personal-requests"
        /// Watch: unlocked while worn.
        case wrist
        /// A (simulated) passcode unlock.
        case passcode
    }
    public struct Voice: Sendable, Codable, Equatable {
        public var name: String
        public var rate: Int
        public var pitch: Int
    }

    public var id: String
    public var name: String
    public var os: String?
    public var screen: Screen
    public var matching: Matching
    public var dialog: DialogKind
    public var apps: Apps
    public var platform: String
    public var minimumOS: String?
    public var opensApps: Bool
    public var authentication: Authentication
    public var wake: [String]
    public var voice: Voice
    public var spokenOptions: Int
    public var attributionRuns: Int

    /// Whether App Shortcuts exist on this device at its OS version.
    public var supportsAppShortcuts: Bool {
        guard let os, let minimumOS else { return true }
        return Self.compare(os, minimumOS) >= 0
    }

    /// Whether an app with these platforms has its shortcuts on this device.
    public func hasApp(platforms: [String]) -> Bool {
        platforms.contains(platform)
    }

    /// Compares dotted version strings numerically.
    static func compare(_ a: String, _ b: String) -> Int {
        let x = a.split(separator: ".").map { Int($0) ?? 0 }, y = b.split(separator: ".").map { Int($0) ?? 0 }
        for i in 0..<max(x.count, y.count) {
            let l = i < x.count ? x[i] : 0, r = i < y.count ? y[i] : 0
            if l != r { return l < r ? -1 : 1 }
        }
        return 0
    }
}

extension Profile {
    static let keys = ["id", "name", "os", "screen", "matching", "dialog", "apps", "platform", "minimumOS",
                       "opensApps", "authentication", "wake", "voice", "spokenOptions", "attributionRuns"]

    /// Loads a profile file.
    public init(contentsOf path: String) throws(LoadError) {
        try self.init(file: try YAMLFile(contentsOf: path))
    }

    /// Loads a profile from text; `path` names it in errors.
    public init(yaml text: String, path: String) throws(LoadError) {
        try self.init(file: try YAMLFile(path: path, text: text))
    }

    init(file: YAMLFile) throws(LoadError) {
        let f = try Fields(file.root, in: file, what: "the profile", allowed: Self.keys)
        func required<T: RawRepresentable & CaseIterable>(_ key: String, _ type: T.Type) throws(LoadError) -> T where T.RawValue == String {
            guard let value = try f.oneOf(key, type) else {
                throw LoadError(f.location, "the profile has no '\(key)'.", fix: "Add '\(key):' with one of: \(T.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            return value
        }
        id = try f.requiredString("id", fix: "Add 'id: <name used with --profile>'.")
        name = try f.string("name") ?? id
        os = try f.string("os")
        minimumOS = try f.string("minimumOS")
        screen = try required("screen", Screen.self)
        matching = try required("matching", Matching.self)
        dialog = try required("dialog", DialogKind.self)
        apps = try required("apps", Apps.self)
        platform = try f.requiredString("platform", fix: "Add 'platform:' with the manifest platform this device runs (iOS, watchOS...).")
        guard let opensApps = try f.bool("opensApps") else {
            throw LoadError(f.location, "the profile has no 'opensApps'.", fix: "Add 'opensApps: true' or 'opensApps: false'.")
        }
        self.opensApps = opensApps
        authentication = try required("authentication", Authentication.self)
        wake = try f.strings("wake")?.map(\.value) ?? ["hey siri", "siri"]
        if let node = f["voice"] {
            let v = try Fields(node, in: file, what: "the profile's voice", allowed: ["name", "rate", "pitch"])
            voice = Voice(name: try v.string("name") ?? "en-us", rate: try v.int("rate", range: 80...450) ?? 175,
                          pitch: try v.int("pitch", range: 0...99) ?? 50)
        } else {
            voice = Voice(name: "en-us", rate: 175, pitch: 50)
        }
        spokenOptions = try f.int("spokenOptions", range: 1...20) ?? 3
        attributionRuns = try f.int("attributionRuns", range: 0...1_000) ?? 3
    }
}

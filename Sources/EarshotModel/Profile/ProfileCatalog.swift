import Foundation

/// The profiles Earshot knows: those that ship, then those in profile folders, by id.
public struct ProfileCatalog: Sendable {
    /// Each profile with where it came from, in id order; later sources replace earlier ones.
    public private(set) var entries: [(profile: Profile, source: String)] = []

    public init() {}

    /// Adds (or replaces, by id) a profile.
    public mutating func add(_ profile: Profile, source: String) {
        entries.removeAll { $0.profile.id == profile.id }
        entries.append((profile, source))
        entries.sort { $0.profile.id < $1.profile.id }
    }

    /// Adds every `*.yaml` / `*.yml` file of `directory`; a missing folder adds nothing.
    public mutating func addDirectory(_ directory: String) throws(LoadError) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names.sorted() where name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
            let path = (directory as NSString).appendingPathComponent(name)
            add(try Profile(contentsOf: path), source: path)
        }
    }

    public var profiles: [Profile] { entries.map(\.profile) }

    /// Finds a profile by id, or loads it when `nameOrPath` is a file.
    public func profile(_ nameOrPath: String) throws(LoadError) -> Profile {
        if let entry = entries.first(where: { $0.profile.id == nameOrPath }) { return entry.profile }
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".yaml") || nameOrPath.hasSuffix(".yml") {
            return try Profile(contentsOf: nameOrPath)
        }
        let ids = entries.map(\.profile.id)
        throw LoadError(SourceLocation(file: "--profile \(nameOrPath)"), "no profile '\(nameOrPath)'.",
                        fix: Spelling.didYouMean(nameOrPath, in: ids, then: "Use one of: \(ids.joined(separator: ", ")), or a path to a profile file."))
    }
}

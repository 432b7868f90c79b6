import Earshot
import EarshotDialogue
import EarshotModel
import Foundation

/// A session on a shipped profile with the bundled example apps (examples/demo and examples/soupchef).
public func exampleSession(_ profile: String, settings: DeviceSettings = DeviceSettings(), extra: [AppManifest] = []) throws -> Session {
    let workspace = Workspace(apps: try Bundled.exampleApps() + extra, profiles: try Bundled.profiles())
    return try workspace.session(profile: profile, settings: settings)
}

/// Plays typed lines and returns every turn.
public func play(_ session: inout Session, _ lines: [String]) async -> [Turn] {
    var turns: [Turn] = []
    for line in lines { turns.append(await session.respond(to: line)) }
    return turns
}

/// Every example app under examples/, each folder as `--app` takes it: a manifest, or Swift sources
/// imported (Plant Pal).
public func allExampleApps() throws -> [AppManifest] {
    let folder = packageRoot.appendingPathComponent("examples")
    let folders = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { folder.appendingPathComponent($0).path }
    return try Workspace.loadApps(folders)
}

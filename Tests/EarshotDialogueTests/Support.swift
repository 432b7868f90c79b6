import Earshot
import EarshotDialogue
import EarshotModel
import Testing

/// A session on a shipped profile with the bundled example apps (examples/demo and examples/soupchef).
func exampleSession(_ profile: String, settings: DeviceSettings = DeviceSettings(), extra: [AppManifest] = []) throws -> Session {
    let workspace = Workspace(apps: try Bundled.exampleApps() + extra, profiles: try Bundled.profiles())
    return try workspace.session(profile: profile, settings: settings)
}

/// Plays lines and returns every turn.
func play(_ session: inout Session, _ lines: [String]) async -> [Turn] {
    var turns: [Turn] = []
    for line in lines { turns.append(await session.respond(to: line)) }
    return turns
}

/// An iOS-only app, for the Watch scenarios.
func iosOnlyApp() throws -> AppManifest {
    try AppManifest(yaml: """
    app: Trail Log
    platforms: [iOS]
    intents:
      - id: WeeklyDistance
        title: Show weekly distance
        category: information
        dialog:
          success: You hiked {miles} miles this week.
        result:
          values: { miles: 12 }
    shortcuts:
      - intent: WeeklyDistance
        phrases: ["How far did I hike with {applicationName}"]
        shortTitle: Weekly Distance
        systemImage: figure.hiking
    """, path: "trail/app.yaml")
}

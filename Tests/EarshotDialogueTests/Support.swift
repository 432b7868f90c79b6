import EarshotModel

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

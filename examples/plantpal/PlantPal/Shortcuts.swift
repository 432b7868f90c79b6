import AppIntents

/// The App Shortcuts of Plant Pal: what people can say to Siri without setting anything up.
struct PlantPalShortcuts: AppShortcutsProvider {
    static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: WaterPlantIntent(),
            phrases: [
                "Water a plant with \(.applicationName)",
                "Water the \(\.$plant) in \(.applicationName)",
            ],
            shortTitle: "Water plant",
            systemImageName: "drop"
        )
        AppShortcut(
            intent: CheckSoilIntent(),
            phrases: [
                "Check the soil with \(.applicationName)",
                "Check the \(\.$room) in \(.applicationName)",
            ],
            shortTitle: "Check soil",
            systemImageName: "leaf"
        )
    }

    static var negativePhrases: NegativeAppShortcutPhrases {
        NegativeAppShortcutPhrase("Buy plants with \(.applicationName)")
    }
}

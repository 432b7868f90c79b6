import AppIntents

struct WaterPlantIntent: AppIntent {
    static let title: LocalizedStringResource = "Water a plant"
    static let description = IntentDescription("Logs that a plant was watered.")

    @Parameter(title: "Plant", requestValueDialog: "Which plant did you water?")
    var plant: PlantEntity

    static var parameterSummary: some ParameterSummary { Summary("Water the \(\.$plant)") }

    func perform() async throws -> some IntentResult & ProvidesDialog {
        PlantLog.shared.water(plant.id)
        return .result(dialog: "Logged: the \(plant) got water.")
    }
}

import AppIntents

struct CheckSoilIntent: AppIntent {
    static var title: LocalizedStringResource { "Check the soil" }

    @Parameter(title: "Room", default: .kitchen)
    var room: Room

    static var parameterSummary: some ParameterSummary { Summary("Check the soil in the \(\.$room)") }

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let dialog = IntentDialog(full: "The soil in the \(room) is still damp.", supporting: "Still damp.")
        return .result(dialog: dialog)
    }
}

import AppIntents

struct PlantEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Plant"
    static let defaultQuery = PlantQuery()

    var id: String
    var name: String

    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }
}

struct PlantQuery: EntityQuery {
    func entities(for identifiers: [String]) async throws -> [PlantEntity] {
        try await suggestedEntities().filter { identifiers.contains($0.id) }
    }

    func suggestedEntities() async throws -> [PlantEntity] {
        [
            PlantEntity(id: "fern", name: "Fern"),
            PlantEntity(id: "basil", name: "Basil"),
            PlantEntity(id: "monstera", name: "Monstera"),
        ]
    }
}

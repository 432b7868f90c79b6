import AppIntents

enum Room: String, CaseIterable {
    case kitchen
    case bedroom
    case balcony
}

extension Room: AppEnum {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Room"
    static let caseDisplayRepresentations: [Room: DisplayRepresentation] = [
        .kitchen: "Kitchen",
        .bedroom: DisplayRepresentation(title: "Bedroom", synonyms: ["upstairs"]),
        .balcony: .init(title: "Balcony", synonyms: ["terrace", "outside"]),
    ]
}

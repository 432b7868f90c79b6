import EarshotModel
import Foundation

/// SiriKit custom intents from `.intentdefinition` files (XML property lists, model versions 1.0 to
/// 1.2): intents with category and verb, parameters with their types and enums, relationships as
/// `when`, prompts, the parameter combination as summary, enums with synonyms, custom types as
/// entities, response codes as success and error lines.
struct IntentDefinitionReader {
    var diagnostics: [ImportDiagnostic] = []

    static let types: [String: String] = [
        "String": "string", "Integer": "integer", "Decimal": "decimal", "Boolean": "boolean", "Date": "date",
        "DateComponents": "date", "Duration": "duration", "Currency": "currency", "CurrencyAmount": "currency",
        "Distance": "decimal", "Mass": "decimal", "Temperature": "decimal", "Speed": "decimal", "Volume": "decimal",
        "Energy": "decimal", "Power": "decimal", "Angle": "decimal", "Acceleration": "decimal", "Concentration": "decimal",
        "Pressure": "decimal", "Illuminance": "decimal", "Frequency": "decimal", "Length": "decimal",
        "Location": "string", "Placemark": "string", "Person": "string", "File": "string", "URL": "string", "PaymentMethod": "string",
    ]

    mutating func read(_ path: String, into app: inout ImportedApp) {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        guard let data = FileManager.default.contents(atPath: path),
              let root = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else {
            diagnostics.append(ImportDiagnostic(.warning, SourceLocation(file: path), "not a readable intent definition (a property list); skipped.",
                                                fix: "Open it in Xcode and save it again."))
            return
        }
        let version = root["INIntentDefinitionModelVersion"] as? String ?? "?"
        if !["1.0", "1.1", "1.2"].contains(version) {
            diagnostics.append(ImportDiagnostic(.warning, SourceLocation(file: path, line: TextSearch.line(of: "INIntentDefinitionModelVersion", in: text)),
                                                "model version \(version); versions 1.0 to 1.2 are known, read as 1.2."))
        }
        func at(_ needle: String) -> SourceLocation {
            SourceLocation(file: path, line: TextSearch.line(of: "<string>\(Self.escaped(needle))</string>", in: text))
        }
        for enumeration in root["INEnums"] as? [[String: Any]] ?? [] {
            guard let name = enumeration["INEnumName"] as? String, !app.hasValueSet(name) else { continue }
            var set = ImportedApp.ValueSet(id: name, title: .init(value: enumeration["INEnumDisplayName"] as? String ?? AppIntentsReader.humanized(name), location: at(name)),
                                           values: [], location: at(name))
            for value in enumeration["INEnumValues"] as? [[String: Any]] ?? [] {
                guard let id = value["INEnumValueName"] as? String, id != "unknown" else { continue }
                let synonyms = (value["INEnumValueSynonyms"] as? [[String: Any]] ?? []).compactMap { $0["INEnumValueSynonymPhrase"] as? String }
                set.values.append((id, value["INEnumValueDisplayName"] as? String ?? AppIntentsReader.humanized(id), synonyms, at(id)))
            }
            if set.values.isEmpty { app.entities.append(set) } else { app.enums.append(set) }
        }
        for type in root["INTypes"] as? [[String: Any]] ?? [] {
            guard let name = type["INTypeName"] as? String, !app.hasValueSet(name) else { continue }
            app.entities.append(.init(id: name, title: .init(value: type["INTypeDisplayName"] as? String ?? AppIntentsReader.humanized(name), location: at(name)),
                                      values: [], location: at(name), note: "values come from the app's intent handler"))
            diagnostics.append(ImportDiagnostic(.warning, at(name), "the type \(name)'s values come from the app's intent handler at run time.",
                                                fix: "List them under entities.\(name).suggested in earshot.yaml."))
        }
        for definition in root["INIntents"] as? [[String: Any]] ?? [] {
            guard let name = definition["INIntentName"] as? String, app.intent(name) == nil else { continue }
            let location = at(name)
            var intent = ImportedApp.Intent(id: name, title: .init(value: definition["INIntentTitle"] as? String ?? AppIntentsReader.humanized(name), location: location),
                                            location: location)
            intent.description = definition["INIntentDescription"] as? String
            let categoryName = (definition["INIntentCategory"] as? String ?? "generic").lowercased()
            if let category = IntentCategory(rawValue: categoryName) {
                intent.category = category.rawValue
                if let verb = (definition["INIntentVerb"] as? String)?.lowercased(), category.verbs.contains(verb) { intent.verb = verb }
            } else {
                intent.category = "generic"
                diagnostics.append(ImportDiagnostic(.warning, location, "\(name)'s category '\(categoryName)' is not one of the manifest's; read as generic.",
                                                    fix: "Set intents.\(name).category in earshot.yaml."))
            }
            var parameters: [ImportedApp.Parameter] = []
            for parameter in definition["INIntentParameters"] as? [[String: Any]] ?? [] {
                guard let id = parameter["INIntentParameterName"] as? String else { continue }
                let typeName = parameter["INIntentParameterType"] as? String ?? "String"
                var type = Self.types[typeName] ?? "string"
                var note: String?
                if let enumType = parameter["INIntentParameterEnumType"] as? String, app.hasValueSet(enumType) {
                    type = enumType
                } else if typeName == "Object", let object = parameter["INIntentParameterObjectType"] as? String {
                    if !app.hasValueSet(object) {
                        app.entities.append(.init(id: object, title: .init(value: AppIntentsReader.humanized(object), location: nil), values: [], location: nil))
                    }
                    type = object
                } else if Self.types[typeName] == nil {
                    note = "\(typeName) in the intent definition"
                }
                if ["Location", "Placemark", "Person", "File", "URL"].contains(typeName) { note = "\(typeName) in the intent definition" }
                if parameter["INIntentParameterSupportsMultipleValues"] as? Bool == true {
                    note = (note.map { $0 + "; " } ?? "") + "several values in the app; Earshot asks for one"
                }
                var prompt: ImportedApp.Text?
                for dialog in parameter["INIntentParameterPromptDialogs"] as? [[String: Any]] ?? []
                where dialog["INIntentParameterPromptDialogType"] as? String == "Primary" {
                    if let format = dialog["INIntentParameterPromptDialogFormatString"] as? String {
                        prompt = .init(value: AppIntentsReader.catalogToTemplate(format).replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: ""),
                                       location: SourceLocation(file: path, line: TextSearch.line(of: Self.escaped(format), in: text)))
                    }
                }
                var imported = ImportedApp.Parameter(id: id, title: .init(value: parameter["INIntentParameterDisplayName"] as? String ?? AppIntentsReader.humanized(id), location: nil),
                                                     type: type, prompt: prompt, defaultValue: nil, optional: false, location: at(id), note: note)
                if let relationship = parameter["INIntentParameterRelationship"] as? [String: Any],
                   let parent = relationship["INIntentParameterRelationshipParentName"] as? String {
                    let value = relationship["INIntentParameterRelationshipPredicateValue"].map { "\($0)" }
                    if let value, parameters.contains(where: { $0.id == parent }) {
                        imported.when = [(parent, value)]
                    } else {
                        diagnostics.append(ImportDiagnostic(.warning, at(id), "the relationship of \(name).\(id) to \(parent) has no value to compare; it is not read.",
                                                            fix: "Set intents.\(name).parameters.\(id).when in earshot.yaml."))
                    }
                }
                parameters.append(imported)
            }
            // `when` values must be values of the parent.
            for index in parameters.indices {
                parameters[index].when = parameters[index].when.filter { condition in
                    guard let parent = parameters.first(where: { $0.id == condition.parameter }) else { return false }
                    let set = app.enums.first { $0.id == parent.type }
                    return set?.values.contains { $0.id == condition.value } ?? (parent.type == "boolean")
                }
            }
            intent.parameters = parameters
            let ids = Set(parameters.map(\.id))
            let combinations = (definition["INIntentParameterCombinations"] as? [String: [String: Any]])
                ?? (definition["INIntentManagedParameterCombinations"] as? [String: [String: Any]]) ?? [:]
            let primary = combinations.first { $0.value["INIntentParameterCombinationIsPrimary"] as? Bool == true }
                ?? combinations.max { $0.key.split(separator: ",").count < $1.key.split(separator: ",").count }
            if let title = primary?.value["INIntentParameterCombinationTitle"] as? String {
                let summary = AppIntentsReader.catalogToTemplate(title)
                if Template(summary).placeholders.allSatisfy(ids.contains) {
                    intent.summary = .init(value: summary, location: SourceLocation(file: path, line: TextSearch.line(of: Self.escaped(title), in: text)))
                }
            }
            // Response codes: success lines, and failures as errors; their values are result values.
            let response = definition["INIntentResponse"] as? [String: Any] ?? [:]
            let responseValues = (response["INIntentResponseParameters"] as? [[String: Any]] ?? []).compactMap { parameter -> (String, String)? in
                guard let id = parameter["INIntentResponseParameterName"] as? String else { return nil }
                return (id, parameter["INIntentResponseParameterDisplayName"] as? String ?? id)
            }
            var usedValues: Set<String> = []
            func line(_ format: String) -> ImportedApp.Text? {
                let template = AppIntentsReader.catalogToTemplate(format)
                for name in Template(template).placeholders where !ids.contains(name) {
                    guard responseValues.contains(where: { $0.0 == name }) else { return nil }
                    usedValues.insert(name)
                }
                return .init(value: template, location: SourceLocation(file: path, line: TextSearch.line(of: Self.escaped(format), in: text)))
            }
            for code in response["INIntentResponseCodes"] as? [[String: Any]] ?? [] {
                guard let codeName = code["INIntentResponseCodeName"] as? String else { continue }
                let full = code["INIntentResponseCodeFormatString"] as? String
                let concise = code["INIntentResponseCodeConciseFormatString"] as? String
                if code["INIntentResponseCodeSuccess"] as? Bool == true || codeName == "success" {
                    if let full, intent.success == nil { intent.success = line(full) }
                    if let concise, intent.successSupporting == nil { intent.successSupporting = line(concise) }
                } else if codeName != "failure" || full != nil, let text = (full ?? concise).flatMap(line) {
                    intent.errors.append((codeName, text))
                }
            }
            for (id, title) in responseValues where usedValues.contains(id) && !ids.contains(id) {
                intent.resultValues.append((id, title))
            }
            if !usedValues.isEmpty {
                diagnostics.append(ImportDiagnostic(.warning, location, "the responses of \(name) speak values the app's handler fills (\(usedValues.sorted().joined(separator: ", "))); their titles stand in for them.",
                                                    fix: "Set intents.\(name).result.values in earshot.yaml."))
            }
            diagnostics.append(ImportDiagnostic(.warning, location, "the SiriKit intent \(name) has no App Shortcut phrase: people add their own with Add to Siri.",
                                                fix: "Add 'shortcuts: - intent: \(name), phrases: [...]' to earshot.yaml to test it by voice."))
            app.intents.append(intent)
        }
    }

    /// How a string is written inside a plist's `<string>`.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

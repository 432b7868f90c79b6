import Foundation
import Yams

extension Parameter {
    init(node: Node, file: YAMLFile, intent: String, valueSets: [ValueSet], earlier: [Parameter]) throws(LoadError) {
        let named = Fields.peek(node, "id").map { "parameter '\($0)' of intent '\(intent)'" } ?? "a parameter of intent '\(intent)'"
        let fields = try Fields(node, in: file, what: named, allowed: [
            "id", "title", "type", "prompt", "default", "confirmDefault", "optional", "when",
        ])
        let id = try fields.requiredString("id", fix: "Give the parameter an 'id'.")
        self.id = id
        let what = "parameter '\(id)' of intent '\(intent)'"
        if id == Template.applicationName {
            throw LoadError(fields.location(of: "id"), "\(what) cannot be called applicationName.", fix: "Rename it.")
        }
        if earlier.contains(where: { $0.id == id }) {
            throw LoadError(fields.location(of: "id"), "\(what) is declared twice.", fix: "Give each parameter its own id.")
        }
        location = fields.location
        fieldLocations = fields.valueLocations
        title = try fields.string("title") ?? id
        let typeName = try fields.requiredString("type", fix: "Give it a 'type': an enum or entity of this manifest, or string, integer, decimal, boolean, date, duration or currency.")
        if let builtin = ParameterType.builtins[typeName] {
            type = builtin
        } else if valueSets.contains(where: { $0.id == typeName }) {
            type = .values(typeName)
        } else {
            let names = valueSets.map(\.id) + ParameterType.builtins.keys.sorted()
            throw LoadError(fields.location(of: "type"), "\(what) has type '\(typeName)', which is not declared.",
                            fix: Spelling.didYouMean(typeName, in: names, then: "Declare it under enums or entities, or use: \(names.joined(separator: ", "))."))
        }
        prompt = try fields.string("prompt")
        optional = try fields.bool("optional") ?? false
        defaultValue = try fields.string("default")
        confirmDefault = try fields.string("confirmDefault")
        if let defaultValue {
            try Self.check(value: defaultValue, of: type, valueSets: valueSets, at: fields.location(of: "default"), what: "the default of \(what)")
        }
        if confirmDefault != nil, defaultValue == nil {
            throw LoadError(fields.location(of: "confirmDefault"), "\(what) has 'confirmDefault' but no 'default'.",
                            fix: "Add the 'default' value that the question offers.")
        }
        let conditions = try Condition.read(fields["when"], file: file, what: "'when' of \(what)", parameters: earlier,
                                            valueSets: valueSets, scope: "a parameter declared before it")
        when = conditions
    }

    /// Checks that `value` is a value of `type` (an id for enums and entities).
    static func check(value: String, of type: ParameterType, valueSets: [ValueSet], at location: SourceLocation, what: String) throws(LoadError) {
        switch type {
        case .values(let id):
            guard let set = valueSets.first(where: { $0.id == id }) else { return }
            if set.value(value) == nil {
                throw LoadError(location, "\(what) is '\(value)', which is not a value of \(set.id).",
                                fix: "Use one of its ids: \(set.values.map(\.id).joined(separator: ", ")).")
            }
        case .integer:
            if Int(value) == nil { throw LoadError(location, "\(what) is '\(value)', not a whole number.", fix: "Write a whole number.") }
        case .decimal:
            if Double(value) == nil { throw LoadError(location, "\(what) is '\(value)', not a number.", fix: "Write a number.") }
        case .boolean:
            if !["true", "false"].contains(value.lowercased()) {
                throw LoadError(location, "\(what) is '\(value)', not true or false.", fix: "Write true or false.")
            }
        case .string, .date, .duration, .currency:
            break
        }
    }
}

extension Condition {
    /// Reads `when: { parameter: value }`: each parameter one of `parameters`, each value one of its values.
    static func read(_ node: Node?, file: YAMLFile, what: String, parameters: [Parameter], valueSets: [ValueSet],
                     scope: String) throws(LoadError) -> [Condition] {
        guard let node else { return [] }
        var conditions: [Condition] = []
        for (key, valueNode) in try file.mapping(node, what: what) {
            guard let parameter = parameters.first(where: { $0.id == key.value }) else {
                throw LoadError(key.location, "\(what) names '\(key.value)', which is not \(scope).",
                                fix: "Name one of: \(parameters.map(\.id).joined(separator: ", ")).")
            }
            let value = try file.scalar(valueNode, what: "'when: \(key.value)'")
            try Parameter.check(value: value, of: parameter.type, valueSets: valueSets, at: file.location(of: valueNode),
                                what: "'when: \(key.value)' of \(what)")
            conditions.append(Condition(parameter: key.value, value: value, location: key.location))
        }
        return conditions
    }
}

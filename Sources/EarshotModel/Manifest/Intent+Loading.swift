import Foundation
import Yams

extension Intent {
    init(node: Node, file: YAMLFile, valueSets: [ValueSet]) throws(LoadError) {
        let fields = try Fields(node, in: file, what: Fields.peek(node, "id").map { "intent '\($0)'" } ?? "an intent", allowed: [
            "id", "title", "category", "verb", "summary", "opensApp", "requiresConfirmation",
            "parameters", "dialog", "result", "handler",
        ])
        id = try fields.requiredString("id", fix: "Give the intent an 'id': its AppIntent type's name.")
        let what = "intent '\(id)'"
        location = fields.location
        fieldLocations = fields.valueLocations
        title = try fields.requiredString("title", fix: "Add a 'title' that starts with a verb, like 'Order soup'.")
        category = try fields.oneOf("category", IntentCategory.self) ?? .generic
        if let verb = try fields.string("verb") {
            guard category.verbs.contains(verb.lowercased()) else {
                throw LoadError(fields.location(of: "verb"), "'\(verb)' is not a verb of the \(category.rawValue) category.",
                                fix: "Use one of: \(category.verbs.joined(separator: ", ")), or choose another category.")
            }
            self.verb = verb.lowercased()
        } else {
            verb = category.defaultVerb
        }
        opensApp = try fields.bool("opensApp") ?? false
        requiresConfirmation = try fields.bool("requiresConfirmation") ?? false

        var parameters: [Parameter] = []
        if let list = fields["parameters"] {
            for item in try file.sequence(list, what: "'parameters' of \(what)") {
                let parameter = try Parameter(node: item, file: file, intent: id, valueSets: valueSets, earlier: parameters)
                parameters.append(parameter)
            }
        }
        self.parameters = parameters
        (summary, summaryVariants) = try Self.readSummary(fields, file: file, what: what, parameters: parameters, valueSets: valueSets)

        if let list = fields["handler"] {
            let parts = try file.strings(list, what: "'handler' of \(what)").map(\.value)
            if parts.isEmpty || parts[0].isEmpty {
                throw LoadError(fields.location(of: "handler"), "'handler' of \(what) is empty.",
                                fix: "Write the program and its arguments, like [python3, handlers/order.py].")
            }
            handler = parts
        } else {
            handler = nil
        }

        result = try ResultSpec(node: fields["result"], file: file, intent: id, parameters: parameters, valueSets: valueSets)
        dialog = try Dialog(node: fields["dialog"], file: file, intent: id)

        // Every case error names a dialogue error; every dialogue placeholder is a parameter or a result value.
        for resultCase in result.cases {
            if let key = resultCase.error, dialog.error(key) == nil {
                throw LoadError(resultCase.errorLocation ?? resultCase.location, "the case's error '\(key)' is not a key of dialog.errors of \(what).",
                                fix: "Add 'dialog: errors: \(key): <what the device says>', or use one of: \(dialog.errors.map(\.key).joined(separator: ", ")).")
            }
        }
        let known = Set(parameters.map(\.id)).union(result.values.map(\.key)).union(result.cases.flatMap { $0.values.map(\.key) })
        let lines: [(String, Template?)] = [("confirmation", dialog.confirmation), ("success", dialog.success),
                                            ("successSupporting", dialog.successSupporting)]
            + dialog.errors.map { ("errors.\($0.key)", $0.line) }
        for (key, template) in lines {
            let dialogLocation = dialog.locations[key] ?? fields.location(of: "dialog")
            guard let template else { continue }
            for name in template.placeholders where !known.contains(name) {
                let hint = name == Template.applicationName
                    ? "The device names the app itself (verbal attribution): remove {applicationName}."
                    : "Use a parameter (\(parameters.map(\.id).joined(separator: ", "))) or a result value"
                        + (handler == nil ? " listed under result.values." : "; list the values the handler returns under result.values, with defaults.")
                throw LoadError(dialogLocation, "dialog.\(key) of \(what) uses '{\(name)}', which is neither a parameter nor a result value.", fix: hint)
            }
        }
    }
}

extension Intent {
    /// `summary:` as text, or as a list of variants: `{ when: {parent: value}, text: ... }` items and one
    /// without `when`, used otherwise. Every placeholder is a parameter.
    fileprivate static func readSummary(_ fields: Fields, file: YAMLFile, what: String, parameters: [Parameter],
                                        valueSets: [ValueSet]) throws(LoadError) -> (String?, [SummaryVariant]) {
        guard let node = fields["summary"] else { return (nil, []) }
        func checked(_ text: String, at location: SourceLocation) throws(LoadError) -> String {
            for name in Template(text).placeholders where !parameters.contains(where: { $0.id == name }) {
                throw LoadError(location, "the summary of \(what) uses '{\(name)}', which is not a parameter.",
                                fix: Spelling.didYouMean(name, in: parameters.map(\.id),
                                                         then: "A parameter summary shows parameters: use one of \(parameters.map { "{\($0.id)}" }.joined(separator: ", ")).",
                                                         shown: { "{\($0)}" }))
            }
            return text
        }
        if case .scalar = node {
            return (try checked(try file.scalar(node, what: "'summary' of \(what)"), at: file.location(of: node)), [])
        }
        var otherwise: String?
        var variants: [SummaryVariant] = []
        for item in try file.sequence(node, what: "'summary' of \(what)") {
            let f = try Fields(item, in: file, what: "a summary of \(what)", allowed: ["when", "text"])
            let text = try checked(try f.requiredString("text", fix: "Write the summary under 'text:'."), at: f.location(of: "text"))
            if f["when"] == nil {
                if otherwise != nil {
                    throw LoadError(f.location, "\(what) has two summaries without 'when'.",
                                    fix: "Keep one summary for 'otherwise'; give the others a 'when: { parent: value }'.")
                }
                otherwise = text
            } else {
                let conditions = try Condition.read(f["when"], file: file, what: "'when' of a summary of \(what)", parameters: parameters,
                                                    valueSets: valueSets, scope: "a parameter of the intent")
                variants.append(SummaryVariant(when: conditions, text: text, location: f.location(of: "text")))
            }
        }
        return (otherwise, variants)
    }
}

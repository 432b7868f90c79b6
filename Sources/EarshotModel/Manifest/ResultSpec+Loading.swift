import Foundation
import Yams

extension ResultSpec {
    init(node: Node?, file: YAMLFile, intent: String, parameters: [Parameter], valueSets: [ValueSet]) throws(LoadError) {
        guard let node else {
            values = []
            cases = []
            location = nil
            return
        }
        let what = "the result of intent '\(intent)'"
        let fields = try Fields(node, in: file, what: what, allowed: ["values", "cases"])
        location = fields.location
        values = try Self.readValues(fields["values"], file: file, what: what)
        var cases: [ResultCase] = []
        if let list = fields["cases"] {
            for item in try file.sequence(list, what: "'cases' of \(what)") {
                let f = try Fields(item, in: file, what: "a case of \(what)", allowed: ["when", "values", "error"])
                let conditions = try Condition.read(f["when"], file: file, what: "'when' of a case of \(what)", parameters: parameters,
                                                    valueSets: valueSets, scope: "a parameter of the intent")
                cases.append(ResultCase(when: conditions, values: try Self.readValues(f["values"], file: file, what: "a case of \(what)"),
                                        error: try f.string("error"), location: f.location,
                                        errorLocation: f["error"] == nil ? nil : f.location(of: "error")))
            }
        }
        self.cases = cases
    }

    private static func readValues(_ node: Node?, file: YAMLFile, what: String) throws(LoadError) -> [(key: String, value: String)] {
        guard let node else { return [] }
        var out: [(String, String)] = []
        for (key, value) in try file.mapping(node, what: "'values' of \(what)") {
            out.append((key.value, try file.scalar(value, what: "result value '\(key.value)'")))
        }
        return out
    }
}

import Foundation
import Yams

extension Dialog {
    init(node: Node?, file: YAMLFile, intent: String) throws(LoadError) {
        guard let node else {
            confirmation = nil
            success = nil
            successSupporting = nil
            errors = []
            locations = [:]
            return
        }
        let what = "the dialog of intent '\(intent)'"
        let fields = try Fields(node, in: file, what: what, allowed: ["confirmation", "success", "successSupporting", "errors"])
        confirmation = try fields.string("confirmation").map(Template.init)
        success = try fields.string("success").map(Template.init)
        successSupporting = try fields.string("successSupporting").map(Template.init)
        var locations: [String: SourceLocation] = [:]
        for key in ["confirmation", "success", "successSupporting"] where fields[key] != nil {
            locations[key] = fields.location(of: key)
        }
        var errors: [(String, Template)] = []
        if let errorsNode = fields["errors"] {
            for (key, value) in try file.mapping(errorsNode, what: "'errors' of \(what)") {
                errors.append((key.value, Template(try file.scalar(value, what: "error '\(key.value)'"))))
                locations["errors.\(key.value)"] = file.location(of: value)
            }
        }
        self.errors = errors
        self.locations = locations
    }
}

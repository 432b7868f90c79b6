import EarshotDialogue
import EarshotImport
import EarshotModel
import Foundation

/// `earshot test --export-swift DIR`: a conversation test file written as Apple's SiriEvaluations scenarios,
/// so a suite that passes offline can run on a device, and a sidecar `*.convo.yaml` that runs the Swift file
/// with Earshot on the same apps and devices.
///
/// Each conversation becomes a `SiriScenario`, each `say:` a `UserTurn`. What a turn expects becomes:
/// `outcome: success` with the intent and its `parameters` → `Calls { intent.expect(…) }` (entity values by
/// `.expectIdentifier`, others by `.equals`, no value by `.isNil`); `outcome: no-match` or `intent: ~` →
/// `Calls(.disallowed)` of every intent; a plain or glob `reply` → `SiriResponse(.contains(…, caseSensitive:
/// false))` for each literal piece. What SiriEvaluations cannot say (devices, `audio:` turns, noise,
/// `heard`, `mode`, `app`, `asks`, `snippet`, regular expressions, other outcomes, settings) is listed in a
/// comment at the top of the file.
public struct SwiftScenarioWriter {
    /// One written suite.
    public struct Output: Sendable {
        /// Where the Swift file goes, and its text.
        public var swiftPath: String
        public var swift: String
        /// Where the sidecar goes, and its text.
        public var sidecarPath: String
        public var sidecar: String
        /// What the Swift file could not express, as listed at its top.
        public var notExpressed: [String]
        /// The conversations written, in order (those with a recording are left out).
        public var written: [String]
    }

    public let file: TestSuite.File

    public init(file: TestSuite.File) {
        self.file = file
    }

    /// The Swift file and its sidecar for a suite written into `directory`.
    public func write(into directory: String, name: String? = nil) -> Output {
        let test = file.test
        let base = name ?? Self.baseName(test.path)
        let typeBase = Self.identifier(base, upper: true)
        let apps = file.workspace.apps
        let intents = apps.flatMap(\.intents)
        let sets = apps.flatMap { $0.enums + $0.entities }
        var notes: [String] = []
        let profiles = test.profiles.map(\.value)
        notes.append("Devices: scenarios name none. These ran on \(profiles.joined(separator: ", "))"
            + " (the sidecar \(base).scenarios\(ConversationTestFile.fileSuffix) keeps them, and each scenario's own, for Earshot).")
        notes.append("Audio: every UserTurn is text; Earshot's --audio speaks it, and --noise has no counterpart.")
        if test.settings != TestSettings() { notes.append("The file's device settings (kept in the sidecar).") }

        var definitions = Set<String>()
        var body = ""
        var names: [String] = []
        var written: [String] = []
        var scenarioProfiles: [(String, [String])] = []
        var scenarioSettings: [(String, String)] = []
        // Conversations read from SiriEvaluations Swift are Swift already.
        conversations: for conversation in test.conversations where !conversation.gradesEveryTurn {
            var name = Self.identifier(conversation.name, upper: false)
            if name.hasSuffix("Intent") || name.hasSuffix("Entity") || name.hasSuffix("Definitions") { name += "Scenario" }
            while names.contains(name) { name += "Again" }
            var turns = ""
            var intent: String?
            var unsaid: [String] = []
            for (index, step) in conversation.turns.enumerated() {
                let turnLabel = "turn \(index + 1) of '\(conversation.name)'"
                let utterance: String
                switch step.input {
                case .say(let text): utterance = text
                case .audio(let path):
                    notes.append("'\(conversation.name)' is left out: \(turnLabel) is the recording \((path as NSString).lastPathComponent).")
                    continue conversations
                }
                let expect = step.expectation
                if let named = expect.intent { intent = named }
                var lines: [String] = []
                // Calls: what ran, with its values.
                if expect.outcome == .success, let performed = expect.intent.flatMap({ $0 }) ?? intent,
                   let declared = intents.first(where: { $0.id == performed }) {
                    definitions.insert("intent:" + performed)
                    var arguments: [String] = []
                    for (id, value) in expect.parameters {
                        let parameter = declared.parameters.first { $0.id == id }
                        let set = parameter?.type.valueSetID.flatMap { setID in sets.first { $0.id == setID } }
                        guard let value else {
                            arguments.append("\(id): .isNil")
                            continue
                        }
                        if let set, set.kind == .entity {
                            definitions.insert("entity:" + set.id)
                            arguments.append("\(id): \(Self.entityName(set.id)).expectIdentifier(\(SiriScenarioWriting.literal(value)))")
                        } else {
                            arguments.append("\(id): .equals(\(SiriScenarioWriting.literal(value)))")
                        }
                    }
                    let call = Self.intentName(performed) + (arguments.isEmpty ? "" : ".expect(\(arguments.joined(separator: ", ")))")
                    lines.append("Calls { \(call) }")
                } else if !expect.parameters.isEmpty {
                    unsaid.append("\(turnLabel): parameters \(expect.parameters.map { "\($0.id)=\($0.value ?? "~")" }.joined(separator: ", ")) before the intent ran")
                }
                if expect.outcome == .noMatch || (expect.intent != nil && expect.intent! == nil) {
                    for declared in intents { definitions.insert("intent:" + declared.id) }
                    lines.append("Calls(.disallowed) { \(intents.map { Self.intentName($0.id) }.joined(separator: "; ")) }")
                } else if let outcome = expect.outcome, outcome != .success {
                    unsaid.append("\(turnLabel): outcome \(outcome.rawValue)")
                } else if expect.outcome == .success, (expect.intent.flatMap { $0 } ?? intent) == nil {
                    unsaid.append("\(turnLabel): outcome success of an intent this file does not name")
                }
                if let reply = expect.reply {
                    switch reply.kind {
                    case .text:
                        lines.append("SiriResponse(.contains(\(SiriScenarioWriting.literal(reply.source)), caseSensitive: false))")
                    case .glob:
                        let pieces = reply.source.components(separatedBy: CharacterSet(charactersIn: "*?"))
                            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                        if pieces.isEmpty {
                            unsaid.append("\(turnLabel): reply \(reply.source)")
                        } else {
                            lines.append("SiriResponse(" + pieces.map { ".contains(\(SiriScenarioWriting.literal($0)), caseSensitive: false)" }.joined(separator: ", ") + ")")
                        }
                    case .regex: unsaid.append("\(turnLabel): reply \(reply.source) (a regular expression)")
                    }
                }
                for key in [TurnExpectation.Key.heard, .app, .mode, .asks, .snippet] where expect.locations[key] != nil {
                    unsaid.append("\(turnLabel): \(key.rawValue)")
                }
                if lines.isEmpty {
                    turns += "    UserTurn(\(SiriScenarioWriting.literal(utterance)))\n"
                } else {
                    turns += "    UserTurn(\(SiriScenarioWriting.literal(utterance))) {\n" + lines.map { "        \($0)\n" }.joined() + "    }\n"
                }
            }
            if conversation.settings != TestSettings() {
                unsaid.append("'\(conversation.name)': its device settings (kept in the sidecar)")
                if let settings = Self.yaml(conversation.settings) { scenarioSettings.append((name, settings)) }
            }
            notes += unsaid
            names.append(name)
            written.append(conversation.name)
            if let own = conversation.profiles { scenarioProfiles.append((name, own.map(\.value))) }
            body += "/// \(conversation.name.replacingOccurrences(of: "\n", with: " "))\n"
            body += "let \(name) = SiriScenario {\n" + turns + "}\n\n"
        }

        var swift = "// Written by `earshot test --export-swift` from \(test.path).\n"
        swift += "//\n// Not expressed in SiriEvaluations (Earshot checks these in the *.convo.yaml only):\n"
        swift += notes.map { "// - \($0.replacingOccurrences(of: "\n", with: " "))\n" }.joined()
        swift += "\nimport AppIntentsTesting\nimport SiriEvaluations\n\n"
        let definitionsName = Self.identifier(typeBase, upper: false) + "Definitions"
        let bundle = "com.example." + Self.identifier(apps.first?.name ?? base, upper: false).lowercased()
        swift += "/// Set the bundle identifier of your app (Earshot reads the app from --app or the sidecar's 'apps').\n"
        swift += "let \(definitionsName) = IntentDefinitions(bundleIdentifier: \(SiriScenarioWriting.literal(bundle)))\n"
        for definition in definitions.sorted() {
            let parts = definition.split(separator: ":", maxSplits: 1).map(String.init)
            let collection = parts[0] == "intent" ? "intents" : "entities"
            swift += "let \(parts[0] == "intent" ? Self.intentName(parts[1]) : Self.entityName(parts[1])) = \(definitionsName).\(collection)[\(SiriScenarioWriting.literal(parts[1]))]\n"
        }
        swift += "\n" + body
        swift += "/// Every scenario of \((test.path as NSString).lastPathComponent), in order.\n"
        swift += "let \(Self.identifier(typeBase, upper: false))Scenarios: [SiriScenario] = [\n" + names.map { "    \($0),\n" }.joined() + "]\n"

        let swiftName = "\(typeBase)Scenarios.swift"
        let swiftPath = (directory as NSString).appendingPathComponent(swiftName)
        let sidecarPath = (directory as NSString).appendingPathComponent("\(base).scenarios\(ConversationTestFile.fileSuffix)")
        var sidecar = "# Written by `earshot test --export-swift` from \(test.path): runs \(swiftName) with Earshot\n"
        sidecar += "# on the apps and devices of the original.\n"
        sidecar += "apps: [\(test.apps.map { Self.yaml(Self.relative($0.value, from: directory)) }.joined(separator: ", "))]\n"
        sidecar += "profiles: [\(test.profiles.map { Self.yaml(Self.profilePath($0.value, from: directory)) }.joined(separator: ", "))]\n"
        if let settings = Self.yaml(test.settings) { sidecar += "settings: \(settings)\n" }
        sidecar += "scenarios: [\(swiftName)]\n"
        if !scenarioProfiles.isEmpty {
            sidecar += "scenarioProfiles:\n" + scenarioProfiles.map { "  \($0.0): [\($0.1.map { Self.yaml(Self.profilePath($0, from: directory)) }.joined(separator: ", "))]\n" }.joined()
        }
        if !scenarioSettings.isEmpty {
            sidecar += "scenarioSettings:\n" + scenarioSettings.map { "  \($0.0): \($0.1)\n" }.joined()
        }
        return Output(swiftPath: swiftPath, swift: swift, sidecarPath: sidecarPath, sidecar: sidecar, notExpressed: notes, written: written)
    }

    /// A test file's name without `.convo.yaml`.
    static func baseName(_ path: String) -> String {
        var base = (path as NSString).lastPathComponent
        if base.hasSuffix(ConversationTestFile.fileSuffix) { base.removeLast(ConversationTestFile.fileSuffix.count) }
        return base
    }

    /// Names for the files of `paths`, each unique: the file's own name, else with the folder it belongs to
    /// (`soupchef-answers` for `soupchef/tests/answers.convo.yaml`), else numbered.
    static func uniqueNames(_ paths: [String]) -> [String] {
        let bases = paths.map(baseName)
        var used = Set<String>()
        var out: [String] = []
        for (path, base) in zip(paths, bases) {
            var name = base
            if bases.filter({ $0 == base }).count > 1 {
                var folder = (path as NSString).deletingLastPathComponent
                if (folder as NSString).lastPathComponent == "tests" { folder = (folder as NSString).deletingLastPathComponent }
                let owner = (URL(fileURLWithPath: folder).standardizedFileURL.path as NSString).lastPathComponent
                name = owner.isEmpty ? base : "\(owner)-\(base)"
            }
            var candidate = name
            var counter = 2
            while used.contains(candidate) {
                candidate = "\(name)-\(counter)"
                counter += 1
            }
            used.insert(candidate)
            out.append(candidate)
        }
        return out
    }

    /// The constant an intent's definition is bound to: `orderSoupIntent`.
    static func intentName(_ id: String) -> String {
        let name = identifier(id, upper: false)
        return name.hasSuffix("Intent") ? name : name + "Intent"
    }

    /// The constant an entity's definition is bound to: `plantEntity`.
    static func entityName(_ id: String) -> String {
        let name = identifier(id, upper: false)
        return name.hasSuffix("Entity") ? name : name + "Entity"
    }

    /// A Swift identifier from free text: "order from the list" → `orderFromTheList`.
    static func identifier(_ text: String, upper: Bool) -> String {
        let words = text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        var out = ""
        for (index, word) in words.enumerated() {
            let first = word.prefix(1)
            let rest = word.dropFirst()
            if index == 0 && !upper {
                out += first.lowercased() + rest
            } else {
                out += first.uppercased() + rest
            }
        }
        if out.isEmpty { out = upper ? "Scenario" : "scenario" }
        if let first = out.first, first.isNumber { out = (upper ? "Scenario" : "scenario") + out }
        let keywords: Set<String> = ["let", "var", "func", "class", "struct", "enum", "import", "return", "if", "else", "for", "in", "while", "switch", "case", "default", "true", "false", "nil", "self", "Self", "init", "static", "protocol", "extension", "do", "try", "catch", "throw", "where", "is", "as", "any", "some"]
        return keywords.contains(out) ? "`\(out)`" : out
    }

    /// `path` (as the suite resolved it) relative to `directory`.
    static func relative(_ path: String, from directory: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let base = URL(fileURLWithPath: directory).standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        let rest = Array(target[common...])
        let joined = (up + rest).joined(separator: "/")
        return joined.isEmpty ? "." : joined
    }

    /// A profile id as it is; a profile file relative to `directory`.
    static func profilePath(_ profile: String, from directory: String) -> String {
        profile.contains("/") || profile.hasSuffix(".yaml") || profile.hasSuffix(".json") ? relative(profile, from: directory) : profile
    }

    /// A YAML scalar, quoted when plain would not read back the same.
    static func yaml(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "._/-".contains($0) } && !text.isEmpty
        return plain ? text : SiriScenarioWriting.literal(text)
    }

    /// Settings as a YAML flow mapping, or `nil` when none are set.
    static func yaml(_ settings: TestSettings) -> String? {
        var pairs: [String] = []
        if let value = settings.personalRequests { pairs.append("personalRequests: \(value)") }
        if let value = settings.worn { pairs.append("worn: \(value)") }
        if let value = settings.unlocked { pairs.append("unlocked: \(value)") }
        if let zone = settings.timeZone { pairs.append("timeZone: \(zone.identifier)") }
        if let clock = settings.clock {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = settings.timeZone ?? TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
            pairs.append("clock: \"\(formatter.string(from: clock))\"")
        }
        return pairs.isEmpty ? nil : "{ " + pairs.joined(separator: ", ") + " }"
    }
}

extension SwiftScenarioWriter {
    /// Writes every `*.convo.yaml` suite of `suite` into `directory` (made when missing) as SiriEvaluations Swift
    /// with its sidecar, each under a name of its own; scenarios read from Swift files are not written again. An existing file is replaced only
    /// with `force`.
    ///
    /// - Returns: what was written, in suite order.
    /// - Throws: ``LoadError`` for a file that exists (without `force`) or cannot be written; nothing is written then.
    public static func export(_ suite: TestSuite, into directory: String, force: Bool = false) throws(LoadError) -> [Output] {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw LoadError(SourceLocation(file: directory), "--export-swift needs a folder; this is a file.", fix: "Give a folder (it is made when missing).")
        }
        let files = suite.files.filter { $0.test.conversations.contains { !$0.gradesEveryTurn } }
        let names = uniqueNames(files.map(\.test.path))
        let outputs = zip(files, names).map { SwiftScenarioWriter(file: $0.0).write(into: directory, name: $0.1) }
        for output in outputs where !force {
            for path in [output.swiftPath, output.sidecarPath] where FileManager.default.fileExists(atPath: path) {
                throw LoadError(SourceLocation(file: path), "this file exists; --export-swift does not replace it.",
                                fix: "Export into another folder, remove the file, or add --force to replace it.")
            }
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for output in outputs {
                try Data(output.swift.utf8).write(to: URL(fileURLWithPath: output.swiftPath), options: .atomic)
                try Data(output.sidecar.utf8).write(to: URL(fileURLWithPath: output.sidecarPath), options: .atomic)
            }
        } catch {
            throw LoadError(SourceLocation(file: directory), "cannot write there: \(error.localizedDescription).",
                            fix: "Check that the folder can be written.")
        }
        return outputs
    }
}

import EarshotDialogue
import EarshotImport
import EarshotMatching
import EarshotModel
import Foundation
import Yams

extension ConversationTestFile {
    /// The file name ending that marks a conversation test file.
    public static let fileSuffix = ".convo.yaml"

    /// Reads and checks a test file's own syntax: its keys, every `expect` key, patterns and values.
    /// Paths are resolved against the file's folder; whether the apps, profiles, intents and audio
    /// exist is checked by ``TestSuite/load(paths:profilesDirectory:)``.
    ///
    /// - Throws: ``LoadError`` naming the file, line and column, and the fix.
    public init(contentsOf path: String) throws(LoadError) {
        try self.init(file: try YAMLFile(contentsOf: path))
    }

    /// Reads a test file from text; `path` names it in errors and is where relative paths start.
    public init(yaml text: String, path: String) throws(LoadError) {
        try self.init(file: try YAMLFile(path: path, text: text))
    }

    init(file: YAMLFile) throws(LoadError) {
        if case .mapping(let mapping) = file.root, mapping["apps"] == nil, mapping["intents"] != nil || mapping["app"] != nil {
            throw LoadError(file.location(of: file.root), "this is an app manifest, not a conversation test file.",
                            fix: "Give earshot test the *\(Self.fileSuffix) files (or their folder); a test file names its apps under 'apps:'.")
        }
        let root = try Fields(file.root, in: file, what: "the test file",
                              allowed: ["apps", "profiles", "settings", "conversations", "scenarios", "scenarioProfiles", "scenarioSettings"])
        path = file.path
        let folder = (file.path as NSString).deletingLastPathComponent
        let appsNode = try root.require("apps", fix: "Add 'apps: [../app.yaml]' (manifests or app folders, relative to this file).")
        apps = try file.strings(appsNode, what: "'apps'").map { Located(Self.resolve($0.value, from: folder), at: $0.location) }
        if apps.isEmpty {
            throw LoadError(file.location(of: appsNode), "'apps' is empty.", fix: "Name at least one manifest, e.g. apps: [../app.yaml].")
        }
        profiles = (try root.strings("profiles") ?? [Located("homepod", at: root.location)]).map { Self.resolveProfile($0, from: folder) }
        if profiles.isEmpty, let node = root["profiles"] {
            throw LoadError(file.location(of: node), "'profiles' is empty.", fix: "Name at least one, e.g. profiles: [homepod, watch].")
        }
        settings = try TestSettings(root["settings"], in: file)
        // A sidecar of SiriEvaluations Swift files: `scenarios: [../UITests/Scenarios.swift]` (our extension).
        let scenarioFiles = try root.strings("scenarios") ?? []
        if let node = root["scenarios"], scenarioFiles.isEmpty {
            throw LoadError(file.location(of: node), "'scenarios' is empty.", fix: "Name the Swift files of SiriEvaluations scenarios, relative to this file.")
        }
        var scenarioProfiles: [String: [Located<String>]] = [:]
        if let node = root["scenarioProfiles"] {
            for (name, list) in try file.mapping(node, what: "'scenarioProfiles'") {
                scenarioProfiles[name.value] = try file.strings(list, what: "'scenarioProfiles' of '\(name.value)'").map { Self.resolveProfile($0, from: folder) }
            }
        }
        var scenarioSettings: [String: (TestSettings, SourceLocation)] = [:]
        if let node = root["scenarioSettings"] {
            for (name, settingsNode) in try file.mapping(node, what: "'scenarioSettings'") {
                scenarioSettings[name.value] = (try TestSettings(settingsNode, in: file), name.location)
            }
        }
        let nodes = try root["conversations"].map { node throws(LoadError) in try file.sequence(node, what: "'conversations'") } ?? []
        if scenarioFiles.isEmpty, root["conversations"] == nil {
            throw LoadError(file.location(of: file.root), "the test file has no 'conversations'.",
                            fix: "Add a 'conversations:' list, each with a name and turns (or 'scenarios:', SiriEvaluations Swift files).")
        }
        if nodes.isEmpty, scenarioFiles.isEmpty, let node = root["conversations"] {
            throw LoadError(file.location(of: node), "'conversations' is empty.", fix: "Add at least one conversation with a name and turns.")
        }
        var conversations: [ConversationTest] = []
        for swift in scenarioFiles {
            let swiftPath = Self.resolve(swift.value, from: folder)
            guard FileManager.default.fileExists(atPath: swiftPath) else {
                throw LoadError(swift.location, "no Swift file at '\(swiftPath)'.", fix: "Check the path: it is relative to this test file's folder.")
            }
            let read = try SiriScenarioReader().read(contentsOf: swiftPath)
            for scenario in read.scenarios {
                if let earlier = conversations.first(where: { $0.name == scenario.name }) {
                    throw LoadError(scenario.location, "a second scenario named '\(scenario.name)' (first at \(earlier.location)).",
                                    fix: "Bind each scenario to its own constant name: reports and --filter tell them apart by it.")
                }
                var conversation = ConversationTest(scenario: scenario, profiles: scenarioProfiles[scenario.name])
                if let own = scenarioSettings[scenario.name] { conversation.settings = own.0 }
                conversations.append(conversation)
            }
        }
        for (name, own) in scenarioSettings where !conversations.contains(where: { $0.name == name }) {
            throw LoadError(own.1, "'scenarioSettings' names no scenario '\(name)'.",
                            fix: (Spelling.nearest(to: name, in: conversations.map(\.name)).map { "Did you mean '\($0)'? " } ?? "")
                                + "Use the constant a scenario is bound to.")
        }
        for (name, list) in scenarioProfiles where !conversations.contains(where: { $0.name == name }) {
            throw LoadError(list.first?.location ?? file.location(of: file.root), "'scenarioProfiles' names no scenario '\(name)'.",
                            fix: (Spelling.nearest(to: name, in: conversations.map(\.name)).map { "Did you mean '\($0)'? " } ?? "")
                                + "Use the constant a scenario is bound to.")
        }
        for node in nodes {
            let conversation = try ConversationTest(node: node, file: file, folder: folder)
            if let earlier = conversations.first(where: { $0.name == conversation.name }) {
                throw LoadError(conversation.location,
                                "a second conversation named '\(conversation.name)' (first at line \(earlier.location.line ?? 0)).",
                                fix: "Give each conversation its own name: reports and --filter tell them apart by it.")
            }
            conversations.append(conversation)
        }
        self.conversations = conversations
    }

    /// A profile as written: an id as it is, a profile file's path against the test file's folder.
    static func resolveProfile(_ profile: Located<String>, from folder: String) -> Located<String> {
        let value = profile.value
        guard value.contains("/") || [".yaml", ".yml", ".json"].contains(where: value.hasSuffix) else { return profile }
        return Located(resolve(value, from: folder), at: profile.location)
    }

    /// `path` as written in the test file, against the file's folder unless it is absolute.
    static func resolve(_ path: String, from folder: String) -> String {
        if path.hasPrefix("/") || folder.isEmpty { return path }
        return (folder as NSString).appendingPathComponent(path)
    }
}

extension ConversationTest {
    init(node: Node, file: YAMLFile, folder: String) throws(LoadError) {
        let peeked = Fields.peek(node, "name").map { "conversation '\($0)'" } ?? "a conversation"
        let fields = try Fields(node, in: file, what: peeked, allowed: ["name", "profiles", "settings", "tags", "turns"])
        name = try fields.requiredString("name", fix: "Give the conversation a 'name:' (it names the test in reports).")
        location = fields.location
        profiles = try fields.strings("profiles")?.map { ConversationTestFile.resolveProfile($0, from: folder) }
        if let profiles, profiles.isEmpty {
            throw LoadError(fields.location(of: "profiles"), "'profiles' of \(peeked) is empty.",
                            fix: "Name at least one profile, or leave 'profiles' out to use the file's.")
        }
        settings = try TestSettings(fields["settings"], in: file)
        tags = try fields.strings("tags")?.map(\.value) ?? []
        let turnNodes = try file.sequence(try fields.require("turns", fix: "Add 'turns:', a list of '- say: ...' lines."),
                                          what: "'turns' of \(peeked)")
        if turnNodes.isEmpty {
            throw LoadError(fields.location(of: "turns"), "\(peeked) has no turns.", fix: "Add at least one '- say: ...' turn.")
        }
        var turns: [TestTurn] = []
        for (index, turnNode) in turnNodes.enumerated() {
            turns.append(try TestTurn(node: turnNode, file: file, folder: folder, what: "turn \(index + 1) of \(peeked)"))
        }
        self.turns = turns
    }
}

extension TestTurn {
    init(node: Node, file: YAMLFile, folder: String, what: String) throws(LoadError) {
        let fields = try Fields(node, in: file, what: what, allowed: ["say", "audio", "expect"])
        location = fields.location
        switch (fields["say"], fields["audio"]) {
        case (.some, .some):
            throw LoadError(fields.keyLocation(of: "audio"), "\(what) has both 'say' and 'audio'.",
                            fix: "Keep one: 'say' for typed text, 'audio' for a recording.")
        case (.none, .none):
            throw LoadError(fields.location, "\(what) has neither 'say' nor 'audio'.",
                            fix: "Add 'say: <what the person says>' or 'audio: <a recording>'.")
        case (.some, .none):
            input = .say(try fields.requiredString("say", fix: "Write what the person says after 'say:'."))
        case (.none, .some):
            let written = try fields.requiredString("audio", fix: "Give the recording's path after 'audio:' (relative to this file).")
            input = .audio(path: ConversationTestFile.resolve(written, from: folder))
        }
        expectation = try fields["expect"].map { node throws(LoadError) in try TurnExpectation(node: node, file: file, what: "'expect' of \(what)") }
            ?? TurnExpectation()
    }
}

extension TurnExpectation {
    init(node: Node, file: YAMLFile, what: String) throws(LoadError) {
        self.init()
        let fields = try Fields(node, in: file, what: what, allowed: Key.yamlKeys.map(\.rawValue))
        for (name, keyNode, value) in fields.pairs {
            guard let key = Key(rawValue: name) else { continue }
            locations[key] = file.location(of: keyNode)
            let valueWhat = "'\(name)' of \(what)"
            switch key {
            case .heard, .reply:
                if value.null != nil {
                    throw LoadError(file.location(of: value), "\(valueWhat) cannot be ~: the device always hears and says something.",
                                    fix: key == .heard ? "Write what it must hear, or leave 'heard' out." : "Write what it must say, or leave 'reply' out.")
                }
                let pattern = try Self.pattern(value, file: file, what: valueWhat)
                if key == .heard { heard = pattern } else { reply = pattern }
            case .snippet: snippet = value.null != nil ? .some(nil) : try Self.pattern(value, file: file, what: valueWhat)
            case .intent: intent = value.null != nil ? .some(nil) : try Self.text(value, file: file, what: valueWhat)
            case .app: app = value.null != nil ? .some(nil) : try Self.text(value, file: file, what: valueWhat)
            case .asks: asks = value.null != nil ? .some(nil) : try Self.text(value, file: file, what: valueWhat)
            case .mode: mode = try Self.choice(value, MatchMode.self, ["exact", "flexible"], file: file, what: valueWhat)
            case .outcome: outcome = try Self.choice(value, Outcome.self, Outcome.allCases.map(\.rawValue), file: file, what: valueWhat)
            case .parameters:
                for (id, valueNode) in try file.mapping(value, what: valueWhat) {
                    let expected = valueNode.null != nil ? nil : try file.scalar(valueNode, what: "parameter '\(id.value)' of \(what)")
                    parameters.append((id.value, expected))
                }
            case .calls, .response, .onScreen, .finds, .loads:
                continue  // SiriEvaluations' kinds: never keys of `expect:` (not in Key.yamlKeys)
            }
        }
    }

    static func text(_ node: Node, file: YAMLFile, what: String) throws(LoadError) -> String {
        let text = try file.scalar(node, what: what)
        if text.trimmingCharacters(in: .whitespaces).isEmpty {
            throw LoadError(file.location(of: node), "\(what) is empty.", fix: "Write the value, or leave the key out.")
        }
        return text
    }

    static func pattern(_ node: Node, file: YAMLFile, what: String) throws(LoadError) -> TextPattern {
        do {
            return try TextPattern(try text(node, file: file, what: what))
        } catch let error as PatternError {
            throw LoadError(file.location(of: node), "\(what): \(error.message).",
                            fix: "Write plain text, a glob with * and ?, or a regular expression between slashes (/…/).")
        } catch let error as LoadError {
            throw error
        } catch {
            throw LoadError(file.location(of: node), "\(what): \(error).")
        }
    }

    static func choice<T: RawRepresentable>(_ node: Node, _ type: T.Type, _ allowed: [String], file: YAMLFile,
                                            what: String) throws(LoadError) -> T where T.RawValue == String {
        let text = try file.scalar(node, what: what)
        guard let value = T(rawValue: text) else {
            let fix = Spelling.didYouMean(text, in: allowed, then: "Use one of: \(allowed.joined(separator: ", ")).")
            throw LoadError(file.location(of: node), "\(what) cannot be '\(text)'.", fix: fix)
        }
        return value
    }
}

extension TestSettings {
    init(_ node: Node?, in file: YAMLFile) throws(LoadError) {
        self.init()
        guard let node else { return }
        let fields = try Fields(node, in: file, what: "'settings'", allowed: ["personalRequests", "worn", "unlocked", "clock", "timeZone"])
        personalRequests = try fields.bool("personalRequests")
        worn = try fields.bool("worn")
        unlocked = try fields.bool("unlocked")
        if let name = try fields.string("timeZone") {
            guard let zone = TimeZone(identifier: name) else {
                throw LoadError(fields.location(of: "timeZone"), "'timeZone' of 'settings' is not a time zone: '\(name)'.",
                                fix: "Write an IANA name, e.g. timeZone: America/New_York (or UTC).")
            }
            timeZone = zone
        }
        if let text = try fields.string("clock") {
            // Read in the file's time zone when it names one, else in UTC, so a suite answers the same everywhere.
            guard let date = SpokenDates.date(iso: text, timeZone: timeZone ?? TimeZone(identifier: "UTC")!) else {
                throw LoadError(fields.location(of: "clock"), "'clock' of 'settings' is not a local date and time: '\(text)'.",
                                fix: "Write it as clock: \"2026-11-25T09:30\" (quoted), the time the device's clock shows.")
            }
            clock = date
        }
    }
}

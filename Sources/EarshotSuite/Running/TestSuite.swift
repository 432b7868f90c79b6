import Earshot
import EarshotAudio
import EarshotImport
import EarshotModel
import Foundation

/// Conversation test files with the apps, profiles and recordings they name, all loaded and checked:
/// a suite that loads runs without a surprise about its inputs.
public struct TestSuite: Sendable {
    /// One test file and what it works on.
    public struct File: Sendable {
        public var test: ConversationTestFile
        public var workspace: Workspace
    }

    public var files: [File]
    /// The recordings of the `audio:` turns, by resolved path, read once.
    public var recordings: [String: AudioBuffer]

    /// Finds test files under `paths` (files, or folders searched for `*.convo.yaml`), loads each with
    /// its apps and checks every name it uses against them.
    ///
    /// - Throws: ``LoadError`` with the file and line of the first problem: a key that does not exist, a
    ///   manifest that is missing or broken, an unknown profile, intent, app or parameter, a recording
    ///   that is missing or unreadable.
    ///
    /// A Swift file given by its path holds SiriEvaluations scenarios: they run on the apps `apps` names (Swift
    /// sources, manifests, folders holding `app.yaml`) and on `profiles` (default HomePod).
    public static func load(paths: [String], profilesDirectory: String? = nil, apps givenApps: [String] = [],
                            profiles givenProfiles: [String] = []) throws(LoadError) -> TestSuite {
        let profiles = try Workspace.loadProfiles(directory: profilesDirectory)
        var files: [File] = []
        var recordings: [String: AudioBuffer] = [:]
        for path in try testFiles(paths) {
            let test = path.hasSuffix(ConversationTestFile.swiftSuffix)
                ? try ConversationTestFile(swiftScenarios: path, apps: givenApps, profiles: givenProfiles)
                : try ConversationTestFile(contentsOf: path)
            var apps: [AppManifest] = []
            for app in test.apps {
                let manifest = AppManifest.manifestPath(for: app.value)
                guard FileManager.default.fileExists(atPath: manifest) || AppImporter.isSourceFolder(app.value) else {
                    throw LoadError(app.location, "no app manifest at '\(app.value)'.",
                                    fix: "Check the path: it is relative to the test file's folder (a manifest, a folder holding app.yaml, or the app's sources).")
                }
                apps.append(try AppImporter().loadApp(app.value))
            }
            let workspace = Workspace(apps: apps, profiles: profiles)
            try check(test, against: workspace)
            try checkScenarios(test, against: workspace.apps)
            for conversation in test.conversations {
                for turn in conversation.turns {
                    guard case .audio(let audioPath) = turn.input, recordings[audioPath] == nil else { continue }
                    do {
                        recordings[audioPath] = try AudioFile.read(audioPath)
                    } catch {
                        throw LoadError(turn.location, "the recording '\(audioPath)' cannot be used: \(error.problem).",
                                        fix: "Check the path (relative to the test file's folder) and that it is an audio file.")
                    }
                }
            }
            files.append(File(test: test, workspace: workspace))
        }
        return TestSuite(files: files, recordings: recordings)
    }

    /// The test files under `paths`, in the order given, each folder's sorted by path.
    static func testFiles(_ paths: [String]) throws(LoadError) -> [String] {
        var out: [String] = []

        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw LoadError(SourceLocation(file: path), "no such file or folder.",
                                fix: "Give test files (*\(ConversationTestFile.fileSuffix)) or folders holding them.")
            }
            guard isDirectory.boolValue else {
                out.append(path)
                continue
            }
            // Hidden folders (.build, .git) are not searched.
            var found: [String] = []
            let base = URL(fileURLWithPath: path)
            if let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) {
                for case let url as URL in walk where url.lastPathComponent.hasSuffix(ConversationTestFile.fileSuffix) {
                    let relative = url.standardizedFileURL.path.dropFirst(base.standardizedFileURL.path.count).drop { $0 == "/" }
                    found.append((path as NSString).appendingPathComponent(String(relative)))
                }
            }
            found.sort()
            if found.isEmpty {
                throw LoadError(SourceLocation(file: path), "no test files (*\(ConversationTestFile.fileSuffix)) in this folder.",
                                fix: "Give the test files' folder, or write one (see docs/testing.md).")
            }
            out += found
        }
        // A file named twice (by a folder and by its path, or as ./t and t) runs once.
        var seen = Set<String>()
        return out.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
    }

    /// Checks the names a test file uses against its apps and the profiles.
    static func check(_ test: ConversationTestFile, against workspace: Workspace) throws(LoadError) {
        for profile in test.profiles + test.conversations.flatMap({ $0.profiles ?? [] }) {
            // A profile file that exists but does not load says why, at its own line.
            if FileManager.default.fileExists(atPath: profile.value) {
                _ = try workspace.profiles.profile(profile.value)
                continue
            }
            guard (try? workspace.profiles.profile(profile.value)) != nil else {
                let known = workspace.profiles.profiles.map(\.id)
                throw LoadError(profile.location, "no profile '\(profile.value)'.",
                                fix: Spelling.didYouMean(profile.value, in: known, then: "Known: \(known.joined(separator: ", ")) (or a profile file's path)."))
            }
        }
        let intents = workspace.apps.flatMap(\.intents)
        let intentIDs = intents.map(\.id)
        let parameterIDs = Array(Set(intents.flatMap { $0.parameters.map(\.id) })).sorted()
        let appNames = workspace.apps.map(\.name)
        // The value ids each parameter of a value set can take, over every app.
        var valueIDs: [String: [String]] = [:]
        for app in workspace.apps {
            let sets = app.enums + app.entities
            for intent in app.intents {
                for parameter in intent.parameters {
                    guard let setID = parameter.type.valueSetID, let set = sets.first(where: { $0.id == setID }) else { continue }
                    for value in set.values where !(valueIDs[parameter.id] ?? []).contains(value.id) {
                        valueIDs[parameter.id, default: []].append(value.id)
                    }
                }
            }
        }
        for conversation in test.conversations {
            for turn in conversation.turns {
                let expect = turn.expectation
                func unknown(_ key: TurnExpectation.Key, _ what: String, _ value: String, _ known: [String]) -> LoadError {
                    return LoadError(expect.locations[key] ?? turn.location, "no \(what) '\(value)' in the apps of this file.",
                                     fix: Spelling.didYouMean(value, in: known, then: "Known: \(known.joined(separator: ", "))."))
                }
                if let intent = expect.intent, let intent, !intentIDs.contains(intent) {
                    throw unknown(.intent, "intent", intent, intentIDs)
                }
                if let app = expect.app, let app, !appNames.contains(where: { $0.lowercased() == app.lowercased() }) {
                    throw unknown(.app, "app", app, appNames)
                }
                for (id, value) in expect.parameters {
                    guard parameterIDs.contains(id) else { throw unknown(.parameters, "parameter", id, parameterIDs) }
                    // A value of a value set must be one of its ids (numbers and text are not checked).
                    let known = valueIDs[id] ?? []
                    if let value, !known.isEmpty, !known.contains(value) {
                        throw LoadError(expect.locations[.parameters] ?? turn.location,
                                        "no value '\(value)' of parameter '\(id)' in the apps of this file.",
                                        fix: Spelling.didYouMean(value, in: known, then: "Its values: \(known.joined(separator: ", ")) (ids, not titles)."))
                    }
                }
                if let asks = expect.asks, let asks, !["confirmation", "intent"].contains(asks), !parameterIDs.contains(asks) {
                    throw unknown(.asks, "parameter", asks, ["confirmation", "intent"] + parameterIDs)
                }
            }
        }
    }
}

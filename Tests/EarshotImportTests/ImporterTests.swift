import Earshot
import EarshotImport
import EarshotModel
import Foundation
import Testing

/// Each syntax form real App Intents code uses, in a small fixture of its own.
@Suite struct ProviderFormTests {
    @Test func conformanceInAnExtensionWithTheEnumInAnotherFile() throws {
        let provider = """
        import AppIntents

        struct TideShortcuts {}

        extension TideShortcuts: AppShortcutsProvider {
            static var appShortcuts: [AppShortcut] {
                AppShortcut(intent: LogTide(), phrases: [
                    "Log the tide in \\(.applicationName)",
                    "Log \\(\\.$level) in \\(.applicationName)"
                ], shortTitle: "Log Tide", systemImageName: "water.waves")
            }
        }
        """
        let folder = try SourceFolder(["App/Shortcuts.swift": provider, "App/Intents.swift": tideIntents, "Model/Level.swift": tideEnum])
        let (manifest, violations, result) = try folder.manifest()
        #expect(violations.isEmpty)
        #expect(result.errors.isEmpty)
        let shortcut = try #require(manifest.shortcuts.first)
        #expect(shortcut.intent == "LogTide")
        #expect(shortcut.phrases.map(\.text) == ["Log the tide in {applicationName}", "Log {level} in {applicationName}"])
        #expect(shortcut.shortTitle == "Log Tide")
        #expect(shortcut.systemImage == "water.waves")
        // The phrase points at its Swift line.
        #expect(shortcut.phrases[1].location.file == folder.file("App/Shortcuts.swift"))
        #expect(shortcut.phrases[1].location.line == line(of: "Log \\(\\.$level)", in: provider))
        let level = try #require(manifest.valueSet("TideLevel"))
        #expect(level.title == "Tide level")
        #expect(level.values.map(\.title) == ["Low tide", "High tide"])
        #expect(level.location.file == folder.file("Model/Level.swift"))
        #expect(manifest.intent("LogTide")?.parameter("level")?.type == .values("TideLevel"))
        // The written YAML names the sources.
        #expect(result.yaml.text.contains("# App/Shortcuts.swift:\(line(of: "Log \\(\\.$level)", in: provider)!)"))
    }

    @Test func finalClassReturningAnArrayWithTrailingCommas() throws {
        let provider = """
        import AppIntents

        final class Shortcuts: AppShortcutsProvider {
            static var appShortcuts: [AppShortcut] {
                return [
                    AppShortcut(
                        intent: LogTide(),
                        phrases: ["Log the tide with \\(.applicationName)",],
                        shortTitle: "Log",
                        systemImageName: "water.waves",
                    ),
                ]
            }
        }
        """
        let folder = try SourceFolder(["Shortcuts.swift": provider, "Intents.swift": tideIntents, "Level.swift": tideEnum])
        let (manifest, _, result) = try folder.manifest()
        #expect(result.errors.isEmpty)
        #expect(manifest.shortcuts.map(\.intent) == ["LogTide"])
        #expect(manifest.shortcuts[0].phrases.map(\.text) == ["Log the tide with {applicationName}"])
    }

    @Test func publicStructBuilderWithPhraseWrappersStaticLetsAndCommentedOutShortcuts() throws {
        let provider = """
        import AppIntents

        public struct Shortcuts: AppShortcutsProvider {
            static let tidePhrases: [AppShortcutPhrase<LogTide>] = [
                "Note the tide in \\(.applicationName)",
                AppShortcutPhrase<LogTide>("Record \\(\\.$level) in \\(.applicationName)"),
            ]

            @AppShortcutsBuilder
            public static var appShortcuts: [AppShortcut] {
                AppShortcut(intent: LogTide(), phrases: tidePhrases + [AppShortcutPhrase("Tide \\"now\\" in \\(.applicationName)")],
                            shortTitle: LocalizedStringResource("tide.short", defaultValue: "Tide"), systemImageName: "water.waves")
                // AppShortcut(intent: OldIntent(), phrases: ["Old \\(.applicationName)"], shortTitle: "Old", systemImageName: "x")
                /*
                AppShortcut(intent: OlderIntent(), phrases: ["Older \\(.applicationName)"], shortTitle: "Older", systemImageName: "y")
                */
            }

            public static var negativePhrases: NegativeAppShortcutPhrases {
                NegativeAppShortcutPhrase("Surf report in \\(.applicationName)")
            }
        }
        """
        let folder = try SourceFolder(["Shortcuts.swift": provider, "Intents.swift": tideIntents, "Level.swift": tideEnum])
        let (manifest, _, result) = try folder.manifest()
        #expect(result.errors.isEmpty)
        #expect(manifest.shortcuts.count == 1, "the commented-out shortcuts are not read")
        #expect(manifest.shortcuts[0].phrases.map(\.text) == [
            "Note the tide in {applicationName}", "Record {level} in {applicationName}", "Tide \"now\" in {applicationName}",
        ])
        #expect(manifest.shortcuts[0].shortTitle == "Tide")
        #expect(manifest.negativePhrases.map(\.text) == ["Surf report in {applicationName}"])
        #expect(manifest.intents.map(\.id) == ["LogTide"])
    }

    @Test func mainAppWithAStoredArray() throws {
        let app = """
        import AppIntents
        import SwiftUI

        @main
        struct TideApp: App, AppShortcutsProvider {
            static let appShortcuts: [AppShortcut] = [
                AppShortcut(intent: LogTide(), phrases: ["Log a tide in \\(.applicationName)"], shortTitle: "Log", systemImageName: "water.waves")
            ]
            var body: some Scene { WindowGroup { Text("Tide") } }
        }
        """
        let folder = try SourceFolder(["TideApp.swift": app, "Intents.swift": tideIntents, "Level.swift": tideEnum])
        let (manifest, _, _) = try folder.manifest()
        #expect(manifest.shortcuts.map { $0.phrases.map(\.text) } == [["Log a tide in {applicationName}"]])
    }

    @Test func enumDeclaredInAnotherModuleOfThePackage() throws {
        let folder = try SourceFolder([
            "Package.swift": "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Tide\")\n",
            "Sources/TideKit/Level.swift": tideEnum.replacingOccurrences(of: "enum TideLevel", with: "public enum TideLevel"),
            "Sources/TideApp/Intents.swift": "import TideKit\n" + tideIntents,
            "Sources/TideApp/Shortcuts.swift": """
            import AppIntents
            struct S: AppShortcutsProvider {
                static var appShortcuts: [AppShortcut] {
                    AppShortcut(intent: LogTide(), phrases: ["Log \\(\\.$level) in \\(.applicationName)"], shortTitle: "Log", systemImageName: "w")
                }
            }
            """,
        ])
        let (manifest, violations, _) = try folder.manifest()
        #expect(violations.isEmpty)
        #expect(manifest.valueSet("TideLevel")?.values.map(\.id) == ["low", "high"])
        #expect(manifest.valueSet("TideLevel")?.location.file == folder.file("Sources/TideKit/Level.swift"))
    }

    @Test func ifConfigTakesTheDeviceBranchAndSaysSo() throws {
        let provider = """
        import AppIntents

        struct S: AppShortcutsProvider {
        #if os(watchOS)
            static var appShortcuts: [AppShortcut] {
                AppShortcut(intent: LogTide(), phrases: ["Wrist tide \\(.applicationName)"], shortTitle: "W", systemImageName: "w")
            }
        #else
            static var appShortcuts: [AppShortcut] {
                AppShortcut(intent: LogTide(), phrases: ["Phone tide \\(.applicationName)"], shortTitle: "P", systemImageName: "p")
            }
        #endif
        }
        """
        let folder = try SourceFolder(["S.swift": provider, "Intents.swift": tideIntents, "Level.swift": tideEnum])
        let (manifest, _, result) = try folder.manifest()
        #expect(manifest.shortcuts.flatMap { $0.phrases.map(\.text) } == ["Phone tide {applicationName}"])
        let warning = try #require(result.warnings.first { $0.message.contains("#else") })
        #expect(warning.location.line == line(of: "#if os(watchOS)", in: provider))
    }
}

/// Apple's build errors, reported at the Swift line.
@Suite struct PhraseRuleTests {
    static func provider(_ phrases: String) -> String {
        """
        import AppIntents

        struct S: AppShortcutsProvider {
            static var appShortcuts: [AppShortcut] {
                AppShortcut(intent: NoteTide(), phrases: [
                    \(phrases)
                ], shortTitle: "Note", systemImageName: "w")
            }
        }

        struct NoteTide: AppIntent {
            static var title: LocalizedStringResource = "Note the tide"
            @Parameter(title: "Level") var level: TideLevel
            @Parameter(title: "Beach") var beach: Beach
            @Parameter(title: "Remark") var remark: String
            func perform() async throws -> some IntentResult { .result() }
        }

        enum Beach: String, AppEnum {
            case north, south
            static var typeDisplayRepresentation: TypeDisplayRepresentation = "Beach"
            static var caseDisplayRepresentations: [Beach: DisplayRepresentation] = [.north: "North beach", .south: "South beach"]
        }
        """
    }

    @Test func aPhraseWithoutTheAppNameIsAnErrorAtItsLine() throws {
        let source = Self.provider("\"Note the tide\",\n\"Note the tide in \\(.applicationName)\"")
        let folder = try SourceFolder(["S.swift": source, "Level.swift": tideEnum])
        let (_, violations, _) = try folder.manifest()
        let violation = try #require(violations.first { $0.kind == .applicationName })
        #expect(violation.error.location.file == folder.file("S.swift"))
        #expect(violation.error.location.line == line(of: "\"Note the tide\",", in: source))
        #expect(throws: LoadError.self) { try AppImporter(cacheDirectory: nil).loadApp(folder.path) }
    }

    @Test func theCatalogSpellingWrittenInSwiftCountsAsTheTokenWithAWarning() throws {
        let source = Self.provider("\"Note the tide in ${applicationName}\"")
        let folder = try SourceFolder(["S.swift": source, "Level.swift": tideEnum])
        let (manifest, violations, result) = try folder.manifest()
        #expect(violations.isEmpty)
        #expect(manifest.shortcuts[0].phrases.map(\.text) == ["Note the tide in {applicationName}"])
        #expect(result.warnings.contains { $0.message.contains("${applicationName}") && $0.location.line == line(of: "${applicationName}", in: source) })
    }

    @Test func twoParametersInAPhraseIsAnError() throws {
        let source = Self.provider("\"Note \\(\\.$level) at \\(\\.$beach) in \\(.applicationName)\"")
        let folder = try SourceFolder(["S.swift": source, "Level.swift": tideEnum])
        let result = try folder.imported()
        let error = try #require(result.errors.first)
        #expect(error.message.contains("2 parameters"))
        #expect(error.location.line == line(of: "Note \\(\\.$level) at", in: source))
    }

    @Test func aStringParameterInAPhraseIsAnError() throws {
        let source = Self.provider("\"Note \\(\\.$remark) in \\(.applicationName)\"")
        let folder = try SourceFolder(["S.swift": source, "Level.swift": tideEnum])
        let (_, violations, _) = try folder.manifest()
        let violation = try #require(violations.first { $0.kind == .openParameter })
        #expect(violation.error.location.line == line(of: "Note \\(\\.$remark)", in: source))
    }

    @Test func elevenShortcutsAreAnError() throws {
        var shortcuts = ""
        var intents = ""
        for index in 1...11 {
            shortcuts += "AppShortcut(intent: Tide\(index)(), phrases: [\"Tide \(index) in \\(.applicationName)\"], shortTitle: \"T\", systemImageName: \"w\")\n"
            intents += "struct Tide\(index): AppIntent { static var title: LocalizedStringResource = \"Tide \(index)\"; func perform() async throws -> some IntentResult { .result() } }\n"
        }
        let source = "import AppIntents\nstruct S: AppShortcutsProvider {\n static var appShortcuts: [AppShortcut] {\n\(shortcuts) }\n}\n" + intents
        let folder = try SourceFolder(["S.swift": source])
        let (_, violations, _) = try folder.manifest()
        let violation = try #require(violations.first { $0.kind == .shortcutCount })
        #expect(violation.error.location.line == line(of: "Tide11()", in: source))
    }

    @Test func aRunTimePhraseIsAWarningNotADrop() throws {
        let source = Self.provider("\"Note the tide in \\(.applicationName)\",\n\"Note \\(someName) in \\(.applicationName)\"")
        let folder = try SourceFolder(["S.swift": source, "Level.swift": tideEnum])
        let (manifest, _, result) = try folder.manifest()
        #expect(manifest.shortcuts[0].phrases.count == 1)
        let warning = try #require(result.warnings.first { $0.message.contains("someName") })
        #expect(warning.location.line == line(of: "\\(someName)", in: source))
        #expect(warning.fix?.contains("earshot.yaml") == true)
    }
}

@Suite struct IntentReadingTests {
    @Test func parametersDialogConfirmationAndEntities() throws {
        let source = """
        import AppIntents

        struct S: AppShortcutsProvider {
            static var appShortcuts: [AppShortcut] {
                AppShortcut(intent: BookSlip(), phrases: ["Book a slip with \\(.applicationName)"], shortTitle: "Book", systemImageName: "sailboat")
            }
        }

        struct BookSlip: AppIntent {
            static var title: LocalizedStringResource = "Book a slip"
            static var openAppWhenRun: Bool = false
            @Parameter(title: "Marina", requestValueDialog: IntentDialog("Which marina?")) var marina: Marina
            @Parameter(title: "Nights", default: 2) var nights: Int
            @Parameter(title: "Arrival") var arrival: Date?
            static var parameterSummary: some ParameterSummary { Summary("Book \\(\\.$nights) nights at \\(\\.$marina)") }
            func perform() async throws -> some IntentResult & ProvidesDialog {
                try await requestConfirmation(dialog: "Book \\(marina) for \\(nights) nights?")
                return .result(dialog: "Booked \\(marina). Your code is \\(code).")
            }
        }

        struct Marina: AppEntity {
            static var typeDisplayRepresentation: TypeDisplayRepresentation = "Marina"
            static var defaultQuery = Query()
            var id: String
            var town: String
            var displayRepresentation: DisplayRepresentation { "\\(town) Marina" }
            struct Query: EntityQuery {
                func entities(for identifiers: [String]) async throws -> [Marina] { [] }
                func suggestedEntities() async throws -> [Marina] { Marina.all }
            }
            static let all = [Marina(id: "bay", town: "Bayside"), Marina(id: "cove", town: "Cove")]
        }
        """
        let folder = try SourceFolder(["S.swift": source])
        let (manifest, violations, result) = try folder.manifest()
        #expect(violations.isEmpty)
        let intent = try #require(manifest.intent("BookSlip"))
        #expect(intent.title == "Book a slip")
        #expect(intent.opensApp == false)
        #expect(intent.requiresConfirmation)
        #expect(intent.parameter("marina")?.prompt == "Which marina?")
        #expect(intent.parameter("nights")?.type == .integer)
        #expect(intent.parameter("nights")?.defaultValue == "2")
        #expect(intent.parameter("arrival")?.type == .date)
        #expect(intent.parameter("arrival")?.optional == true)
        #expect(intent.summary == "Book {nights} nights at {marina}")
        #expect(intent.dialog.confirmation?.text == "Book {marina} for {nights} nights?")
        #expect(intent.dialog.success?.text == "Booked {marina}. Your code is {code}.")
        #expect(result.warnings.contains { $0.fix?.contains("intents.BookSlip.result.values.code") == true })
        #expect(manifest.valueSet("Marina")?.values.map(\.title) == ["Bayside Marina", "Cove Marina"])
        #expect(manifest.valueSet("Marina")?.values.map(\.id) == ["bay", "cove"])
    }

    @Test func anEntityWithoutLiteralValuesIsWarnedAndTheOverlayGivesThem() throws {
        let source = """
        import AppIntents
        struct S: AppShortcutsProvider {
            static var appShortcuts: [AppShortcut] {
                AppShortcut(intent: OpenBoat(), phrases: ["Open \\(\\.$boat) in \\(.applicationName)"], shortTitle: "Open", systemImageName: "b")
            }
        }
        struct OpenBoat: AppIntent {
            static var title: LocalizedStringResource = "Open a boat"
            @Parameter(title: "Boat") var boat: Boat
            func perform() async throws -> some IntentResult { .result() }
        }
        struct Boat: AppEntity {
            static var typeDisplayRepresentation: TypeDisplayRepresentation = "Boat"
            static var defaultQuery = BoatQuery()
            var id: UUID
            var displayRepresentation: DisplayRepresentation { "Boat" }
        }
        struct BoatQuery: EntityQuery {
            func entities(for identifiers: [UUID]) async throws -> [Boat] { [] }
            func suggestedEntities() async throws -> [Boat] { try await Store.shared.boats() }
        }
        """
        let overlay = """
        synonyms: [Harbor App]
        entities:
          Boat:
            suggested:
              - { id: osprey, title: Osprey }
        intents:
          - id: OpenBoat
            opensApp: true
        """
        let bare = try SourceFolder(["S.swift": source])
        let (_, _, bareResult) = try bare.manifest()
        #expect(bareResult.warnings.contains { $0.fix?.contains("entities.Boat.suggested") == true })

        let folder = try SourceFolder(["S.swift": source, "earshot.yaml": overlay])
        let (manifest, _, _) = try folder.manifest()
        #expect(manifest.valueSet("Boat")?.values.map(\.title) == ["Osprey"])
        #expect(manifest.valueSet("Boat")?.title == "Boat")
        #expect(manifest.synonyms == ["Harbor App"])
        #expect(manifest.intent("OpenBoat")?.opensApp == true)
        #expect(manifest.intent("OpenBoat")?.location(of: "opensApp").file == folder.file("earshot.yaml"))
    }
}

@Suite struct LocalizationAndNameTests {
    static let provider = """
    import AppIntents
    struct S: AppShortcutsProvider {
        static var appShortcuts: [AppShortcut] {
            AppShortcut(intent: LogTide(), phrases: ["Log the tide in \\(.applicationName)", "Log \\(\\.$level) in \\(.applicationName)"],
                        shortTitle: "Log", systemImageName: "w")
        }
    }
    """

    @Test func catalogFormsLegacyStringsAndStaleKeys() throws {
        let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Log the tide in ${applicationName}" : {
              "localizations" : {
                "de" : { "stringSet" : { "state" : "translated", "values" : [ "Notiere die Flut in ${applicationName}", "Flut in ${applicationName} notieren" ] } },
                "en" : { "stringSet" : { "state" : "translated", "values" : [ "Write down the tide in ${applicationName}" ] } }
              }
            },
            "Log ${level} in ${applicationName}" : {
              "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Notiere ${level} in ${applicationName}" } } }
            },
            "Track the tide in ${applicationName}" : {
              "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Verfolge die Flut in ${applicationName}" } } }
            }
          },
          "version" : "1.0"
        }
        """
        let folder = try SourceFolder([
            "S.swift": Self.provider, "Intents.swift": tideIntents, "Level.swift": tideEnum,
            "AppShortcuts.xcstrings": catalog,
            "es.lproj/AppShortcuts.strings": "\"Log the tide in ${applicationName}\" = \"Anota la marea en ${applicationName}\";\n",
        ])
        let (manifest, violations, result) = try folder.manifest()
        #expect(violations.isEmpty)
        #expect(manifest.shortcuts[0].phrases.map(\.text).contains("Write down the tide in {applicationName}"))
        let german = try #require(manifest.localizations.first { $0.locale == "de" })
        #expect(german.shortcuts.first?.phrases.map(\.text) == [
            "Notiere die Flut in {applicationName}", "Flut in {applicationName} notieren", "Notiere {level} in {applicationName}",
        ])
        let spanish = try #require(manifest.localizations.first { $0.locale == "es" })
        #expect(spanish.shortcuts.first?.phrases.map(\.text) == ["Anota la marea en {applicationName}"])
        let stale = try #require(result.warnings.first { $0.message.contains("Track the tide") })
        #expect(stale.location.file == folder.file("AppShortcuts.xcstrings"))
        #expect(stale.location.line == line(of: "\"Track the tide in", in: catalog))
    }

    @Test func titlesWrittenAsLocalizationKeysSayTheCatalogsText() throws {
        let provider = """
        import AppIntents
        struct S: AppShortcutsProvider {
            static var appShortcuts: [AppShortcut] {
                AppShortcut(intent: LogTide(), phrases: ["Log the tide in \\(.applicationName)"], shortTitle: "shortcut.log", systemImageName: "w")
            }
        }
        """
        let catalog = """
        { "sourceLanguage" : "en", "strings" : {
            "shortcut.log" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Log tide" } } } },
            "Low tide" : { "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Ebb" } } } }
        }, "version" : "1.0" }
        """
        let folder = try SourceFolder(["S.swift": provider, "Intents.swift": tideIntents, "Level.swift": tideEnum,
                                       "Localizable.xcstrings": catalog])
        let (manifest, _, _) = try folder.manifest()
        #expect(manifest.shortcuts[0].shortTitle == "Log tide")
        #expect(manifest.valueSet("TideLevel")?.values.map(\.title) == ["Ebb", "High tide"])
    }

    @Test func theNameComesFromInfoPlistThenTheProject() throws {
        let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>CFBundleDisplayName</key><string>Tide Log</string>
        <key>INAlternativeAppNames</key><array><dict><key>INAlternativeAppName</key><string>Tides</string></dict></array>
        </dict></plist>
        """
        let project = """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objects = {
                T1 = { isa = PBXNativeTarget; name = TideTarget; productType = "com.apple.product-type.application"; buildConfigurationList = L1; };
                L1 = { isa = XCConfigurationList; buildConfigurations = (C1); };
                C1 = { isa = XCBuildConfiguration; name = Release; buildSettings = { PRODUCT_NAME = "$(TARGET_NAME)"; }; };
            };
            rootObject = T1;
        }
        """
        let files = ["S.swift": Self.provider, "Intents.swift": tideIntents, "Level.swift": tideEnum]
        let withPlist = try SourceFolder(files.merging(["App/Info.plist": plist, "Tide.xcodeproj/project.pbxproj": project]) { a, _ in a })
        let (fromPlist, _, _) = try withPlist.manifest(name: nil)
        #expect(fromPlist.name == "Tide Log")
        #expect(fromPlist.synonyms == ["Tides"])
        let withProject = try SourceFolder(files.merging(["Tide.xcodeproj/project.pbxproj": project]) { a, _ in a })
        #expect(try withProject.manifest(name: nil).0.name == "TideTarget")
        #expect(try withProject.manifest(name: "Surf").0.name == "Surf")
    }
}

@Suite struct IntentDefinitionTests {
    @Test func siriKitIntentsEnumsRelationshipsAndResponses() throws {
        let definition = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>INEnums</key><array><dict>
          <key>INEnumName</key><string>Delivery</string><key>INEnumDisplayName</key><string>Delivery</string>
          <key>INEnumValues</key><array>
            <dict><key>INEnumValueName</key><string>unknown</string><key>INEnumValueDisplayName</key><string>Unknown</string></dict>
            <dict><key>INEnumValueName</key><string>pickup</string><key>INEnumValueDisplayName</key><string>Pickup</string></dict>
            <dict><key>INEnumValueName</key><string>courier</string><key>INEnumValueDisplayName</key><string>Courier</string>
              <key>INEnumValueSynonyms</key><array><dict><key>INEnumValueSynonymPhrase</key><string>bike</string></dict></array></dict>
          </array></dict></array>
        <key>INIntentDefinitionModelVersion</key><string>1.1</string>
        <key>INIntents</key><array><dict>
          <key>INIntentCategory</key><string>order</string>
          <key>INIntentName</key><string>OrderBait</string>
          <key>INIntentTitle</key><string>Order bait</string>
          <key>INIntentVerb</key><string>Buy</string>
          <key>INIntentParameters</key><array>
            <dict><key>INIntentParameterName</key><string>delivery</string><key>INIntentParameterDisplayName</key><string>Delivery</string>
              <key>INIntentParameterType</key><string>Integer</string><key>INIntentParameterEnumType</key><string>Delivery</string>
              <key>INIntentParameterPromptDialogs</key><array><dict><key>INIntentParameterPromptDialogType</key><string>Primary</string>
                <key>INIntentParameterPromptDialogFormatString</key><string>Pickup or courier?</string></dict></array></dict>
            <dict><key>INIntentParameterName</key><string>dock</string><key>INIntentParameterDisplayName</key><string>Dock</string>
              <key>INIntentParameterType</key><string>String</string>
              <key>INIntentParameterRelationship</key><dict><key>INIntentParameterRelationshipParentName</key><string>delivery</string>
                <key>INIntentParameterRelationshipPredicateValue</key><string>courier</string></dict></dict>
          </array>
          <key>INIntentParameterCombinations</key><dict><key>delivery,dock</key><dict>
            <key>INIntentParameterCombinationIsPrimary</key><true/><key>INIntentParameterCombinationTitle</key><string>Order bait by ${delivery}</string></dict></dict>
          <key>INIntentResponse</key><dict>
            <key>INIntentResponseParameters</key><array><dict><key>INIntentResponseParameterName</key><string>eta</string>
              <key>INIntentResponseParameterDisplayName</key><string>Arrival</string></dict></array>
            <key>INIntentResponseCodes</key><array>
              <dict><key>INIntentResponseCodeName</key><string>success</string><key>INIntentResponseCodeSuccess</key><true/>
                <key>INIntentResponseCodeFormatString</key><string>Your bait arrives in ${eta}.</string></dict>
              <dict><key>INIntentResponseCodeName</key><string>failureSoldOut</string>
                <key>INIntentResponseCodeFormatString</key><string>The shop is out of bait.</string></dict>
            </array></dict>
        </dict></array>
        </dict></plist>
        """
        let folder = try SourceFolder(["Bait.intentdefinition": definition])
        let (manifest, _, result) = try folder.manifest()
        let intent = try #require(manifest.intent("OrderBait"))
        #expect(intent.category == .order)
        #expect(intent.verb == "buy")
        #expect(intent.parameter("delivery")?.type == .values("Delivery"))
        #expect(intent.parameter("delivery")?.prompt == "Pickup or courier?")
        #expect(intent.parameter("dock")?.when.map(\.value) == ["courier"])
        #expect(intent.summary == "Order bait by {delivery}")
        #expect(intent.dialog.success?.text == "Your bait arrives in {eta}.")
        #expect(intent.dialog.error("failureSoldOut")?.text == "The shop is out of bait.")
        #expect(manifest.valueSet("Delivery")?.values.map(\.id) == ["pickup", "courier"])
        #expect(manifest.valueSet("Delivery")?.value("courier")?.synonyms == ["bike"])
        #expect(intent.location.file == folder.file("Bait.intentdefinition"))
        #expect(result.warnings.contains { $0.message.contains("no App Shortcut phrase") })
    }
}

@Suite struct CacheAndLoadingTests {
    @Test func theImportIsCachedByContentAndReadAnewWhenASourceChanges() throws {
        let folder = try SourceFolder(["S.swift": LocalizationAndNameTests.provider, "Intents.swift": tideIntents, "Level.swift": tideEnum])
        let cache = (NSTemporaryDirectory() as NSString).appendingPathComponent("earshot-import-cache-\(UUID().uuidString)")
        let importer = AppImporter(name: "Tide", cacheDirectory: cache)
        #expect(try importer.importApp([folder.path]).cached == false)
        let again = try importer.importApp([folder.path])
        #expect(again.cached)
        #expect(try again.manifest().manifest.shortcuts[0].phrases.count == 2)
        try Data(tideEnum.replacingOccurrences(of: "\"Low tide\"", with: "\"Ebb\"").utf8).write(to: URL(fileURLWithPath: folder.file("Level.swift")))
        let changed = try importer.importApp([folder.path])
        #expect(changed.cached == false)
        #expect(try changed.manifest().manifest.valueSet("TideLevel")?.values.first?.title == "Ebb")
    }

    @Test func aFolderWithNothingToReadIsOneClearError() throws {
        let folder = try SourceFolder(["notes.txt": "hello"])
        #expect(AppImporter.isSourceFolder(folder.path) == false)
        let error = try #require(throws: LoadError.self) { try AppImporter(cacheDirectory: nil).importApp([folder.path]) }
        #expect(error.description.contains("Fix:"))
    }
}

/// The example app read from its Swift sources, then talked to.
@Suite struct ImportedAppConversationTests {
    static let example: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("examples/plantpal").path
    }()

    @Test func theExampleAppAnswersFromItsSwiftCode() async throws {
        let workspace = try Workspace.load(appPaths: [Self.example])
        let app = try #require(workspace.apps.first)
        #expect(app.name == "Plant Pal")
        #expect(app.synonyms == ["Plant Buddy"])
        var session = try workspace.session(profile: "homepod")
        let first = await session.respond(to: "Water the basil in Plant Pal")
        #expect(first.intent == "WaterPlantIntent")
        #expect(first.reply.text.contains("Logged: the Basil got water."))
        var watch = try workspace.session(profile: "watch")
        let soil = await watch.respond(to: "Check the terrace in Plant Buddy")
        #expect(soil.parameter("room")?.id == "balcony")
        // The Watch speaks the supporting line: the Watch comes from the example's earshot.yaml.
        #expect(soil.reply.text.contains("Still damp."))
        #expect(!soil.reply.text.contains("The soil in the"))
    }
}

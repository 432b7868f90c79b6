import Earshot
import EarshotModel
import EarshotTesting
import Foundation
import Testing

/// Broken manifests: each gives exactly one clear `LoadError` at the right line and column, with a fix.
///
/// Line and column numbers below are 1-based and counted by hand from the test's YAML text; each
/// broken manifest also has a `fixed` form (one replacement) that loads, so the error tested is the
/// only thing wrong with it.
@Suite("Manifest errors")
struct ManifestErrorTests {
    static let path = "soup/app.yaml"

    /// Loads `yaml` and returns the error it throws (recording an issue if it loads).
    func loadFailure(_ yaml: String, path: String = Self.path,
                     sourceLocation: Testing.SourceLocation = #_sourceLocation) -> LoadError? {
        do {
            let manifest = try AppManifest(yaml: yaml, path: path)
            Issue.record("expected a LoadError, but the manifest loaded (app '\(manifest.name)')", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    /// Expects one error at `line`:`column` whose message and fix contain the given parts, on one line;
    /// and that the manifest loads once `fixed` (a replacement in the text) is applied.
    @discardableResult
    func expectError(_ yaml: String, path: String = Self.path, line: Int, column: Int,
                     message: [String], fix: [String] = [], fixed: (String, String)? = nil,
                     sourceLocation: Testing.SourceLocation = #_sourceLocation) -> LoadError? {
        guard let error = loadFailure(yaml, path: path, sourceLocation: sourceLocation) else { return nil }
        let shown = error.description
        #expect(error.location.file == path, "\(shown)", sourceLocation: sourceLocation)
        #expect(error.location.line == line, "expected line \(line): \(shown)", sourceLocation: sourceLocation)
        #expect(error.location.column == column, "expected column \(column): \(shown)", sourceLocation: sourceLocation)
        for part in message {
            #expect(error.message.contains(part), "message lacks '\(part)': \(shown)", sourceLocation: sourceLocation)
        }
        #expect(!(error.fix ?? "").isEmpty, "no fix hint: \(shown)", sourceLocation: sourceLocation)
        for part in fix {
            #expect(error.fix?.contains(part) == true, "fix lacks '\(part)': \(shown)", sourceLocation: sourceLocation)
        }
        // One line: "file:line:column: error: message Fix: hint".
        #expect(!shown.contains("\n") && !shown.contains("\r"), "description has a newline: \(shown)", sourceLocation: sourceLocation)
        if let l = error.location.line, let c = error.location.column {
            #expect(shown.hasPrefix("\(path):\(l):\(c): error: "), "\(shown)", sourceLocation: sourceLocation)
        }
        #expect(shown.contains(" Fix: "), "\(shown)", sourceLocation: sourceLocation)
        if let (broken, repaired) = fixed {
            #expect(yaml.contains(broken), "test bug: '\(broken)' is not in the YAML", sourceLocation: sourceLocation)
            let text = yaml.replacingOccurrences(of: broken, with: repaired)
            do {
                _ = try AppManifest(yaml: text, path: path)
            } catch {
                Issue.record("the fixed manifest still fails: \(error)", sourceLocation: sourceLocation)
            }
        }
        return error
    }

    // MARK: - YAML syntax

    @Test("an unclosed bracket: error where the parser gives up, naming the line the list started on")
    func unclosedBracket() {
        let yaml = """
        app: Soup Chef
        synonyms: [Soup App, Chef
        intents:
          - { id: OrderSoup, title: Order soup }
        """
        // libyaml reads "Chef intents" as one flow scalar and fails at the ':' after it (line 3, column 8).
        expectError(yaml, line: 3, column: 8, message: ["invalid YAML", "flow sequence at line 2"],
                    fix: ["bracket"], fixed: ("Chef\n", "Chef]\n"))
    }

    @Test("an unclosed brace on the last line")
    func unclosedBrace() {
        let yaml = """
        app: Soup Chef
        intents:
          - { id: OrderSoup, title: Order soup

        """
        expectError(yaml, line: 4, column: 1, message: ["invalid YAML", "flow mapping at line 3"],
                    fixed: ("Order soup\n", "Order soup }\n"))
    }

    @Test("bad indentation: a key indented deeper than its siblings")
    func deeperIndentation() {
        let yaml = """
        app: Soup Chef
        intents:
          - id: OrderSoup
            title: Order soup
             category: order
        """
        // "     category:" — the ':' is at column 14.
        expectError(yaml, line: 5, column: 14, message: ["invalid YAML", "mapping values are not allowed"],
                    fix: ["indentation"], fixed: ("     category", "    category"))
    }

    @Test("bad indentation: a key indented less than its siblings")
    func shallowerIndentation() {
        let yaml = """
        app: Soup Chef
        intents:
          - id: OrderSoup
            title: Order soup
           category: order
        """
        expectError(yaml, line: 5, column: 4, message: ["invalid YAML", "block collection at line 3"],
                    fixed: ("   category", "    category"))
    }

    @Test("an unclosed quote")
    func unclosedQuote() {
        let yaml = """
        app: "Soup Chef
        intents:
          - { id: OrderSoup, title: Order soup }
        """
        // The scanner reaches the end of the text (line 3, column 41) still inside the quoted scalar.
        expectError(yaml, line: 3, column: 41, message: ["invalid YAML", "quoted scalar at line 1"],
                    fixed: ("Soup Chef\n", "Soup Chef\"\n"))
    }

    @Test("an empty file")
    func emptyFile() {
        expectError("", line: 1, column: 1, message: ["empty"])
    }

    // MARK: - Duplicate keys

    @Test("a duplicate top-level key points at the repeated key")
    func duplicateTopLevelKey() {
        let yaml = """
        app: Soup Chef
        locale: en-US
        app: Soup Kitchen
        intents:
          - { id: OrderSoup, title: Order soup }
        """
        expectError(yaml, line: 3, column: 1, message: ["duplicate key 'app'"], fix: ["Keep one"],
                    fixed: ("app: Soup Kitchen\n", ""))
    }

    @Test("a duplicate key inside an intent points at the repeated key")
    func duplicateNestedKey() {
        let yaml = """
        app: Soup Chef
        intents:
          - id: OrderSoup
            title: Order soup
            category: order
            title: Buy soup
        """
        expectError(yaml, line: 6, column: 5, message: ["duplicate key 'title'"], fix: ["Keep one"],
                    fixed: ("    title: Buy soup", ""))
    }

    // MARK: - Unknown keys

    @Test("an unknown top-level key names the key and suggests the right one")
    func unknownTopLevelKey() {
        let yaml = """
        app: Soup Chef
        platfroms: [iOS]
        intents:
          - { id: OrderSoup, title: Order soup }
        """
        expectError(yaml, line: 2, column: 1, message: ["unknown key 'platfroms'", "the manifest"],
                    fix: ["Did you mean 'platforms'?"], fixed: ("platfroms", "platforms"))
    }

    @Test("an unknown key deep inside a parameter: 'promt' suggests 'prompt'")
    func unknownDeepKey() {
        let yaml = """
        app: Soup Chef
        enums:
          SoupSize:
            cases:
              - { id: cup, title: Cup }
              - { id: bowl, title: Bowl }
        intents:
          - id: OrderSoup
            title: Order soup
            parameters:
              - id: size
                title: Size
                type: SoupSize
                promt: Which size?
        """
        let error = expectError(yaml, line: 14, column: 9,
                                message: ["unknown key 'promt'", "parameter 'size' of intent 'OrderSoup'"],
                                fix: ["Did you mean 'prompt'?"], fixed: ("promt:", "prompt:"))
        #expect(error?.description.contains("'prompt'") == true)
    }

    @Test("an unknown key in a flow mapping inside an enum case")
    func unknownKeyInFlowMapping() {
        let yaml = """
        app: Soup Chef
        enums:
          SoupSize:
            cases:
              - { id: cup, title: Cup, synonym: [small] }
        intents:
          - { id: OrderSoup, title: Order soup }
        """
        // "      - { id: cup, title: Cup, " is 31 characters: the key starts at column 32.
        expectError(yaml, line: 5, column: 32, message: ["unknown key 'synonym'"], fix: ["Did you mean 'synonyms'?"],
                    fixed: ("synonym:", "synonyms:"))
    }

    // MARK: - References

    @Test("a shortcut naming a missing intent")
    func shortcutMissingIntent() {
        let yaml = """
        app: Soup Chef
        intents:
          - id: OrderSoup
            title: Order soup
        shortcuts:
          - intent: OrderSoop
            phrases: ["Order soup with {applicationName}"]
        """
        expectError(yaml, line: 6, column: 13, message: ["'OrderSoop'", "not declared"], fix: ["Did you mean 'OrderSoup'?"],
                    fixed: ("OrderSoop", "OrderSoup"))
    }

    @Test("an unknown parameter type suggests the nearest declared one")
    func unknownType() {
        let yaml = """
        app: Soup Chef
        enums:
          SoupSize:
            cases:
              - { id: cup, title: Cup }
        intents:
          - id: OrderSoup
            title: Order soup
            parameters:
              - id: size
                type: SoupSzie
        """
        expectError(yaml, line: 11, column: 15, message: ["'SoupSzie'", "not declared"], fix: ["Did you mean 'SoupSize'?"],
                    fixed: ("SoupSzie", "SoupSize"))
    }

    @Test("a default that is not a value of the enum")
    func badEnumDefault() {
        let yaml = """
        app: Soup Chef
        enums:
          SoupSize:
            cases:
              - { id: cup, title: Cup }
              - { id: bowl, title: Bowl }
        intents:
          - id: OrderSoup
            title: Order soup
            parameters:
              - id: size
                type: SoupSize
                default: large
        """
        expectError(yaml, line: 13, column: 18, message: ["'large'", "SoupSize"], fix: ["cup", "bowl"],
                    fixed: ("default: large", "default: bowl"))
    }

    @Test("a default that is not a whole number for an integer parameter")
    func badIntegerDefault() {
        let yaml = """
        app: Soup Chef
        intents:
          - id: OrderSoup
            title: Order soup
            parameters:
              - { id: quantity, title: Quantity, type: integer, default: one }
        """
        // "      - { id: quantity, title: Quantity, type: integer, default: " is 65 characters.
        expectError(yaml, line: 6, column: 66, message: ["'one'", "whole number"], fixed: ("default: one", "default: 1"))
    }

    @Test("'when' naming an unknown parameter")
    func whenUnknownParameter() {
        let yaml = """
        app: Soup Chef
        enums:
          Fulfillment:
            cases:
              - { id: pickup, title: Pickup }
              - { id: delivery, title: Delivery }
        intents:
          - id: OrderSoup
            title: Order soup
            parameters:
              - { id: fulfillment, title: Pickup or delivery, type: Fulfillment }
              - id: address
                title: Address
                type: string
                when: { fulfilment: delivery }
        """
        expectError(yaml, line: 15, column: 17, message: ["'fulfilment'"], fix: ["fulfillment"],
                    fixed: ("fulfilment:", "fulfillment:"))
    }

    @Test("'when' naming an unknown value")
    func whenUnknownValue() {
        let yaml = """
        app: Soup Chef
        enums:
          Fulfillment:
            cases:
              - { id: pickup, title: Pickup }
              - { id: delivery, title: Delivery }
        intents:
          - id: OrderSoup
            title: Order soup
            parameters:
              - { id: fulfillment, title: Pickup or delivery, type: Fulfillment }
              - id: address
                title: Address
                type: string
                when: { fulfillment: shipping }
        """
        expectError(yaml, line: 15, column: 30, message: ["'shipping'", "Fulfillment"], fix: ["pickup", "delivery"],
                    fixed: ("shipping", "delivery"))
    }

    @Test("a result case's 'when' naming an unknown value")
    func resultCaseUnknownValue() {
        let yaml = """
        app: Soup Chef
        enums:
          Soup:
            cases:
              - { id: tomato, title: Tomato Soup }
              - { id: chicken, title: Chicken Soup }
        intents:
          - id: OrderSoup
            title: Order soup
            parameters:
              - { id: soup, title: Soup, type: Soup }
            result:
              cases:
                - when: { soup: clam }
                  values: { minutes: 20 }
        """
        expectError(yaml, line: 14, column: 25, message: ["'clam'"], fix: ["tomato", "chicken"],
                    fixed: ("soup: clam", "soup: tomato"))
    }

    @Test("a result case error that is not in dialog.errors points at the error")
    func resultCaseUnknownError() {
        let yaml = """
        app: Soup Chef
        enums:
          Soup:
            cases:
              - { id: tomato, title: Tomato Soup }
              - { id: chicken, title: Chicken Soup }
        intents:
          - id: OrderSoup
            title: Order soup
            parameters:
              - { id: soup, title: Soup, type: Soup }
            dialog:
              errors:
                soldOut: Sorry, we're out of {soup}.
            result:
              cases:
                - when: { soup: chicken }
                  error: soldOt
        """
        // The wrong name is the value of 'error:' on line 18, column 18.
        expectError(yaml, line: 18, column: 18, message: ["'soldOt'", "dialog.errors"], fix: ["soldOut"],
                    fixed: ("soldOt", "soldOut"))
    }

    @Test("a result case error on one line with its 'when'")
    func resultCaseUnknownErrorFlow() {
        let yaml = """
        app: Soup Chef
        enums:
          Soup:
            cases:
              - { id: tomato, title: Tomato Soup }
        intents:
          - id: OrderSoup
            title: Order soup
            parameters:
              - { id: soup, title: Soup, type: Soup }
            result:
              cases:
                - { when: { soup: tomato }, error: soldOut }
        """
        // Without any dialog.errors. The error's line is 13; its column is the case's (11) or the value's (44).
        let error = loadFailure(yaml)
        #expect(error?.location.line == 13, "\(error?.description ?? "")")
        #expect([11, 44].contains(error?.location.column ?? 0), "\(error?.description ?? "")")
        #expect(error?.message.contains("'soldOut'") == true)
        #expect(error?.fix?.contains("dialog") == true)
        #expect(error?.description.contains("\n") == false)
    }

    @Test("a dialog placeholder that is neither a parameter nor a result value points at its line")
    func unknownDialogPlaceholder() {
        let yaml = """
        app: Soup Chef
        enums:
          Soup:
            cases:
              - { id: tomato, title: Tomato Soup }
        intents:
          - id: OrderSoup
            title: Order soup
            parameters:
              - { id: soup, title: Soup, type: Soup }
            dialog:
              confirmation: Your {soup} is almost ready.
              success: Ready in {minuts} minutes.
            result:
              values: { minutes: 10 }
        """
        // The bad line is 'success' (line 13): its value starts at column 16, the placeholder at column 25.
        let error = loadFailure(yaml)
        #expect(error?.location.line == 13, "\(error?.description ?? "")")
        #expect([16, 25].contains(error?.location.column ?? 0), "\(error?.description ?? "")")
        #expect(error?.message.contains("'{minuts}'") == true)
        #expect(error?.message.contains("neither a parameter nor a result value") == true)
        #expect(error?.fix?.contains("soup") == true)
        #expect(error?.description.contains("\n") == false)
        #expect((try? AppManifest(yaml: yaml.replacingOccurrences(of: "{minuts}", with: "{minutes}"), path: Self.path)) != nil)
    }

    @Test("a dialog placeholder error when the dialog has a single line")
    func unknownDialogPlaceholderSingleLine() {
        let yaml = """
        app: Soup Chef
        intents:
          - id: OrderSoup
            title: Order soup
            dialog:
              success: Ready in {minuts} minutes.
            result:
              values: { minutes: 10 }
        """
        let error = loadFailure(yaml)
        #expect(error?.location.line == 6, "\(error?.description ?? "")")
        #expect([7, 16, 25].contains(error?.location.column ?? 0), "\(error?.description ?? "")")
        #expect(error?.message.contains("'{minuts}'") == true)
    }

    // MARK: - Phrases

    @Test("a phrase without {applicationName}")
    func phraseWithoutAppName() {
        let yaml = """
        app: Soup Chef
        intents:
          - id: OrderSoup
            title: Order soup
        shortcuts:
          - intent: OrderSoup
            phrases:
              - Order soup with {applicationName}
              - Order soup now
        """
        expectError(yaml, line: 9, column: 9, message: ["'Order soup now'", "{applicationName}"],
                    fix: ["{applicationName}"], fixed: ("Order soup now", "Order soup now with {applicationName}"))
    }

    @Test("a string parameter used in a phrase")
    func stringParameterInPhrase() {
        let yaml = """
        app: Soup Chef
        intents:
          - id: OrderSoup
            title: Order soup
            parameters:
              - { id: note, title: Note, type: string }
        shortcuts:
          - intent: OrderSoup
            phrases:
              - Order soup with {applicationName}
              - Order soup saying {note} with {applicationName}
        """
        expectError(yaml, line: 11, column: 9, message: ["'{note}'", "string", "enum and entity"],
                    fixed: ("saying {note} ", ""))
    }

    @Test("two parameters in one phrase: Apple's rule allows the app name and one parameter")
    func twoParametersInPhrase() {
        let yaml = """
        app: Postcard
        entities:
          Contact: { title: Contact, suggested: [{ id: mom, title: Mom }] }
          Album: { title: Album, suggested: [{ id: garden, title: Garden }] }
        intents:
          - id: SendPostcard
            title: Send a postcard
            parameters:
              - { id: contact, title: Contact, type: Contact }
              - { id: album, title: Album, type: Album }
        shortcuts:
          - intent: SendPostcard
            phrases:
              - Send a postcard to {contact} with {applicationName}
              - Send a {album} postcard to {contact} with {applicationName}
        """
        expectError(yaml, line: 15, column: 9, message: ["'Send a {album} postcard to {contact} with {applicationName}'", "2 parameters",
                                                         "at most one parameter"],
                    fix: ["Split it", "{album}", "{contact}", "ask for the other value"],
                    fixed: ("Send a {album} postcard to {contact} with", "Send a {album} postcard with"))
    }

    @Test("an integer parameter used in a phrase, in Swift interpolation form")
    func integerParameterInSwiftPhrase() {
        let yaml = #"""
        app: Soup Chef
        intents:
          - id: OrderSoup
            title: Order soup
            parameters:
              - { id: quantity, title: Quantity, type: integer }
        shortcuts:
          - intent: OrderSoup
            phrases:
              - 'Order \(\.$quantity) soups with \(.applicationName)'
        """#
        expectError(yaml, line: 10, column: 9, message: ["'{quantity}'", "integer"],
                    fixed: (#"\(\.$quantity) "#, ""))
    }

    // MARK: - Limits

    /// An app with `count` intents, each with one shortcut.
    func shortcutsApp(_ count: Int) -> String {
        var lines = ["app: Many", "intents:"]                                           // lines 1-2
        for i in 1...count { lines.append("  - { id: Do\(i), title: Do thing \(i) }") }   // lines 3...(2+count)
        lines.append("shortcuts:")                                                        // line 3+count
        for i in 1...count {                                                              // shortcut i at line 4+count+2(i-1)
            lines.append("  - intent: Do\(i)")
            lines.append("    phrases: [\"Do thing \(i) with {applicationName}\"]")
        }
        return lines.joined(separator: "\n")
    }

    @Test("10 shortcuts load; 11 is an error at the eleventh")
    func elevenShortcuts() throws {
        let ten = try AppManifest(yaml: shortcutsApp(10), path: Self.path)
        #expect(ten.shortcuts.count == 10)
        // 11 intents take lines 3-13, 'shortcuts:' is line 14, the eleventh shortcut starts at line 15 + 20 = 35.
        expectError(shortcutsApp(11), line: 35, column: 5, message: ["11 App Shortcuts", "at most 10"])
    }

    /// An app whose entity has `values` suggested values, with `phrases` that each use it.
    func expansionsApp(values: Int, phrases: [String]) -> String {
        var lines = ["app: Big", "entities:", "  Item:", "    suggested:"]                     // lines 1-4
        for i in 1...values { lines.append("      - { id: v\(i), title: Value \(i) }") }      // lines 5...(4+values)
        lines += ["intents:",                                                                // 5+values
                  "  - id: Pick",
                  "    title: Pick an item",
                  "    parameters:",
                  "      - { id: item, title: Item, type: Item }",
                  "shortcuts:",                                                              // 10+values
                  "  - intent: Pick",
                  "    phrases:"]                                                            // 12+values
        for phrase in phrases { lines.append("      - \(phrase)") }                            // 13+values...
        return lines.joined(separator: "\n")
    }

    @Test("an entity with 1,001 suggested values in one phrase is over the limit")
    func oneThousandOneInOnePhrase() throws {
        let yaml = expansionsApp(values: 1001, phrases: ["Pick {item} with {applicationName}"])
        expectError(yaml, line: 1014, column: 9, message: ["more than 1000", "en-US"])
        let thousand = try AppManifest(yaml: expansionsApp(values: 1000, phrases: ["Pick {item} with {applicationName}"]), path: Self.path)
        #expect(thousand.expansionCount(in: "en-US") == 1000)
    }

    @Test("two phrases totalling 1,002 are over the limit at the second; exactly 1,000 loads")
    func twoPhrasesOverTheLimit() throws {
        let phrases = ["Pick {item} with {applicationName}", "Choose {item} in {applicationName}"]
        // 501 values: lines 5-505; the first phrase is line 514, the second 515.
        expectError(expansionsApp(values: 501, phrases: phrases), line: 515, column: 9, message: ["more than 1000"])
        let exact = try AppManifest(yaml: expansionsApp(values: 500, phrases: phrases), path: Self.path)
        #expect(exact.expansionCount(in: "en-US") == 1000)
        // One more phrase without the parameter counts one: 1,001.
        let over = expansionsApp(values: 500, phrases: phrases + ["Pick something with {applicationName}"])
        expectError(over, line: 515, column: 9, message: ["more than 1000"])
    }

    // MARK: - JSON

    static let soupYAML = """
    app: Soup Chef
    synonyms: [Soup App]
    enums:
      SoupSize:
        title: Size
        cases:
          - { id: cup, title: Cup, synonyms: [small] }
          - { id: bowl, title: Bowl }
    intents:
      - id: OrderSoup
        title: Order soup
        category: order
        parameters:
          - { id: size, title: Size, type: SoupSize, default: bowl }
          - { id: quantity, title: Quantity, type: integer, default: 1 }
        dialog:
          success: Your {size} soup will be ready in {minutes} minutes.
        result:
          values: { minutes: 10 }
    shortcuts:
      - intent: OrderSoup
        phrases:
          - Order soup with {applicationName}
          - Order a {size} soup with {applicationName}
        shortTitle: Order soup
    """

    static let soupJSON = """
    {
      "app": "Soup Chef",
      "synonyms": ["Soup App"],
      "enums": {
        "SoupSize": {
          "title": "Size",
          "cases": [
            { "id": "cup", "title": "Cup", "synonyms": ["small"] },
            { "id": "bowl", "title": "Bowl" }
          ]
        }
      },
      "intents": [
        {
          "id": "OrderSoup",
          "title": "Order soup",
          "category": "order",
          "parameters": [
            { "id": "size", "title": "Size", "type": "SoupSize", "default": "bowl" },
            { "id": "quantity", "title": "Quantity", "type": "integer", "default": 1 }
          ],
          "dialog": { "success": "Your {size} soup will be ready in {minutes} minutes." },
          "result": { "values": { "minutes": 10 } }
        }
      ],
      "shortcuts": [
        {
          "intent": "OrderSoup",
          "phrases": ["Order soup with {applicationName}", "Order a {size} soup with {applicationName}"],
          "shortTitle": "Order soup"
        }
      ]
    }
    """

    @Test("a JSON manifest loads the same intents and shortcuts as the YAML one")
    func jsonManifest() throws {
        let dir = try temporaryFolder("earshot-manifest").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let jsonPath = dir + "/app.json"
        try Self.soupJSON.write(toFile: jsonPath, atomically: true, encoding: .utf8)
        let fromJSON = try AppManifest(contentsOf: jsonPath)
        let fromFolder = try AppManifest(contentsOf: dir)        // a folder holding only app.json
        let fromYAML = try AppManifest(yaml: Self.soupYAML, path: "soup/app.yaml")

        for json in [fromJSON, fromFolder] {
            #expect(json.name == fromYAML.name && json.synonyms == fromYAML.synonyms)
            #expect(json.locale == fromYAML.locale && json.platforms == fromYAML.platforms)
            #expect(json.enums.map(\.id) == fromYAML.enums.map(\.id))
            #expect(json.enums.map(\.values) == fromYAML.enums.map(\.values))
            #expect(json.intents.map(\.id) == fromYAML.intents.map(\.id))
            #expect(json.intents.map(\.title) == fromYAML.intents.map(\.title))
            #expect(json.intents.map(\.category) == fromYAML.intents.map(\.category))
            #expect(json.intents.map { $0.parameters.map(\.id) } == fromYAML.intents.map { $0.parameters.map(\.id) })
            #expect(json.intents.map { $0.parameters.map(\.type) } == fromYAML.intents.map { $0.parameters.map(\.type) })
            #expect(json.intents.map { $0.parameters.map(\.defaultValue) } == fromYAML.intents.map { $0.parameters.map(\.defaultValue) })
            #expect(json.intents.map { $0.dialog.success?.text } == fromYAML.intents.map { $0.dialog.success?.text })
            #expect(json.intents.map { $0.result.values.map { "\($0.key)=\($0.value)" } }
                    == fromYAML.intents.map { $0.result.values.map { "\($0.key)=\($0.value)" } })
            #expect(json.shortcuts.map(\.intent) == fromYAML.shortcuts.map(\.intent))
            #expect(json.shortcuts.map { $0.phrases.map(\.text) } == fromYAML.shortcuts.map { $0.phrases.map(\.text) })
            #expect(json.shortcuts.map(\.shortTitle) == fromYAML.shortcuts.map(\.shortTitle))
            #expect(json.expansionCount(in: "en-US") == fromYAML.expansionCount(in: "en-US"))
        }
        #expect(fromJSON.source.file == jsonPath)
        #expect(fromFolder.source.file == jsonPath)
        #expect(fromJSON.directory == dir)
    }

    @Test("an unknown key in a JSON manifest points at its quote")
    func jsonUnknownKey() {
        let json = """
        {
          "app": "Soup Chef",
          "intents": [
            { "id": "OrderSoup", "title": "Order soup",
              "parameters": [ { "id": "note", "type": "string", "promt": "What note?" } ] }
          ]
        }
        """
        // '      "parameters": [ { "id": "note", "type": "string", ' is 56 characters.
        expectError(json, path: "soup/app.json", line: 5, column: 57, message: ["unknown key 'promt'"],
                    fix: ["Did you mean 'prompt'?"], fixed: ("promt", "prompt"))
    }

    // MARK: - Files

    @Test("a missing file gives one line naming the path")
    func missingFile() throws {
        let dir = try temporaryFolder("earshot-manifest").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/nope.yaml"
        do {
            _ = try AppManifest(contentsOf: path)
            Issue.record("a missing file loaded")
        } catch {
            #expect(error.location.file == path)
            #expect(error.location.line == nil)
            #expect(error.description.hasPrefix("\(path): error: "), "\(error)")
            #expect(error.description.contains("no such file"), "\(error)")
            #expect(error.fix != nil)
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("a folder without app.yaml gives one line naming the path")
    func folderWithoutManifest() throws {
        let dir = try temporaryFolder("earshot-manifest").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "not a manifest".write(toFile: dir + "/README.txt", atomically: true, encoding: .utf8)
        do {
            _ = try AppManifest(contentsOf: dir)
            Issue.record("a folder without app.yaml loaded")
        } catch {
            #expect(error.location.file.hasPrefix(dir), "\(error)")
            #expect(error.description.hasPrefix(dir), "\(error)")
            #expect(error.description.contains("app.yaml"), "\(error)")
            #expect(error.description.contains("no such file"), "\(error)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("an error in a file on disk names that file")
    func errorInFileOnDisk() throws {
        let dir = try temporaryFolder("earshot-manifest").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let yaml = """
        app: Soup Chef
        intents:
          - id: OrderSoup
            title: Order soup
            promt: x
        """
        try yaml.write(toFile: dir + "/app.yaml", atomically: true, encoding: .utf8)
        do {
            _ = try AppManifest(contentsOf: dir)
            Issue.record("loaded")
        } catch {
            #expect(error.location.file == dir + "/app.yaml")
            #expect(error.location.line == 5 && error.location.column == 5, "\(error)")
            #expect(error.description.hasPrefix("\(dir)/app.yaml:5:5: error: unknown key 'promt'"), "\(error)")
        }
    }
}

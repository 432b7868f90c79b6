import EarshotModel
import EarshotTesting
import Foundation
import Testing

/// Oversized and hostile manifests (issue 20): each is the Soup Chef example with one change, and each
/// is refused with its own one-line error naming the line and the limit, before anything is expanded.
@Suite("Manifest limits")
struct ManifestLimitsTests {
    static let soupChef = packageRoot.appendingPathComponent("examples/soupchef/app.yaml")

    static func soup() throws -> String { try String(contentsOf: soupChef, encoding: .utf8) }

    /// The error loading `yaml` gives; it must be one short line.
    func refusal(_ yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> LoadError? {
        do {
            _ = try AppManifest(yaml: yaml, path: "app.yaml")
            Issue.record("the manifest loaded", sourceLocation: sourceLocation)
            return nil
        } catch {
            #expect(!error.description.contains("\n") && error.description.count < 1_000, "\(error.description.prefix(300))", sourceLocation: sourceLocation)
            return error
        }
    }

    func line(of needle: String, in text: String) -> Int {
        (text.components(separatedBy: "\n").firstIndex { $0.contains(needle) } ?? -1) + 1
    }

    @Test("the example itself loads")
    func example() throws {
        _ = try AppManifest(yaml: try Self.soup(), path: "app.yaml")
    }

    @Test("10,000 phrases, shortcuts, enum cases or app synonyms: refused at the first one past the limit, with the number")
    func counts() throws {
        let soup = try Self.soup()
        let phrases = soup.replacingOccurrences(of: "      - Show the menu in {applicationName}\n",
                                                with: (0..<10_000).map { "      - Show menu \($0) in {applicationName}\n" }.joined())
        let tooManyPhrases = try #require(refusal(phrases))
        #expect(tooManyPhrases.message == "more than 1000 trigger phrases; an app has at most 1000, even before expansion.")
        #expect(tooManyPhrases.location.line == line(of: "Show menu 994 in", in: phrases))

        let shortcuts = soup.replacingOccurrences(of: "\nshortcuts:\n",
                                                  with: "\nshortcuts:\n" + (0..<10_000).map { "  - { intent: OpenMenu, phrases: [\"Menu \($0) in {applicationName}\"] }\n" }.joined())
        let tooManyShortcuts = try #require(refusal(shortcuts))
        #expect(tooManyShortcuts.message == "10003 App Shortcuts; at most 100.")
        #expect(tooManyShortcuts.location.line == line(of: "Menu 100 in", in: shortcuts))

        let cases = soup.replacingOccurrences(of: "      - { id: delivery, title: Delivery }\n",
                                              with: (0..<10_000).map { "      - { id: way\($0), title: Way \($0) }\n" }.joined())
        let tooManyCases = try #require(refusal(cases))
        #expect(tooManyCases.message == "10001 values in one enum or entity; at most 5000.")
        #expect(tooManyCases.location.line == line(of: "id: way4999,", in: cases))

        let synonyms = soup.replacingOccurrences(of: "synonyms: [Soup App]", with: "synonyms: [" + (0..<10_000).map { "Soup \($0)" }.joined(separator: ", ") + "]")
        let tooManySynonyms = try #require(refusal(synonyms))
        #expect(tooManySynonyms.message == "10000 app synonyms; at most 50.")
        #expect(tooManySynonyms.location.line == 3)

        let caseSynonyms = soup.replacingOccurrences(of: "synonyms: [large, big]", with: "synonyms: [" + (0..<60).map { "big \($0)" }.joined(separator: ", ") + "]")
        #expect(refusal(caseSynonyms)?.message == "60 synonyms of one value; at most 50.")

        let intents = soup.replacingOccurrences(of: "\nshortcuts:\n", with: (0..<300).map { "\n  - { id: Extra\($0), title: Open extra \($0) }" }.joined() + "\n\nshortcuts:\n")
        #expect(refusal(intents)?.message == "303 intents; at most 200.")

        let negative = soup.replacingOccurrences(of: "  - Send {applicationName} soup recipe to my friend\n",
                                                 with: (0..<1_001).map { "  - not \($0)\n" }.joined())
        #expect(refusal(negative)?.message == "1001 negative phrases; at most 1000.")
    }

    @Test("150,000 synonyms of one case: refused by the file's size; a 1 MB app name by its length, and the error does not echo it")
    func sizes() throws {
        let soup = try Self.soup()
        let synonyms = soup.replacingOccurrences(of: "synonyms: [large, big]", with: "synonyms: [" + (0..<150_000).map { "b\($0)" }.joined(separator: ", ") + "]")
        let huge = try #require(refusal(synonyms))
        #expect(huge.message.hasPrefix("the file is ") && huge.message.hasSuffix("bytes; at most 1048576 (1 MiB)."), "\(huge.message)")

        let name = soup.replacingOccurrences(of: "app: Soup Chef", with: "app: " + String(repeating: "Soup", count: 250_000))
        let long = try #require(refusal(name))
        #expect(long.message == "'app' is 1000000 characters long; at most 200.")
        #expect(long.location.line == 2)
        #expect(long.description.count < 200, "\(long.description)")

        let reply = soup.replacingOccurrences(of: "success: Today's menu is open.", with: "success: " + String(repeating: "Open.", count: 480))
        #expect(refusal(reply)?.message == "'success' is 2400 characters long; at most 2000.")

        // An unknown key is quoted in 60 characters at most.
        let key = soup.replacingOccurrences(of: "flexibleMatching: true", with: "flexibleMatching: true\n" + String(repeating: "k", count: 150) + ": 1")
        let unknown = try #require(refusal(key))
        #expect(unknown.message.count < 120, "\(unknown.message)")
    }

    @Test("phrases that would expand past 10,000 are refused outright, counted by multiplying (no overflow with eight 1,000-value parameters)")
    func expansions() throws {
        let cases = (0..<1_000).map { "      - { id: c\($0), title: Colour \($0) }\n" }.joined()
        let parameters = (0..<8).map { "      - { id: p\($0), title: P\($0), type: Colour }\n" }.joined()
        func manifest(_ phrase: String) -> String {
            "app: Paint\nenums:\n  Colour:\n    cases:\n" + cases + "intents:\n  - id: Paint\n    title: Paint a wall\n    parameters:\n" + parameters
                + "shortcuts:\n  - intent: Paint\n    phrases:\n      - \"\(phrase)\"\n"
        }
        let two = try #require(refusal(manifest("Paint {p0} and {p1} with {applicationName}")))
        #expect(two.message == "the app's trigger phrases expand to more than 10000 in en-US (at this phrase); Apple allows 1000.")
        #expect(two.location.line == 1_020)
        let eight = try #require(refusal(manifest("Paint {p0} {p1} {p2} {p3} {p4} {p5} {p6} {p7} with {applicationName}")))
        #expect(eight.message.hasPrefix("the app's trigger phrases expand to more than 10000"))
        // Between Apple's 1,000 and 10,000: the limit rule `earshot check` reports with the others.
        let reviewed = try AppManifest.reviewing(yaml: manifest("Paint {p0} with {applicationName}") + "      - \"Coat {p1} with {applicationName}\"\n", path: "app.yaml")
        #expect(reviewed.violations.map(\.kind) == [.expansionCount])
    }

    @Test("not UTF-8, a control character, nesting, indentation and alias expansion: refused at the line and column of the first bad byte")
    func wholeFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("app.yaml")
        try Data("app: Soup\nsynonyms: [Soupe]\nplat".utf8 + [0xFF, 0xFE] + Data(": [iOS]\n".utf8)).write(to: file)
        do {
            _ = try AppManifest(contentsOf: file.path)
            Issue.record("loaded")
        } catch {
            #expect(error.message == "the file is not UTF-8 text (a byte here is not).")
            #expect(error.location.line == 3 && error.location.column == 5, "\(error)")
        }
        let bell = try #require(refusal("app: Soup\nsynonyms: [So\u{07}up]\n"))
        #expect(bell.message == "the file has a control character (U+0007).")
        #expect(bell.location.line == 2 && bell.location.column == 14, "\(bell)")

        let flow = try #require(refusal("app: Soup\nsynonyms: " + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "\n"))
        #expect(flow.message == "lists and mappings nest deeper than 32 levels here.")
        #expect(flow.location.line == 2 && flow.location.column == 43)
        let block = try #require(refusal("app: Soup\nsynonyms:\n  " + String(repeating: "- ", count: 40) + "x\n"))
        #expect(block.message == "lists and mappings nest deeper than 32 levels here.")
        #expect(block.location.line == 3)
        let indented = try #require(refusal("app: Soup\nsynonyms:\n" + String(repeating: " ", count: 300) + "- x\n"))
        #expect(indented.message == "the line is indented more than 256 columns.")
        // A mapping 20 levels down, written as indentation: within the limit the parser decides.
        let deep = (0..<33).map { String(repeating: "  ", count: $0) + "k\($0):" }.joined(separator: "\n") + " x\n"
        #expect(refusal("app: Soup\nreview:\n" + deep.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n")?.message
                    == "lists and mappings nest deeper than 32 levels here.")

        // A billion laughs: each alias counted as what it repeats, refused at 100,000 values.
        var laughs = "app: Soup\nreview:\n  a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...8 { laughs += "  l\(level): &l\(level) [" + Array(repeating: "*" + (level == 1 ? "a" : "l\(level - 1)"), count: 10).joined(separator: ", ") + "]\n" }
        #expect(refusal(laughs)?.message == "the file holds more than 100000 values (counting what each alias repeats).")
    }

    @Test("a pipe or a folder given as a manifest is refused, not read")
    func notAFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("app.yaml").path
        #expect(mkfifo(pipe, 0o600) == 0)
        #expect(throws: LoadError(SourceLocation(file: pipe), "is not a regular file.", fix: "Give the path of a YAML file.")) {
            try AppManifest(contentsOf: pipe)
        }
    }
}

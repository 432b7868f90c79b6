import Earshot
import Foundation
import Testing

/// `earshot check` lists the words the recogniser has to guess: not in its dictionary (cmudict), so
/// pronounced from espeak-ng's phonemes.
@Suite("check: guessed pronunciations", .serialized)
struct CheckPronunciationTests {
    static let examples = CLIExitTests.packageRoot.appendingPathComponent("examples")

    /// An app whose name and one entity are not English words.
    static let traillog = """
    app: Traillog
    entities:
      Trail:
        title: Trail
        suggested:
          - id: q
            title: Quokka Ridge
            synonyms: [the quokka]
    intents:
      - id: Open
        title: Open a trail
        category: information
        parameters:
          - id: trail
            title: Trail
            type: Trail
    shortcuts:
      - intent: Open
        phrases: ["Open my hikes in {applicationName}", "Show {trail} in {applicationName}", "Make soup in {applicationName}"]
    """

    static func write(_ yaml: String) throws -> URL {
        let dir = try CLIExitTests.temporaryDirectory()
        try yaml.write(to: dir.appendingPathComponent("app.yaml"), atomically: true, encoding: .utf8)
        return dir
    }

    /// Phones of the en-us model, one or two capitals each, separated by single spaces.
    static func isPhoneString(_ phones: String) -> Bool {
        !phones.isEmpty && phones.split(separator: " ", omittingEmptySubsequences: false)
            .allSatisfy { (1...2).contains($0.count) && $0.allSatisfy { $0.isUppercase && $0.isASCII } }
    }

    @Test("a made-up app name and entity title are guessed; common words are not")
    func guessed() throws {
        let dir = try Self.write(Self.traillog)
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = ManifestCheck.run(dir.path)
        #expect(report.ok)
        #expect(report.pronunciationsNotChecked == nil)
        let guesses = try #require(report.guessedWords)
        let words = guesses.map(\.word)
        #expect(words == ["quokka", "traillog"], "guessed: \(guesses)")
        let traillog = try #require(guesses.first { $0.word == "traillog" })
        #expect(Self.isPhoneString(traillog.phones), "phones: \(traillog.phones)")
        #expect(traillog.phones.hasPrefix("T R "), "phones: \(traillog.phones)")
        #expect(traillog.phones.contains("L"), "phones: \(traillog.phones)")
        for common in ["soup", "open", "trail", "ridge", "hikes", "show", "the"] {
            #expect(!words.contains(common), "'\(common)' is in cmudict")
        }
        // The first line is unchanged; the note follows on a line of its own.
        let lines = report.text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains(": ok: Traillog — 1 shortcuts;"))
        #expect(lines[1].contains(": note: 2 words are not in the recognizer's dictionary; Earshot guessed: \"quokka\" "))
        #expect(lines[1].contains("\"traillog\" \(traillog.phones)"))
        #expect(report.json.contains("\"guessedWords\":[{\"phones\":"))
    }

    @Test("examples: traillog's Dipsea is guessed; Soup Chef needs no guess, and its French phrases are not English words")
    func examples() throws {
        let check = PronunciationCheck()
        let traillog = ManifestCheck.run(Self.examples.appendingPathComponent("traillog").path, pronunciations: check)
        let dipsea = try #require(traillog.guessedWords?.first { $0.word == "dipsea" }, "guessed: \(traillog.guessedWords ?? [])")
        #expect(Self.isPhoneString(dipsea.phones) && dipsea.phones.hasPrefix("D "), "phones: \(dipsea.phones)")
        #expect(traillog.guessedWords?.contains { ["trail", "log", "hike", "week"].contains($0.word) } == false)

        let soupchef = ManifestCheck.run(Self.examples.appendingPathComponent("soupchef").path, pronunciations: check)
        #expect(soupchef.guessedWords == [], "guessed: \(soupchef.guessedWords ?? [])")
        #expect(soupchef.text.split(separator: "\n").count == 1)
        let manifest = try #require(try Workspace.loadApps([Self.examples.appendingPathComponent("soupchef").path]).first)
        let words = ManifestCheck.spokenWords(of: manifest)
        #expect(words.isSuperset(of: ["order", "soup", "chef", "clam", "chowder"]))
        #expect(!words.contains("commande") && !words.contains("soupe"))
    }

    @Test("without the speech model: the manifest is still checked, and the note says pronunciations were not")
    func missingModel() throws {
        let check = PronunciationCheck(acousticModel: "/nonexistent/en-us", dictionary: "/nonexistent/cmudict-en-us.dict")

        // A broken manifest never starts the recogniser.
        let broken = try Self.write(CLIExitTests.broken)
        defer { try? FileManager.default.removeItem(at: broken) }
        let failed = ManifestCheck.run(broken.path, pronunciations: check)
        #expect(!failed.ok)
        #expect(!check.started)
        #expect(failed.pronunciationsNotChecked == nil && failed.guessedWords == nil)

        let good = try Self.write(Self.traillog)
        defer { try? FileManager.default.removeItem(at: good) }
        let report = ManifestCheck.run(good.path, pronunciations: check)
        #expect(check.started)
        #expect(report.ok)
        #expect(report.guessedWords == nil)
        #expect(report.pronunciationsNotChecked?.contains("the speech model is missing (/nonexistent/en-us)") == true,
                "\(report.pronunciationsNotChecked ?? "nil")")
        let lines = report.text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains(": ok: Traillog"))
        #expect(lines[1].contains(": note: pronunciations not checked: the speech model is missing"))
        #expect(report.json.contains("\"pronunciationsNotChecked\":"))
    }

    @Test("earshot check through the binary: the note on stdout, status 0; JSON carries guessedWords")
    func binary() async throws {
        let dir = try CLIExitTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let traillog = Self.examples.appendingPathComponent("traillog").path
        let text = try await CLIExitTests.run(["check", traillog], in: dir)
        #expect(text.status == 0, "stderr: \(text.stderr)")
        #expect(text.stderr.isEmpty, "stderr: \(text.stderr)")
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count == 2, "stdout: \(text.stdout)")
        #expect(lines.first?.contains("app.yaml: ok: Trail Log") == true)
        #expect(lines.last?.contains("Earshot guessed: \"dipsea\" D ") == true, "stdout: \(text.stdout)")

        let json = try await CLIExitTests.run(["check", "--json", traillog], in: dir)
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let guessed = try #require(object["guessedWords"] as? [[String: String]])
        #expect(guessed.contains { $0["word"] == "dipsea" && ($0["phones"] ?? "").hasPrefix("D ") })
        #expect(!guessed.contains { $0["word"] == "trail" })
    }
}

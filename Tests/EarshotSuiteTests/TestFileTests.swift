import EarshotModel
import EarshotTesting
import Foundation
import Testing
@testable import EarshotSuite

/// Test files a person gets wrong: each gives one error naming the file, the line and the fix.
@Suite("Conversation test files")
struct TestFileTests {
    static let good = """
    apps: [$ROOT/examples/soupchef]
    profiles: [homepod, watch]
    conversations:
      - name: order from the list
        profiles: [homepod]
        turns:
          - say: Order soup with Soup Chef
            expect:
              intent: OrderSoup
              asks: soup
              reply: Which soup?*
          - say: the second one
            expect:
              parameters: { soup: tomato }
              reply: Do you want a bowl?
    """

    @Test("the spec's example loads: profiles, expectations and their lines")
    func loads() throws {
        let path = try writeTestFile(Self.good)
        let suite = try TestSuite.load(paths: [path])
        let file = try #require(suite.files.first).test
        #expect(file.profiles.map(\.value) == ["homepod", "watch"])
        let conversation = try #require(file.conversations.first)
        #expect(conversation.profiles?.map(\.value) == ["homepod"])
        let first = conversation.turns[0].expectation
        #expect(first.intent == "OrderSoup")
        #expect(first.asks == .some("soup"))
        #expect(first.reply?.kind == .glob)
        #expect(first.locations[.asks]?.line == 10)
        #expect(conversation.turns[1].expectation.parameters.map(\.id) == ["soup"])
        #expect(conversation.turns[1].expectation.parameters.map(\.value) == ["tomato"])
        #expect(try suite.cases().map(\.profile) == ["homepod"])
    }

    @Test("a typo'd expect key: its line and column, and the key it should be")
    func typoKey() throws {
        let (path, error) = try loadError(Self.good.replacingOccurrences(of: "          asks: soup", with: "          aks: soup"))
        let e = try #require(error)
        #expect(e.location == SourceLocation(file: path, line: 10, column: 11))
        #expect(e.description.contains("unknown key 'aks'"))
        #expect(e.description.contains("Did you mean 'asks'?"))
    }

    @Test("a typo'd conversation key, and a turn with neither say nor audio")
    func typoConversationKey() throws {
        let (path, error) = try loadError(Self.good.replacingOccurrences(of: "    profiles: [homepod]\n", with: "    profile: [homepod]\n"))
        #expect(error?.location == SourceLocation(file: path, line: 5, column: 5))
        #expect(error?.description.contains("Did you mean 'profiles'?") == true)
        let (path2, error2) = try loadError(Self.good.replacingOccurrences(of: "      - say: the second one", with: "      - sya: the second one"))
        #expect(error2?.location.file == path2)
        #expect(error2?.location.line == 12)
        #expect(error2?.description.contains("Did you mean 'say'?") == true)
    }

    @Test("a missing app names the line of the apps entry")
    func missingApp() throws {
        let (path, error) = try loadError(Self.good.replacingOccurrences(of: "$ROOT/examples/soupchef", with: "../no-such-app"))
        let e = try #require(error)
        #expect(e.location.file == path)
        #expect(e.location.line == 1)
        #expect(e.description.contains("no app manifest at"))
        #expect(e.description.contains("relative to the test file's folder"))
    }

    @Test("a recording that does not exist names the turn's line")
    func missingAudio() throws {
        let text = Self.good.replacingOccurrences(of: "      - say: the second one", with: "      - audio: no-such.wav")
        let (path, error) = try loadError(text)
        let e = try #require(error)
        #expect(e.location.file == path)
        #expect(e.location.line == 12)
        #expect(e.description.contains("no-such.wav"))
        #expect(e.description.contains("no such file"))
    }

    @Test("an intent, parameter, profile or outcome the apps do not have is an error at its line, with the near name")
    func unknownNames() throws {
        let intent = try loadError(Self.good.replacingOccurrences(of: "intent: OrderSoup", with: "intent: OrderSoop"))
        #expect(intent.error?.location.line == 9)
        #expect(intent.error?.description.contains("Did you mean 'OrderSoup'?") == true)
        let parameter = try loadError(Self.good.replacingOccurrences(of: "{ soup: tomato }", with: "{ soupe: tomato }"))
        #expect(parameter.error?.location.line == 14)
        #expect(parameter.error?.description.contains("no parameter 'soupe'") == true)
        let profile = try loadError(Self.good.replacingOccurrences(of: "profiles: [homepod, watch]", with: "profiles: [homepod, wacth]"))
        #expect(profile.error?.location.line == 2)
        #expect(profile.error?.description.contains("Did you mean 'watch'?") == true)
        let outcome = try loadError(Self.good.replacingOccurrences(of: "asks: soup", with: "outcome: sucess"))
        #expect(outcome.error?.description.contains("Did you mean 'success'?") == true)
    }

    @Test("a regular expression that does not compile is an error at its line")
    func badRegex() throws {
        let (_, error) = try loadError(Self.good.replacingOccurrences(of: "reply: Do you want a bowl?", with: "reply: /Do you (want/"))
        #expect(error?.location.line == 15)
        #expect(error?.description.contains("not a valid regular expression") == true)
    }

    @Test("two conversations with one name, and a file with no conversations")
    func structure() throws {
        let twice = Self.good + "\n  - name: order from the list\n    turns:\n      - say: hello\n"
        let (_, error) = try loadError(twice)
        #expect(error?.location.line == 16)
        #expect(error?.description.contains("a second conversation named 'order from the list' (first at line 4)") == true)
        let (_, empty) = try loadError("apps: [$ROOT/examples/soupchef]\nconversations: []\n")
        #expect(empty?.description.contains("'conversations' is empty") == true)
    }

    @Test("a folder is searched for *.convo.yaml, sorted, hidden folders skipped")
    func discovery() throws {
        let folder = try temporaryFolder()
        let text = Self.good.replacingOccurrences(of: "$ROOT", with: packageRoot.path)
        for name in ["b.convo.yaml", "a/c.convo.yaml", ".hidden/d.convo.yaml", "notes.yaml"] {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let files = try TestSuite.testFiles([folder.path]).map { ($0 as NSString).lastPathComponent }
        #expect(files == ["c.convo.yaml", "b.convo.yaml"])
        #expect(throws: LoadError.self) { try TestSuite.testFiles([folder.appendingPathComponent("nothing-here").path]) }
    }

    @Test("a value id the parameter does not have is an error at load, with the near id; reply: ~ is refused")
    func valuesAndNull() throws {
        let (_, value) = try loadError(Self.good.replacingOccurrences(of: "{ soup: tomato }", with: "{ soup: tomatoe }"))
        #expect(value?.location.line == 14)
        #expect(value?.description.contains("no value 'tomatoe' of parameter 'soup'") == true)
        #expect(value?.description.contains("Did you mean 'tomato'?") == true)
        let (_, null) = try loadError(Self.good.replacingOccurrences(of: "reply: Do you want a bowl?", with: "reply: ~"))
        #expect(null?.location.line == 15)
        #expect(null?.description.contains("cannot be ~") == true)
    }

    @Test("a profile file is found from the test file's folder; a manifest given as a test file says so")
    func profileFileAndManifest() throws {
        let folder = try temporaryFolder()
        try FileManager.default.copyItem(atPath: repoPath("profiles/watch.yaml"), toPath: folder.appendingPathComponent("mywatch.yaml").path)
        let path = folder.appendingPathComponent("t.convo.yaml").path
        try Self.good.replacingOccurrences(of: "$ROOT", with: packageRoot.path)
            .replacingOccurrences(of: "    profiles: [homepod]\n", with: "    profiles: [mywatch.yaml]\n")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let cases = try TestSuite.load(paths: [path]).cases()
        #expect(cases.map(\.profile) == [folder.appendingPathComponent("mywatch.yaml").path])
        let error = #expect(throws: LoadError.self) { try TestSuite.load(paths: [repoPath("examples/soupchef/app.yaml")]) }
        #expect(error?.description.contains("this is an app manifest, not a conversation test file") == true)
    }

    @Test("a file named twice runs once")
    func namedTwice() throws {
        let path = try writeTestFile(Self.good)
        let folder = (path as NSString).deletingLastPathComponent
        let suite = try TestSuite.load(paths: [folder, path, folder + "/./t.convo.yaml"])
        #expect(suite.files.count == 1)
    }
}

import Earshot
import EarshotAudio
import EarshotDialogue
import EarshotSpeech
import Foundation
import Testing

@Suite("Speech", .serialized)
struct SpeechTests {
    @Test("espeak-ng's IPA maps onto the model's phones")
    func pronunciation() {
        #expect(Pronunciation.arpabet(fromIPA: "s_ˈuː_p ʃ_ˈɛ_f") == "S UW P SH EH F")
        #expect(Pronunciation.arpabet(fromIPA: "tʃ_ˈaʊ_d_ɚ") == "CH AW D ER")
        #expect(Pronunciation.arpabet(fromIPA: "p_ˈoʊ_s_t_k_ɑːɹ_d") == "P OW S T K AA R D")
    }

    @Test("a word missing from the dictionary gets a pronunciation from espeak-ng")
    func unknownWord() throws {
        let recognizer = try Recognizer()
        let phones = try recognizer.pronounce("traillog").split(separator: " ")
        #expect(phones.first == "T" && phones.contains("R") && phones.last == "G", "\(phones)")
    }

    @Test("the synthesizer speaks in the voice asked, and refuses one it does not have")
    func synthesizer() throws {
        let synthesizer = Synthesizer()
        let us = try synthesizer.speak("Order soup with Soup Chef")
        #expect(us.sampleRate == 16_000)
        #expect(us.duration > 0.8 && us.duration < 4, "\(us.duration)")
        #expect(us.rms > 0.01)
        let gb = try synthesizer.speak("Order soup with Soup Chef", voice: .init(name: "en-gb"))
        #expect(gb.samples != us.samples)
        #expect(throws: SpeechError.self) { try synthesizer.speak("hello", voice: .init(name: "xx-nowhere")) }
    }

    @Test("a conversation spoken in three voices goes through the whole loop", arguments: ["en-us", "en-gb", "en-us+f3"])
    func spokenConversation(voice: String) async throws {
        var session = try Workspace(apps: try Bundled.exampleApps(), profiles: try Bundled.profiles()).session(profile: "homepod")
        let loop = try SpeechLoop()
        let synthesizer = Synthesizer()
        var turns: [Turn] = []
        for line in ["Order soup with Soup Chef", "the second one", "yes", "yes"] {
            turns.append(try await loop.turn(try synthesizer.speak(line, voice: .init(name: voice)), session: &session))
        }
        #expect(turns.map(\.heard.text).prefix(2) == ["order soup with soup chef", "the second one"])
        // "yes" may be heard as another yes form ("yeah" with en-gb): the device takes either.
        #expect(turns.suffix(2).allSatisfy { Answers.isYes($0.heard.text) }, "\(turns.map(\.heard.text))")
        #expect(turns[0].heard.source == .audio)
        #expect((turns[0].heard.confidence ?? 0) >= 0.4)
        #expect(turns[0].heard.words?.map(\.word) == ["order", "soup", "with", "soup", "chef"])
        #expect(turns[1].parameter("soup")?.id == "tomato")
        #expect(turns[3].outcome == .success)
        // Word timings name words said, in order, never the grammar's empty steps.
        for turn in turns {
            #expect(turn.heard.words?.allSatisfy { !$0.word.hasPrefix("(") && $0.start <= $0.end } == true, "\(turn.heard)")
        }
    }

    @Test("espeak-ng's \"the first one\" is the first option to the synthetic-speech model, in every voice",
          arguments: ["en-us", "en-gb", "en-us+f3"])
    func firstOption(voice: String) async throws {
        // With Debian's model (trained on people) espeak-ng's "first" is heard as "third" in every voice.
        var session = try Workspace(apps: try Bundled.exampleApps(), profiles: try Bundled.profiles()).session(profile: "homepod")
        _ = await session.respond(to: "Order soup with Soup Chef")
        let loop = try SpeechLoop(source: .synthetic)
        let turn = try await loop.turn(try Synthesizer().speak("the first one", voice: .init(name: voice)), session: &session)
        #expect(turn.heard.text == "the first one", "heard \"\(turn.heard.text)\"")
        #expect(turn.parameter("soup")?.id == "clam-chowder", "\(turn)")
    }

    @Test("the synthetic-speech model's folder is checked: a missing one names itself and the fix")
    func missingSyntheticModel() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-no-model-\(UUID().uuidString)").path
        #expect {
            _ = try Recognizer.Model.synthetic(folder: folder)
        } throws: { error in
            let message = "\(error)"
            return message.contains(folder) && message.contains("make setup")
        }
    }

    @Test("a slow and a quick yes are both taken", arguments: [110, 175, 260])
    func yesAtAnyPace(rate: Int) async throws {
        var session = try Workspace(apps: try Bundled.exampleApps(), profiles: try Bundled.profiles()).session(profile: "homepod")
        _ = await session.respond(to: "Order tomato soup with Soup Chef")
        #expect(session.conversation != nil)
        let loop = try SpeechLoop()
        let yes = try Synthesizer().speak("yes", voice: .init(name: "en-us", rate: rate))
        let turn = try await loop.turn(yes, session: &session)
        #expect(turn.heard.text == "yes", "\(yes.duration) s heard as \"\(turn.heard.text)\" (confidence \(turn.heard.confidence ?? 0))")
    }

    @Test("silence is heard as nothing, never as a guess")
    func silence() async throws {
        var session = try Workspace(apps: try Bundled.exampleApps(), profiles: try Bundled.profiles()).session(profile: "homepod")
        let turn = try await SpeechLoop().turn(.silence(seconds: 2), session: &session)
        #expect(turn.heard.text == "")
        #expect(turn.reply.text == "Sorry, I didn't hear anything.")
        #expect(turn.outcome == .notUnderstood)
    }

    @Test("out-of-domain requests reach no intent")
    func outOfDomainRejected() async throws {
        let workspace = Workspace(apps: try Bundled.exampleApps(), profiles: try Bundled.profiles())
        let loop = try SpeechLoop()
        var refused = 0
        for sentence in outOfDomain {
            var session = try workspace.session(profile: "homepod")
            let turn = try await loop.turn(try Synthesizer().speak(sentence), session: &session)
            if turn.match == nil { refused += 1 }
        }
        // The issue's target is 90%; see docs/speech.md for what was measured.
        print("out-of-domain refused: \(refused) of \(outOfDomain.count)")
        #expect(refused >= 18, "\(refused) of \(outOfDomain.count) refused")
    }

    @Test("the reply is written as speech where asked")
    func replyAudio() async throws {
        var session = try Workspace(apps: try Bundled.exampleApps(), profiles: try Bundled.profiles()).session(profile: "homepod")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-replies-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("turn-1.wav").path
        let turn = try await SpeechLoop().turn(try Synthesizer().speak("Order soup with Soup Chef"), session: &session, replyPath: path)
        #expect(turn.reply.audio == path)
        let reply = try AudioFile.read(path)
        // "Which soup? Clam Chowder, Tomato Soup, or Chicken Noodle Soup?" takes a few seconds to say.
        #expect(reply.duration > 2.5 && reply.duration < 8, "\(reply.duration)")
        #expect(reply.rms > 0.01)
    }
}

import Earshot
import EarshotAudio
import EarshotDialogue
import EarshotModel
import EarshotSpeech
import EarshotTesting
import Foundation
import Testing

/// The recognizer's passes on two threads (``Recognizer/parallelPasses``): the grammar beside the phone
/// loop, the language model's pass beside the framed pass. What is heard must not depend on it.
@Suite("Parallel passes", .serialized)
struct ParallelPassesTests {
    static let voice = Synthesizer.Voice(name: "en-us+m3", rate: 170)

    /// Each clip heard by two loops with the person model (whose answers are checked against the answers'
    /// language model), one decoding its passes in parallel and one one after the other.
    @Test("every pass gives the same transcript, confidence and words in parallel as one after the other",
          arguments: [
            // An answer inside a sentence: the framed pass, with the language model's check beside it.
            ("Order soup with Soup Chef", "um, can I get the tomato one please"),
            // Speech that is no answer: the grammars' guess checked, or the fallback's transcript.
            ("Order soup with Soup Chef", "what's the weather like tomorrow"),
            // A request the grammar does not hold: the fallback's domain language model, no framed pass.
            ("", "could you order me some soup with soup chef please"),
          ])
    func sameResults(leadIn: String, text: String) async throws {
        var session = try workspace().session(profile: "homepod")
        if !leadIn.isEmpty { _ = await session.respond(to: leadIn) }
        let parallel = try SpeechLoop(source: .person)
        parallel.recognizer.parallelPasses = true
        let sequential = try SpeechLoop(source: .person)
        sequential.recognizer.parallelPasses = false
        // One clip for both: espeak-ng's output differs a little from call to call.
        let audio = try parallel.synthesizer.speak(text, voice: Self.voice)
        // Twice each: the second turn finds its grammars and models ready, as a running device does.
        for round in 1...2 {
            let a = try await parallel.recognize(audio, session: session)
            let b = try await sequential.recognize(audio, session: session)
            #expect(a == b, "round \(round), \"\(text)\": parallel heard \(a.text) (\(a.confidence), \(a.pass)); one after the other \(b.text) (\(b.confidence), \(b.pass))")
        }
    }

    @Test("a turn's passes are charged to their stages on both threads")
    func stagesCharged() async throws {
        var session = try workspace().session(profile: "homepod")
        _ = await session.respond(to: "Order soup with Soup Chef")
        let loop = try SpeechLoop(source: .person)
        loop.recognizer.parallelPasses = true
        let audio = try loop.synthesizer.speak("um, can I get the tomato one please", voice: Self.voice)
        _ = try await loop.recognize(audio, session: session)
        let stages = loop.recognizer.lastStageSeconds
        for stage in [Recognizer.Stage.grammar, .phoneLoop, .framed] {
            #expect((stages[stage] ?? 0) > 0, "\(stage) took no processor time: \(stages)")
        }
        // The language model's pass ran on the other thread beside the framed one, read or not.
        #expect((stages[.check] ?? 0) + (stages[.fallback] ?? 0) > 0, "no language-model pass: \(stages)")
    }

    func workspace() throws -> Workspace {
        Workspace(apps: try allExampleApps(), profiles: try Bundled.profiles())
    }
}

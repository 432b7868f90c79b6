import Earshot
import EarshotAudio
import EarshotDialogue
import EarshotModel
import EarshotSpeech
import EarshotTesting
import Foundation
import Testing

/// Open-ended values spoken inside sentences (issue 18): numbers, amounts, dates and durations are heard
/// through a grammar of their spoken forms first (`OpenAnswerGrammar`), then the open values' language
/// model. espeak-ng speaks in a voice no profile uses, heard with the synthetic-speech model as `earshot test
/// --audio` hears it.
@Suite("Open-ended values as people say them, spoken", .serialized)
struct OpenValueSpeechTests {
    static let voice = PeopleSpeechTests.voice

    /// The session after `leadIn` typed on HomePod, with people-dev's planner app beside the examples.
    static func session(_ leadIn: String) async throws -> Session {
        try await PeopleSpeechTests.session([leadIn])
    }

    /// Speech of `text`, with a quarter of a second of silence either side.
    static func clip(_ text: String, loop: SpeechLoop) throws -> AudioBuffer {
        let speech = try loop.synthesizer.speak(text, voice: voice)
        let quiet = [Int16](repeating: 0, count: 4000)
        return AudioBuffer(samples: quiet + speech.samples + quiet)
    }

    @Test("a value said inside a sentence, with a filler and politeness, takes what it takes typed",
          arguments: [("Log an expense in Day Planner", "um, it came to twelve fifty please"),
                      ("Book a table with Day Planner", "uh, a table for six please"),
                      ("Start a timer with Day Planner", "make it forty five minutes"),
                      ("Add a reminder in Day Planner | call the dentist", "um, next friday at nine a m")])
    func valueInSentence(leadIn: String, answer: String) async throws {
        let loop = try SpeechLoop(source: .synthetic)
        var asked = try await Self.session(leadIn.components(separatedBy: " | ")[0])
        for line in leadIn.components(separatedBy: " | ").dropFirst() { _ = await asked.respond(to: line) }
        var typed = asked
        let expected = await typed.respond(to: answer)
        #expect(!expected.parameters.isEmpty, "typed: \(expected.reply.text)")
        var spoken = asked
        let turn = try await loop.turn(try Self.clip(answer, loop: loop), session: &spoken)
        #expect(turn.parameters.map(\.value?.id) == expected.parameters.map(\.value?.id), "heard \(turn.heard.text)")
    }

    @Test("speech that names no value, said to an open-ended question, takes nothing",
          arguments: [("Log an expense in Day Planner", "amount", "what's the weather like"),
                      ("Start a timer with Day Planner", "length", "tell me a joke"),
                      ("Book a table with Day Planner", "guests", "turn off the lights in the kitchen")])
    func outOfDomain(leadIn: String, parameter: String, text: String) async throws {
        let loop = try SpeechLoop(source: .synthetic)
        var session = try await Self.session(leadIn)
        let turn = try await loop.turn(try Self.clip(text, loop: loop), session: &session)
        #expect(turn.parameter(parameter) == nil, "heard \(turn.heard.text) → \(turn.reply.text)")
        #expect(turn.outcome == .inProgress || turn.outcome == .notUnderstood, "heard \(turn.heard.text) → \(turn.reply.text)")
    }

    @Test("'about twenty minutes' said to a 'when' question is twenty minutes from now, not eight tonight")
    func lengthToAWhenQuestion() async throws {
        // The clock stopped at Wednesday 25 November 2026, 9:30 in New York, so the value does not depend on when
        // the test runs. The date grammar holds "about twenty minutes" (what is heard when a person's "in" is lost).
        let zone = TimeZone(identifier: "America/New_York")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let now = calendar.date(from: DateComponents(year: 2026, month: 11, day: 25, hour: 9, minute: 30))!
        let loop = try SpeechLoop(source: .synthetic)
        var session = try PeopleSpeechTests.workspace().session(profile: "homepod", settings: DeviceSettings(now: now, timeZone: zone))
        _ = await session.respond(to: "Add a reminder in Day Planner")
        _ = await session.respond(to: "call the dentist")
        let turn = try await loop.turn(try Self.clip("about twenty minutes", loop: loop), session: &session)
        #expect(turn.parameter("when")?.id == "2026-11-25T09:50", "heard \(turn.heard.text) → \(turn.reply.text)")
    }

    @Test("the grammar of every kind of open-ended value builds, and each word is one the reader knows or a frame word")
    func grammarBuilds() throws {
        let recognizer = try Recognizer(model: .debian)
        for kind in OpenAnswerLanguage.Kind.allCases {
            let context = RecognitionContext(name: "answer: \(kind.rawValue)", sentences: ["cancel"], kind: .answer,
                                             leading: OpenAnswerGrammar.leading(kind), trailing: OpenAnswerGrammar.trailing,
                                             valueRules: OpenAnswerGrammar.rules(kind))
            #expect(throws: Never.self) { try recognizer.prepare(context) }
            #expect(OpenAnswerGrammar.words(in: OpenAnswerGrammar.rules(kind)).contains("twenty"))
            #expect(!OpenAnswerGrammar.words(in: OpenAnswerGrammar.rules(kind)).contains("value"))
        }
    }
}

import Earshot
import EarshotAudio
import EarshotDialogue
import EarshotSpeech
import Foundation
import Testing

/// The phone loop's speed settings (``Recognizer/phoneLoopOptions``) against the judgements they feed.
@Suite("The phone loop's settings")
struct PhoneLoopSettingsTests {
    /// Recognizes `audio` against a few answers with the person model, whose phone loop has `options`: what
    /// was heard, its confidence and its score gap against the loop.
    static func judge(_ audio: AudioBuffer, options: [String]) throws -> (text: String, confidence: Double, gap: Double) {
        let recognizer = try Recognizer(model: .debian, phoneLoopOptions: options)
        let context = RecognitionContext(name: "soups", sentences: ["tomato", "the tomato one", "chicken noodle", "clam chowder"], kind: .answer)
        let heard = try recognizer.recognize(audio, in: context)
        return (heard.text, heard.confidence, recognizer.lastDiagnostics.gap)
    }

    @Test("without pocketsphinx's phone lookahead the loop scores the same: a grammar search does not read it")
    func lookaheadChangesNothing() throws {
        // pocketsphinx's own default: a lookahead of 5 frames.
        var withLookahead = Recognizer.phoneLoopOptions
        let setting = try #require(withLookahead.firstIndex(of: "-pl_window"), "the loop's settings turn the lookahead off")
        withLookahead.removeSubrange(setting...setting + 1)
        for text in ["the tomato one", "what's the weather like"] {
            // One clip for both: espeak-ng's output differs a little from call to call.
            let audio = try Synthesizer().speak(text)
            let fast = try Self.judge(audio, options: Recognizer.phoneLoopOptions)
            let slow = try Self.judge(audio, options: withLookahead)
            #expect(fast.text == slow.text && fast.confidence == slow.confidence && fast.gap == slow.gap, "\(text): \(fast) against \(slow)")
        }
    }

    @Test("with the loop's settings, an answer said is taken and speech that is no answer is refused")
    func rejectionHolds() throws {
        let answer = try Self.judge(try Synthesizer().speak("the tomato one"), options: Recognizer.phoneLoopOptions)
        #expect(answer.text == "the tomato one", "heard \(answer)")
        let other = try Self.judge(try Synthesizer().speak("what's the weather like tomorrow in paris"), options: Recognizer.phoneLoopOptions)
        #expect(other.text == "", "heard \(other)")
    }
}

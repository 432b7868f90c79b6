import EarshotAudio
import EarshotSpeech
import Foundation
import Testing
@testable import EarshotLive

@Suite("Wake listener", .serialized)
struct WakeListenerTests {
    static func heard(_ text: String, voice: String, listener: WakeListener) throws -> [WakeDetection] {
        try heard(speech: try Synthesizer().speak(text, voice: .init(name: voice)).samples, listener: listener)
    }

    static func heard(speech: [Int16], listener: WakeListener) throws -> [WakeDetection] {
        let samples = LiveSessionTests.pause(0.5) + speech + LiveSessionTests.pause(0.5)
        listener.reset()
        var found: [WakeDetection] = []
        // Odd-sized chunks, as a sound card delivers them.
        for start in stride(from: 0, to: samples.count, by: 333) {
            if let detection = try listener.process(Array(samples[start..<min(samples.count, start + 333)])) { found.append(detection) }
        }
        return found
    }

    @Test("'hey siri' and 'siri' said on their own wake the device, where they end", arguments: ["en-us", "en-gb", "en-us+f3"])
    func wakes(voice: String) throws {
        let listener = WakeListener(phrases: ["hey siri", "siri"], recognizer: try Recognizer())
        let fixtures = try LiveSessionTests.fixtures.get()
        for wake in fixtures.entries(.wake) {
            // The committed clips: espeak-ng is not repeatable from one call to the next.
            let speech = try AudioFile.read(fixtures.path(wake, voice: voice)).samples
            let phrase = wake.text
            let found = try Self.heard(speech: speech, listener: listener)
            #expect(found.map(\.phrase) == [phrase], "\(voice): \(phrase)")
            let speechEnd = 8000 + speech.count
            if let end = found.first?.endSample { #expect(abs(end - speechEnd) < 4800, "\(voice): ends at \(end), speech at \(speechEnd)") }
        }
    }

    @Test("short speech that is not a wake phrase does not wake it", arguments: ["en-us", "en-gb", "en-us+f3"])
    func ignores(voice: String) throws {
        let listener = WakeListener(phrases: ["hey siri", "siri"], recognizer: try Recognizer())
        for text in ["the second one", "yes", "three", "number three", "seriously", "the series", "see you", "order soup with soup chef"] {
            #expect(try Self.heard(text, voice: voice, listener: listener).isEmpty, "\(voice): \(text)")
        }
    }
}

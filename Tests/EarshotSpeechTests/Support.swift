import Earshot
import EarshotAudio
import EarshotDialogue
import EarshotMatching
import EarshotModel
import EarshotSpeech
import Foundation

/// Out-of-domain requests: weather, timers, chit-chat, other apps.
let outOfDomain = [
    "What's the weather like tomorrow", "Set a timer for ten minutes", "Tell me a joke", "Call my mother",
    "Play some jazz music", "How tall is the Eiffel Tower", "Turn off the lights in the kitchen",
    "Order a pizza with Domino's", "Wake me up at seven", "What time is it in Tokyo", "Send a message to Alex",
    "Navigate to the nearest gas station", "How are you today", "Remind me to buy milk", "Who won the game last night",
    "Add eggs to my grocery list", "Book a table for two", "What's on my calendar", "Read my new email", "Good night",
]

/// Recognition rate of every phrase expansion of `apps` on `profile`, spoken with `voices`.
func phraseRecognition(apps: [AppManifest], profile: String, voices: [String], limitPerApp: Int = 1_000)
    throws -> (hits: Int, total: Int, misses: [String]) {
    let workspace = Workspace(apps: apps, profiles: try Bundled.profiles())
    let session = try workspace.session(profile: profile)
    let context = session.recognitionContext!
    let recognizer = try Recognizer()
    let synthesizer = Synthesizer()
    var hits = 0, total = 0
    var misses: [String] = []
    for (index, app) in session.catalog.apps.enumerated() where session.catalog.available[index] {
        for expansion in app.expansions.prefix(limitPerApp) {
            for voice in voices {
                let audio = try synthesizer.speak(expansion.text, voice: .init(name: voice))
                let heard = try recognizer.recognize(audio, in: context)
                total += 1
                let resolved = session.resolver.resolve(heard.text).matches
                if resolved.count == 1, resolved[0].expansion.intent == expansion.intent, resolved[0].expansion.values == expansion.values {
                    hits += 1
                } else {
                    misses.append("\(voice): \(expansion.text) → \(heard.bestGuess) (\(heard.confidence))")
                }
            }
        }
    }
    return (hits, total, misses)
}

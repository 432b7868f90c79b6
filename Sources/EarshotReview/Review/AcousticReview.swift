import Earshot
import EarshotDialogue
import EarshotMatching
import EarshotModel
import EarshotReviewRules
import EarshotSpeech

/// Speaks every phrase of an app and recognises it as an exact-matching device would (the Apple Watch's
/// way: a grammar of the exact phrases, no language model), to find phrases of different intents that the
/// speech loop confuses with each other across several voices: homophones ("weight" / "wait"), or
/// phrases so close that synthetic speech lands on the other one.
///
/// Each trigger phrase of the manifest's own locale is said one way (the app's main name, each
/// parameter's first value), synthesised by espeak-ng in every voice, recognised in the invocation
/// context and resolved. A phrase is confused in a voice when the transcript resolves to another intent
/// of the app; speech the device rejects or does not understand is a different problem and is not
/// reported here.
public enum AcousticReview {
    /// The espeak-ng voices tried by default: American, British, and an American female variant.
    public static let defaultVoices = ["en-us", "en-gb", "en-us+f3"]

    /// The phrases of `manifest` that, spoken in `voices`, were heard and matched as another intent.
    ///
    /// Nothing is checked when the manifest's locale is not English (the speech model is en-us). The
    /// device is the first exact-matching profile of `profiles` that has the app (else any exact one,
    /// else any), with the app installed on it whatever its platforms.
    ///
    /// - Parameters:
    ///   - manifest: the app to check.
    ///   - profiles: the device profiles; the check runs on an exact-matching one.
    ///   - voices: espeak-ng voices ("en-us", "en-gb", "en-us+f3"...).
    /// - Returns: one entry per phrase confused in at least one voice, in the order of the phrases in the
    ///   file.
    /// - Throws: ``SpeechError`` when the speech model or a voice is missing (the message names which,
    ///   the fix is `make setup`).
    public static func confusions(in manifest: AppManifest, profiles: ProfileCatalog,
                                  voices: [String] = defaultVoices) async throws -> [AcousticConfusion] {
        guard Language.isEnglish(manifest.locale), !voices.isEmpty else { return [] }
        let utterances = manifest.phrases(in: manifest.locale).compactMap { entry -> (phrase: Phrase, intent: String, text: String)? in
            guard let text = representative(entry.phrase, intent: entry.intent, in: manifest) else { return nil }
            return (entry.phrase, entry.intent.id, text)
        }
        guard !utterances.isEmpty else { return [] }

        let (app, profile) = try device(for: manifest, profiles: profiles)
        // One loop (decoders are slow to start; the recognizer keeps the grammar it compiled) for everything.
        let loop = try SpeechLoop(source: .synthetic)
        try checkVoices(voices, loop: loop)
        // No flexible matcher: the recognition context is the grammar of the exact phrases alone, and
        // resolution is exact. Only the resolver reads the session, which never advances (no turn is
        // answered, so no handler runs): every utterance meets the device fresh.
        let session = Session(apps: [app], profile: profile)

        var confusions: [AcousticConfusion] = []
        for utterance in utterances {
            var heard: [(voice: String, text: String, intent: String)] = []
            for voice in voices {
                var speaker = profile
                speaker.voice.name = voice
                let audio = try await loop.speak(utterance.text, profile: speaker)
                let recognition = try await loop.recognize(audio, session: session)
                guard !recognition.isSilence, !recognition.isRejected, !recognition.text.isEmpty else { continue }
                let matched = session.resolver.resolve(recognition.text).matches.map(\.expansion.intent)
                // Ambiguous between its own intent and another is a duplicate phrase, not a mishearing.
                guard !matched.isEmpty, !matched.contains(utterance.intent), let other = matched.first else { continue }
                heard.append((voice: voice, text: recognition.text, intent: other))
            }
            if !heard.isEmpty {
                confusions.append(AcousticConfusion(phrase: utterance.phrase, intent: utterance.intent, text: utterance.text,
                                                    heard: heard, voices: voices.count))
            }
        }
        return confusions
    }

    /// One way to say `phrase`: the app's main name and each parameter's first value. `nil` when a
    /// placeholder has no values to say (a free-text or number parameter), which no grammar holds.
    static func representative(_ phrase: Phrase, intent: Intent, in manifest: AppManifest) -> String? {
        var complete = true
        let text = phrase.template.render { name in
            let value: String?
            if name == Template.applicationName {
                value = manifest.names(in: manifest.locale).first
            } else if let id = intent.parameter(name)?.type.valueSetID {
                value = manifest.valueSet(id)?.values.first?.title
            } else {
                value = nil
            }
            if value == nil { complete = false }
            return value
        }
        return complete ? text : nil
    }

    /// The device to listen on and the app as installed there: an exact-matching profile, preferably one
    /// that has the app; the app's platforms widened to the profile's when it does not (the Watch only
    /// has watchOS apps), and App Shortcuts on whatever the profile's OS.
    static func device(for manifest: AppManifest, profiles: ProfileCatalog) throws -> (AppManifest, Profile) {
        var all = profiles.profiles
        if all.isEmpty { all = try Bundled.profiles().profiles }
        let exact = all.filter { $0.matching == .exact }
        let hasApp = { (profile: Profile) in profile.supportsAppShortcuts && profile.hasApp(platforms: manifest.platforms) }
        // `all` is never empty: the shipped profiles are the fallback.
        var profile = exact.first(where: hasApp) ?? exact.first ?? all.first(where: hasApp) ?? all[0]
        var app = manifest
        if !profile.hasApp(platforms: app.platforms) { app.platforms.append(profile.platform) }
        if !profile.supportsAppShortcuts { profile.os = nil }
        return (app, profile)
    }

    /// Whether `--acoustic` can run: the speech model loads and espeak-ng speaks in every one of `voices`.
    ///
    /// - Throws: ``SpeechError`` naming what is missing and the fix.
    public static func checkSpeech(voices: [String]) throws(SpeechError) {
        try checkVoices(voices, loop: try SpeechLoop(source: .synthetic))
    }

    /// Fails before any phrase when espeak-ng cannot speak in one of `voices`.
    private static func checkVoices(_ voices: [String], loop: SpeechLoop) throws(SpeechError) {
        for voice in Set(voices).sorted() {
            do {
                _ = try loop.synthesizer.speakFirstSamples("test", voice: .init(name: voice))
            } catch {
                throw SpeechError(error.message,
                                  fix: "Install espeak-ng and its voices (`make setup`), or choose voices that `espeak-ng --voices` lists (e.g. en-us, en-gb, en-us+f3).")
            }
        }
    }
}

import Earshot
import EarshotDialogue
import EarshotSpeech
import Foundation

extension FlexibleMatchingAccuracy {
    /// The development set spoken: each utterance synthesised in a voice, recognised on HomePod (the
    /// grammar of the phrases, then the domain language model for what it rejects) and resolved by the
    /// flexible matcher. Paraphrases count when they reach their intent; the rest when they reach none.
    public struct Spoken: Sendable {
        public var paraphrases = 0
        public var paraphrasesReached = 0
        public var others = 0
        public var othersRefused = 0
        public var misses: [String] = []

        public var markdown: String {
            [
                "| spoken (\(String(format: "%d", paraphrases + others)) utterances) | reached what the label says | rate |", "|---|---:|---:|",
                "| paraphrases: their intent | \(paraphrasesReached) of \(paraphrases) | \(String(format: "%.1f%%", 100 * Double(paraphrasesReached) / Double(max(1, paraphrases)))) |",
                "| near-misses, other apps, chit-chat: no intent | \(othersRefused) of \(others) | \(String(format: "%.1f%%", 100 * Double(othersRefused) / Double(max(1, others)))) |",
            ].joined(separator: "\n")
        }
    }

    /// The files `files` of the set at `folder` spoken (`devset.tsv` by default; `heldout.tsv`, which is
    /// never tuned on, with `earshot bench --only flexible --part heldout.tsv --spoken`), by the espeak-ng
    /// voice `voice` (en-us by default) or by Piper (`piper`: every row in one Piper process first).
    public static func spoken(folder: String = defaultFolder(), files: [String] = ["devset.tsv"],
                              voice: String = "en-us", loop: SpeechLoop) async throws -> Spoken {
        let workspace = Workspace(apps: try apps(folder: folder), profiles: try Bundled.profiles())
        let fresh = try workspace.matchingSession(profile: "homepod")
        let rows = try files.flatMap { try Self.rows(folder: folder, file: $0) }
        let piperAudio = Piper.isVoice(voice) ? try await Piper.speak(rows.map { ($0.utterance, Piper.lengthScale(voice)) }) : nil
        var result = Spoken()
        for (index, row) in rows.enumerated() {
            let audio = try piperAudio?[index] ?? loop.synthesizer.speak(row.utterance, voice: .init(name: voice))
            var session = fresh
            let turn = try await loop.turn(audio, session: &session)
            let reached = turn.match.map { "\($0.app)/\($0.intent)" }
            if let intent = row.intent {
                result.paraphrases += 1
                if reached == "\(row.app ?? "")/\(intent)" { result.paraphrasesReached += 1 } else {
                    result.misses.append("paraphrase \"\(row.utterance)\" heard \"\(turn.heard.text)\" → \(reached ?? turn.outcome.rawValue)")
                }
            } else {
                result.others += 1
                if turn.match == nil { result.othersRefused += 1 } else {
                    result.misses.append("\(row.kind) \"\(row.utterance)\" heard \"\(turn.heard.text)\" → \(reached ?? "")")
                }
            }
        }
        return result
    }
}

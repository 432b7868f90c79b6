import ArgumentParser
import Earshot
import EarshotModel
import EarshotReview
import EarshotSpeech
import Foundation

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Reviews app manifests against Apple's guidance for App Shortcuts, Siri and quick actions, line by line.",
        discussion: """
        Exit status: 0 no error (with --strict, no warning either), 1 the review found one, 2 a manifest or \
        option cannot be used. A manifest silences a rule with 'review: silence: [{ rule: ID, reason: WHY }]'.
        """)

    @Argument(help: "Manifests, folders holding app.yaml, or folders of an app's sources (imported; findings point at the Swift lines). Default: the current folder.")
    var apps: [String] = []

    @Flag(help: "Warnings fail the check too.")
    var strict = false

    @Flag(help: "Also speak every phrase in several voices and report those heard as another intent's (slow).")
    var acoustic = false

    @Option(help: "The espeak-ng voices --acoustic speaks with, comma-separated.")
    var voices: String = AcousticReview.defaultVoices.joined(separator: ",")

    @Flag(help: "One JSON object per manifest, one per line.")
    var json = false

    @Option(help: "Also write the review as a SARIF 2.1.0 log here, for code-scanning dashboards.")
    var sarif: String?

    @Flag(help: "Replace a --sarif file that is not an earlier Earshot log.")
    var force = false

    @Flag(help: "List every rule: id, severity, what it looks for (with --json: and its guideline).")
    var rules = false

    @Option(help: "A folder of profile files, added after the ones that ship.")
    var profilesDir: String?

    func run() async throws {
        if rules {
            say(json ? ReviewJSON.rules() : ReviewText.rules())
            return
        }
        if let sarif { try ReportFile.check(sarif, option: "--sarif", force: force) }
        let voiceList = voices.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !voiceList.isEmpty else { throw ValidationError("--voices needs at least one espeak-ng voice, e.g. en-us,en-gb.") }
        // Asked for by name: a missing voice or speech model is the user's to fix (status 2), not a note.
        if acoustic { try AcousticReview.checkSpeech(voices: voiceList) }
        let reviewer = Reviewer(profiles: try Workspace.loadProfiles(directory: profilesDir),
                                options: Reviewer.Options(acoustic: acoustic, voices: voiceList))
        var reviews: [ManifestReview] = []
        for path in apps.isEmpty ? ["."] : apps {
            let review = await reviewer.review(path)
            reviews.append(review)
            if json {
                say(ReviewJSON.render(review, strict: strict))
            } else if let error = review.loadError {
                FileHandle.standardError.write(Data("earshot: \(error)\n".utf8))
            } else {
                say(ReviewText.render(review, strict: strict))
            }
        }
        if let sarif { try ReportFile.write(SARIFLog.render(reviews), to: sarif, option: "--sarif", force: force) }
        if reviews.contains(where: { $0.loadError != nil }) { throw ExitCode(2) }
        if reviews.contains(where: { $0.fails(strict: strict) }) { throw ExitCode(1) }
    }
}

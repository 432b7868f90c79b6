import ArgumentParser
import Earshot
import Foundation

struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Plays the bundled example conversations on HomePod and Apple Watch, spoken and recognised.",
        discussion: """
            Each line of the person is spoken by espeak-ng (voice en-us+f3), recognised in the context of the \
            conversation, resolved and answered; each reply is spoken in the device's voice into a WAV file. \
            The replies go to a new folder under the system's temporary folder unless --reply-dir says where.
            """)

    @Flag(help: "One JSON object per turn instead of a transcript.")
    var json = false

    @Flag(help: "Play the typed lines instead (fast, no speech).")
    var text = false

    @Option(help: "Write the replies to DIR (created when missing; it must be empty unless --force). Default: a new folder under the system's temporary folder.")
    var replyDir: String?

    @Flag(help: "Write into a --reply-dir that is not empty, replacing files of the same names.")
    var force = false

    func validate() throws {
        if text, replyDir != nil { throw ValidationError("--reply-dir is for the spoken demo; drop --text or --reply-dir.") }
        if text, force { throw ValidationError("--force is for --reply-dir; the typed demo writes no files.") }
    }

    func run() async throws {
        let writer = TranscriptWriter(style: json ? .json : .transcript)
        let mode: Demo.Mode = text ? .text : .speech(replyDirectory: try Demo.replyDirectory(replyDir, force: force))
        do {
            let played = try await Demo.play(mode) { event in
                let out = Demo.render(event, writer: writer)
                if !out.isEmpty { say(out) }
            }
            if !json { say(Demo.summary(played, mode: mode)) }
        } catch {
            // Nothing written: leave no empty folder behind (rmdir removes only empty folders).
            if case .speech(let directory) = mode { rmdir(directory) }
            throw error
        }
    }
}

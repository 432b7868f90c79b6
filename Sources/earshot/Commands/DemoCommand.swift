import ArgumentParser
import Earshot

struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Plays the bundled example conversations on HomePod and Apple Watch.")

    @Flag(help: "One JSON object per turn instead of a transcript.")
    var json = false

    func run() async throws {
        say(try await Demo.run(writer: TranscriptWriter(style: json ? .json : .transcript)))
    }
}

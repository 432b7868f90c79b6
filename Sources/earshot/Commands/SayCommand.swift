import ArgumentParser
import Earshot
import EarshotAudio
import EarshotModel
import EarshotSpeech
import Foundation

struct SayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "say",
        abstract: "Speaks a line with a profile's voice into a WAV file (the way to make audio fixtures).")

    @Argument(help: "What to say.")
    var text: String

    @Option(name: .shortAndLong, help: "The WAV file to write (16 kHz mono, 16-bit).")
    var output: String

    @Option(help: "The profile whose voice speaks (default homepod).")
    var profile = "homepod"

    @Option(help: "An espeak-ng voice instead of the profile's (e.g. en-gb, en-us+f3), or piper (a natural neural voice that `make setup` installs; piper+slow, piper+fast).")
    var voice: String?

    @Flag(help: "Replace the output file if it exists.")
    var force = false

    func run() async throws {
        if FileManager.default.fileExists(atPath: output), !force {
            throw LoadError(SourceLocation(file: output), "already exists.", fix: "Choose another -o, or add --force to replace it.")
        }
        let profile = try Workspace.loadProfiles(directory: nil).profile(self.profile)
        let name = voice ?? profile.voice.name
        let speech = Piper.isVoice(name) ? try await Piper.speak(text, voice: name)
            : try Synthesizer().speak(text, voice: .init(name: name, rate: profile.voice.rate, pitch: profile.voice.pitch))
        try AudioFile.write(speech, to: output)
        say("\(output): \(String(format: "%.2f", speech.duration)) s")
    }
}

import ArgumentParser
import Earshot
import EarshotAudio
import EarshotSpeech
import Foundation

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Audio files as the turns of one conversation: heard text, match and reply for each.")

    @Argument(help: "Audio files (WAV, FLAC, Ogg, MP3; any rate and channels), one turn each.")
    var audio: [String]

    @Option(help: "Write each reply as speech to DIR/turn-N.wav.")
    var replyDir: String?

    @Option(help: "Whose speech the files hold: person (a recording of someone; Debian's en-us model) or synthetic (espeak-ng, as `earshot say` writes; that model adapted to espeak-ng).")
    var speaker: SpeechSource = .person

    @OptionGroup var common: CommonOptions
    @OptionGroup var device: DeviceOptions

    func run() async throws {
        var session = try common.workspace().matchingSession(profile: common.profile, locale: common.locale,
                                                     settings: device.settings, handlers: device.handlers)
        // Every file is read before the first turn, so a bad one fails fast with nothing half done.
        let buffers = try audio.map { path throws(AudioError) in try AudioFile.read(path) }
        let loop = try SpeechLoop(source: speaker)
        for (index, buffer) in buffers.enumerated() {
            let reply = replyDir.map { ($0 as NSString).appendingPathComponent("turn-\(index + 1).wav") }
            let turn = try await loop.turn(buffer, session: &session, replyPath: reply)
            say(common.writer.render(turn, deviceName: session.profile.name))
        }
    }
}

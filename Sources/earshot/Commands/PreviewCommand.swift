import ArgumentParser
import Earshot

struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "One typed invocation: what matched, how, the parameters and the first reply.")

    @Argument(help: "What the person says.")
    var utterance: String

    @OptionGroup var common: CommonOptions
    @OptionGroup var device: DeviceOptions

    func run() async throws {
        var session = try common.workspace().matchingSession(profile: common.profile, locale: common.locale,
                                                     settings: device.settings, handlers: device.handlers)
        let turn = await session.respond(to: utterance)
        say(common.writer.render(turn, deviceName: session.profile.name))
    }
}

import ArgumentParser
import Earshot
import Foundation

struct ConverseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "converse",
        abstract: "A typed conversation on standard input, one line a turn (a terminal or a pipe).")

    @OptionGroup var common: CommonOptions
    @OptionGroup var device: DeviceOptions

    func run() async throws {
        var session = try common.workspace().matchingSession(profile: common.profile, locale: common.locale,
                                                     settings: device.settings, handlers: device.handlers)
        let interactive = isatty(STDIN_FILENO) == 1 && !common.json
        var writer = common.writer
        writer.echoInput = !interactive
        if interactive { say("\(session.profile.name) is listening. Type what you'd say; Ctrl-D ends.") }
        while true {
            if interactive { print("you> ", terminator: ""); fflush(nil) }
            guard let line = readLine() else { break }
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let turn = await session.respond(to: line)
            say(writer.render(turn, deviceName: session.profile.name))
            fflush(nil)
        }
    }
}

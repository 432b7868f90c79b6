import ArgumentParser
import EarshotErrors
import EarshotModel
import Foundation

@main
struct EarshotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "earshot",
        abstract: "Emulates HomePod, Apple Watch and other Siri devices for App Shortcuts, offline.",
        subcommands: [DemoCommand.self, ImportCommand.self, PreviewCommand.self, ConverseCommand.self, RunCommand.self, ListenCommand.self, SayCommand.self,
                      TestCommand.self, CheckCommand.self, ServeCommand.self, ProfilesCommand.self, BenchCommand.self],
        defaultSubcommand: nil
    )

    /// Runs the command; user errors end in one line on standard error and exit status 2.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch let error as any UserFacingError {
            // What a user can cause (a bad manifest, unreadable audio, a missing model or device): one line
            // naming the thing and the fix, status 2.
            FileHandle.standardError.write(Data("earshot: \(error)\n".utf8))
            Foundation.exit(2)
        } catch {
            let code = exitCode(for: error)
            if code == .success || code == .failure {
                exit(withError: error)
            }
            // Usage errors (unknown options, missing arguments) are bad input: one line, status 2, as the CLI spec says.
            let message = message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            FileHandle.standardError.write(Data("earshot: \(message) (see 'earshot help')\n".utf8))
            Foundation.exit(code == .validationFailure || code.rawValue == 64 ? 2 : code.rawValue)
        }
    }
}

/// Writes one line to standard output.
func say(_ text: String) {
    print(text)
}

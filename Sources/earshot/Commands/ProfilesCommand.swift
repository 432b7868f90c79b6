import ArgumentParser
import Earshot
import EarshotModel
import Foundation

struct ProfilesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profiles",
        abstract: "Lists the device profiles found and what each does.")

    @Option(help: "A folder of profile files, added after the ones that ship (default ./profiles).")
    var profilesDir: String?

    @Flag(help: "JSON: an array of profiles.")
    var json = false

    func run() throws {
        let catalog = try Workspace.loadProfiles(directory: profilesDir)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            say(String(decoding: try encoder.encode(catalog.profiles), as: UTF8.self))
            return
        }
        for (profile, source) in catalog.entries {
            say(ProfileDescription.describe(profile, source: source))
        }
    }
}

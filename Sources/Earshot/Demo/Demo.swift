import EarshotDialogue
import EarshotModel

/// The embedded default: the bundled example conversations, played on HomePod and Apple Watch.
public enum Demo {
    /// One scripted conversation.
    public struct Script: Sendable {
        public var title: String
        public var profile: String
        public var lines: [String]
    }

    /// The conversations `earshot demo` plays.
    public static let scripts: [Script] = [
        Script(title: "Order soup, answering the follow-up questions", profile: "homepod",
               lines: ["Order soup with Soup Chef", "the second one", "yes", "yes"]),
        Script(title: "A sold-out soup gets the app's own error", profile: "homepod",
               lines: ["Order chicken noodle soup with Soup Chef"]),
        Script(title: "Delivery asks for the address; pickup never does", profile: "homepod",
               lines: ["Order clam chowder for delivery with Soup Chef", "large", "home", "yes"]),
        Script(title: "Summarize a list by voice", profile: "homepod",
               lines: ["Summarize my shopping list with Demo"]),
        Script(title: "The same phrase on the Watch speaks the short line and shows a snippet", profile: "watch",
               lines: ["Summarize my shopping list with Demo"]),
        Script(title: "The Watch needs the exact phrase", profile: "watch",
               lines: ["Give me a summary of my shopping list with Demo"]),
        Script(title: "The Watch asks which list and takes an ordinal", profile: "watch",
               lines: ["Summarize my list with Demo", "the last one"]),
    ]

    /// Plays every script over the bundled apps and profiles, and returns the transcript.
    public static func run(writer: TranscriptWriter = TranscriptWriter(style: .transcript)) async throws(LoadError) -> String {
        let workspace = Workspace(apps: try Bundled.exampleApps(), profiles: try Bundled.profiles())
        var out: [String] = []
        for script in scripts {
            var session = try workspace.session(profile: script.profile)
            if writer.style == .transcript { out.append("\n== \(session.profile.name): \(script.title)") }
            for line in script.lines {
                let turn = await session.respond(to: line)
                out.append(writer.render(turn, deviceName: session.profile.name))
            }
        }
        return out.joined(separator: "\n")
    }
}

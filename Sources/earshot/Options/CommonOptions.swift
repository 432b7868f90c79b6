import ArgumentParser
import Earshot
import EarshotDialogue
import EarshotModel

/// The options every verb that works on apps shares.
struct CommonOptions: ParsableArguments {
    @Option(name: .customLong("app"), help: "A manifest, or a folder holding app.yaml (repeatable). Default: ./app.yaml or apps/*/app.yaml.")
    var apps: [String] = []

    @Option(help: "The device: a profile id or a profile file.")
    var profile = "homepod"

    @Option(help: "A folder of profile files, added after the ones that ship (default ./profiles).")
    var profilesDir: String?

    @Option(help: "The locale of the phrases (default: each manifest's own).")
    var locale: String?

    @Flag(help: "Machine-readable output: one JSON object per turn, one per line.")
    var json = false

    func workspace() throws(LoadError) -> Workspace {
        try Workspace.load(appPaths: apps, profilesDirectory: profilesDir)
    }

    var writer: TranscriptWriter { TranscriptWriter(style: json ? .json : .transcript) }
}

/// Settings of the simulated device.
struct DeviceOptions: ParsableArguments {
    @Flag(help: "HomePod: Personal Requests off for the recognised voice.")
    var noPersonalRequests = false

    @Flag(help: "Watch: not on the wrist.")
    var notWorn = false

    @Flag(help: "iPhone: locked.")
    var locked = false

    @Option(help: "Seconds a handler may run before it is stopped.")
    var handlerTimeout: Double = 5

    func validate() throws {
        guard handlerTimeout.isFinite, (0.05...3600).contains(handlerTimeout) else {
            throw ValidationError("--handler-timeout must be a number of seconds from 0.05 to 3600.")
        }
    }

    var settings: DeviceSettings {
        DeviceSettings(personalRequests: !noPersonalRequests, worn: !notWorn, unlocked: !locked)
    }

    var handlers: HandlerRunner {
        HandlerRunner(timeout: .milliseconds(Int(max(handlerTimeout, 0.05) * 1000)))
    }
}

import ArgumentParser
import Earshot
import EarshotModel
import EarshotHousehold
import EarshotServer
import Foundation

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Runs a household of simulated devices behind an HTTP API (docs/server.md).",
        discussion: "State (devices, apps, entities, people's shortcuts, donations, transcripts) is kept in one SQLite file.")

    @Option(help: "The address to listen on. Anything but loopback needs --token.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port, printed on start).")
    var port = 8765

    @Option(help: "A secret every request must send as 'Authorization: Bearer <token>'.")
    var token: String?

    @Option(help: "The state file (default: ~/.local/share/earshot/household.sqlite).")
    var state: String?

    @Option(help: "The largest request body, in bytes.")
    var maxBody = 1 << 20

    @Option(name: .customLong("apps-dir"),
            help: "A folder whose app manifests POST /apps may install by path (repeatable; default: the current folder on loopback, none otherwise).")
    var appsDirs: [String] = []

    @Option(help: "Also serve the Wyoming protocol (Home Assistant's voice stack) on this port of 127.0.0.1 (0: any free port).")
    var wyomingPort: Int?

    @Option(help: "The device the Wyoming port is the ear, brain and voice of (added with --wyoming-profile when missing).")
    var wyomingDevice = "wyoming"

    @Option(help: "The profile of the Wyoming device when it has to be added.")
    var wyomingProfile = "homepod"

    @Option(help: "A folder of profile files, added after the ones that ship.")
    var profilesDir: String?

    @OptionGroup var device: DeviceOptions

    func run() async throws {
        let options = ServerOptions(host: host, port: port, token: token, state: state ?? ServerOptions.defaultState(), appsDirs: appsDirs)
        do {
            try options.validate()
        } catch {
            throw ValidationError(error.description)
        }
        if let wyomingPort, !(0...65535).contains(wyomingPort) { throw ValidationError("--wyoming-port \(wyomingPort) is not a port.") }
        let household = Household(store: try Self.open(options.state), profiles: try Workspace.loadProfiles(directory: profilesDir),
                                  handlers: device.handlers, appFolders: options.appFolders())
        let api = HouseholdAPI(household: household, token: options.token, limits: .init(body: maxBody))
        var wyoming: WyomingServer?
        if let wyomingPort {
            if (try? await household.device(wyomingDevice)) == nil {
                _ = try await household.addDevice(id: wyomingDevice, profile: wyomingProfile)
            }
            // Wyoming has no authentication: it only ever listens on loopback.
            let server = WyomingServer(backend: try await HouseholdWyomingBackend(household: household, device: wyomingDevice),
                                       host: "127.0.0.1", port: wyomingPort)
            let port = try await server.start()
            FileHandle.standardError.write(Data("earshot: Wyoming on tcp://127.0.0.1:\(port) (device \(wyomingDevice))\n".utf8))
            wyoming = server
        }
        defer { if let wyoming { Task { await wyoming.stop() } } }
        let state = options.state
        let host = options.host
        // SIGTERM or SIGINT: the server drains what it can; whatever is still running 4 s later
        // (a stuck request, a slow client) does not keep the process alive.
        let deadline = ShutdownDeadline(seconds: 4)
        deadline.arm()
        try await api.run(host: options.host, port: options.port) { port in
            FileHandle.standardError.write(Data("earshot: serving on http://\(host):\(port) (state \(state))\n".utf8))
        }
    }

    static func open(_ path: String) throws -> HouseholdStore {
        do {
            return try HouseholdStore(path: path)
        } catch {
            throw LoadError(SourceLocation(file: path), error.message + ".", fix: error.fix)
        }
    }
}

/// Ends the process a few seconds after SIGTERM or SIGINT, whatever the server is still waiting for.
final class ShutdownDeadline {
    let seconds: Double
    private let sources: [any DispatchSourceSignal]

    init(seconds: Double) {
        self.seconds = seconds
        sources = [SIGTERM, SIGINT].map { DispatchSource.makeSignalSource(signal: $0, queue: .global()) }
    }

    func arm() {
        let seconds = seconds
        for source in sources {
            source.setEventHandler {
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                    FileHandle.standardError.write(Data("earshot: stopped after \(Int(seconds)) s of waiting for open requests\n".utf8))
                    exit(0)
                }
            }
            source.resume()
        }
    }
}

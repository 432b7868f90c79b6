import Foundation

/// Where `earshot serve` listens and keeps its state, and who may talk to it.
public struct ServerOptions: Sendable {
    public var host: String
    public var port: Int
    public var token: String?
    /// The state file.
    public var state: String

    public init(host: String = "127.0.0.1", port: Int = 8765, token: String? = nil, state: String = ServerOptions.defaultState()) {
        self.host = host
        self.port = port
        self.token = token
        self.state = state
    }

    /// `$XDG_DATA_HOME/earshot/household.sqlite`, else `~/.local/share/earshot/household.sqlite`.
    public static func defaultState(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".local/share")
        return ((base as NSString).appendingPathComponent("earshot") as NSString).appendingPathComponent("household.sqlite")
    }

    /// Whether `host` only takes connections from this machine.
    public static func isLoopback(_ host: String) -> Bool {
        ["127.0.0.1", "::1", "localhost"].contains(host.lowercased()) || host.hasPrefix("127.")
    }

    /// Checks the options: another host than loopback needs a token.
    ///
    /// - Throws: ``ServerError`` (a usage error, status 2 at the command line).
    public func validate() throws(ServerError) {
        if !Self.isLoopback(host), (token ?? "").isEmpty {
            throw ServerError(.badRequest, "--host \(host) takes connections from other machines, so every request needs a token.",
                              fix: "Add --token <secret> (at least 16 characters), or leave --host at 127.0.0.1.")
        }
        if let token, token.count < 16 {
            throw ServerError(.badRequest, "--token is shorter than 16 characters.", fix: "Use a longer secret, e.g. `openssl rand -hex 16`.")
        }
        guard (0...65535).contains(port) else {
            throw ServerError(.badRequest, "--port \(port) is not a port.", fix: "Use 1–65535 (default 8765).")
        }
    }
}

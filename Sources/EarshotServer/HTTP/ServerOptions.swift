import Foundation

/// Where `earshot serve` listens and keeps its state, and who may talk to it.
public struct ServerOptions: Sendable {
    public var host: String
    public var port: Int
    public var token: String?
    /// The state file.
    public var state: String
    /// Folders whose app manifests `POST /apps {"path": ...}` may install (`--apps-dir`, repeatable).
    public var appsDirs: [String]

    public init(host: String = "127.0.0.1", port: Int = 8765, token: String? = nil, state: String = ServerOptions.defaultState(),
                appsDirs: [String] = []) {
        self.host = host
        self.port = port
        self.token = token
        self.state = state
        self.appsDirs = appsDirs
    }

    /// The folders apps may be installed from by path: the `--apps-dir` folders; without any, on a
    /// loopback host, the folder the server was started in (unless that is `/`), and none otherwise.
    public func appFolders(currentDirectory: String = FileManager.default.currentDirectoryPath) -> [String] {
        if !appsDirs.isEmpty { return appsDirs }
        guard Self.isLoopback(host) else { return [] }
        let here = URL(fileURLWithPath: currentDirectory).resolvingSymlinksInPath().path
        return here == "/" ? [] : [here]
    }

    /// `$XDG_DATA_HOME/earshot/household.sqlite`, else `~/.local/share/earshot/household.sqlite`.
    public static func defaultState(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".local/share")
        return ((base as NSString).appendingPathComponent("earshot") as NSString).appendingPathComponent("household.sqlite")
    }

    /// Whether `host` only takes connections from this machine: `localhost`, or an IP literal of
    /// loopback (127.0.0.0/8, `::1`, `::ffff:127.x.y.z`), and nothing else (not `127.0.0.1.evil.example`).
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" || host == "localhost." { return true }
        var v4 = in_addr()
        if host.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), inet_pton(AF_INET, host, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { $0[0] == 127 }
        }
        var v6 = in6_addr()
        guard host.contains(":"), inet_pton(AF_INET6, host, &v6) == 1 else { return false }
        return withUnsafeBytes(of: &v6) { bytes in
            let loopback = bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1
            let mapped = bytes.prefix(10).allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
            return loopback || mapped
        }
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
        if let token, token.contains(where: { $0.isWhitespace || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } }) {
            throw ServerError(.badRequest, "--token has spaces or control characters in it.",
                              fix: "Use a secret of visible characters, e.g. `openssl rand -hex 16`.")
        }
        for folder in appsDirs {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw ServerError(.badRequest, "--apps-dir \(folder) is not a folder.", fix: "Give a folder that holds app manifests.")
            }
        }
        guard (0...65535).contains(port) else {
            throw ServerError(.badRequest, "--port \(port) is not a port.", fix: "Use 1–65535 (default 8765).")
        }
    }
}

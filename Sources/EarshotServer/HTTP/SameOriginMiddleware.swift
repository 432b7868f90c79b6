import Foundation
import Hummingbird

/// Refuses what a web page could send a local server behind its user's back: a request whose `Origin`
/// is another site (403), and, on a server without a token, one whose `Host` is not loopback (403: a
/// DNS-rebinding page).
struct SameOriginMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let tokenProtected: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let refusal = Self.refusal(origin: request.headers[.origin], authority: request.head.authority ?? "", tokenProtected: tokenProtected) {
            throw refusal
        }
        return try await next(request, context)
    }

    /// Why a request (or a stream's upgrade request) is refused as a web page's, or nil when it is not.
    static func refusal(origin: String?, authority host: String, tokenProtected: Bool) -> ServerError? {
        if let origin, isForeign(origin: origin, authority: host) {
            return ServerError(.forbidden, "requests from other sites (Origin \(origin)) are refused.",
                               fix: "Call the API from a program, not a web page of another site.")
        }
        if !tokenProtected, !host.isEmpty {
            let name = host.hasPrefix("[") ? String(host.prefix { $0 != "]" }.dropFirst()) : String(host.split(separator: ":").first ?? "")
            guard ServerOptions.isLoopback(name) else {
                return ServerError(.forbidden, "this server answers only at a loopback address (Host \(host)).",
                                   fix: "Use http://127.0.0.1:<port>, or start it with --host and --token.")
            }
        }
        return nil
    }

    /// Whether `origin` is a web page of another site than the server at `authority` (its `Host`).
    /// Browsers send the page's own origin (http, https, or `null` for a file or sandbox); an origin
    /// with a WebSocket scheme comes from a program that says where it connects, not from a page.
    static func isForeign(origin: String, authority: String) -> Bool {
        let origin = origin.trimmingCharacters(in: .whitespaces).lowercased()
        guard !origin.isEmpty else { return false }
        guard let url = URL(string: origin), let scheme = url.scheme, let host = url.host else { return true }
        if scheme == "ws" || scheme == "wss" { return false }
        let defaultPort = scheme == "https" ? 443 : 80
        let authority = authority.lowercased()
        let server: (host: String, port: Int)
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            let rest = authority[authority.index(after: close)...]
            server = (String(authority[...close]), rest.hasPrefix(":") ? Int(rest.dropFirst()) ?? -1 : defaultPort)
        } else {
            let parts = authority.split(separator: ":", maxSplits: 1)
            server = (parts.first.map(String.init) ?? "", parts.count == 2 ? Int(parts[1]) ?? -1 : defaultPort)
        }
        let originHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return originHost != server.host || (url.port ?? defaultPort) != server.port
    }
}

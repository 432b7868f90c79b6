import Hummingbird

/// Refuses a request without `Authorization: Bearer <token>` (401).
struct TokenMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext
    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.headers[.authorization] == "Bearer \(token)" else {
            throw ServerError(.unauthorized, "this server needs a token.", fix: "Send 'Authorization: Bearer <token>' (the --token it was started with).")
        }
        return try await next(request, context)
    }
}

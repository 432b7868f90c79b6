import EarshotHousehold
import EarshotModel
import Hummingbird

/// Hummingbird's own refusals (no such route, a method the route does not take) and the household's
/// errors (``HouseholdError``, its kind as a status), and any other ``UserFacingError`` a route lets
/// through, as the API's JSON error.
struct JSONErrorMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            let message = error.status == .notFound ? "no such endpoint: \(request.method) \(request.uri.path)."
                : (error.body ?? error.status.reasonPhrase)
            throw ServerError(error.status, message, fix: error.status == .notFound ? "See docs/server.md for the endpoints." : nil)
        } catch let error as HouseholdError {
            throw ServerError(error)
        } catch let error as any UserFacingError where !(error is any HTTPResponseError) {
            // A user-facing error no route turned into a status (a manifest, audio, speech or model problem):
            // the server's fault as far as the client can tell, but its message and fix go in the body.
            throw ServerError(.internalServerError, error.message, fix: error.fix)
        }
    }
}

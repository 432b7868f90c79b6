import Foundation
import Hummingbird

extension HouseholdAPI {
    /// The server itself: `GET /health`, and the API's own description (docs/openapi.yaml as built) at
    /// `GET /openapi.yaml` and `GET /openapi.json`, for clients that generate code from it.
    var serviceRoutes: RouteCollection<BasicRequestContext> {
        let router = Self.routeCollection()
        router.get("health") { _, _ in try Self.json(["ok": true]) }
        router.get("openapi.yaml") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/yaml; charset=utf-8"],
                     body: .init(byteBuffer: ByteBuffer(string: APIDescription.yaml)))
        }
        router.get("openapi.json") { _, _ in
            guard let json = APIDescription.json else {
                throw ServerError(.internalServerError, "the built-in API description cannot be read as YAML.",
                               fix: "Rebuild earshot from a checkout whose docs/openapi.yaml is valid YAML.")
            }
            return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: json)))
        }
        return router
    }
}

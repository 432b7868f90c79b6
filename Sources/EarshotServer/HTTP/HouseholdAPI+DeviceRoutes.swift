import EarshotHousehold
import Foundation
import Hummingbird

extension HouseholdAPI {
    /// `/devices`: the household's simulated devices, listed, added, shown and removed.
    var deviceRoutes: RouteCollection<BasicRequestContext> {
        let (router, household, limits) = (Self.routeCollection(), household, limits)
        router.get("devices") { _, _ in try Self.json(["devices": try await household.devices()]) }
        router.post("devices") { request, context in
            struct Body: Decodable { var id: String; var profile: String; var name: String? }
            let body = try await Self.decode(Body.self, request, context, limit: limits.body)
            return try Self.json(try await household.addDevice(id: body.id, profile: body.profile, name: body.name), status: .created)
        }
        router.get("devices/:id") { _, context in try Self.json(try await household.device(try Self.parameter(context, "id"))) }
        router.delete("devices/:id") { _, context in
            try await household.removeDevice(try Self.parameter(context, "id"))
            return Response(status: .noContent)
        }
        return router
    }
}

import EarshotHousehold
import Foundation
import Hummingbird

/// `/devices`: the household's simulated devices, listed, added, shown and removed.
struct DeviceRoutes: Sendable {
    let household: Household
    let limits: HouseholdAPI.Limits

    /// The routes, to add to the API's router (after its middleware).
    func collection() -> RouteCollection<BasicRequestContext> {
        let router = RouteCollection(context: BasicRequestContext.self)
        let household = household
        let limits = limits
        router.get("devices") { _, _ in try HouseholdAPI.json(["devices": try await household.devices()]) }
        router.post("devices") { request, context in
            struct Body: Decodable { var id: String; var profile: String; var name: String? }
            let body = try await HouseholdAPI.decode(Body.self, request, context, limit: limits.body)
            return try HouseholdAPI.json(try await household.addDevice(id: body.id, profile: body.profile, name: body.name), status: .created)
        }
        router.get("devices/:id") { _, context in try HouseholdAPI.json(try await household.device(try HouseholdAPI.parameter(context, "id"))) }
        router.delete("devices/:id") { _, context in
            try await household.removeDevice(try HouseholdAPI.parameter(context, "id"))
            return Response(status: .noContent)
        }
        return router
    }
}

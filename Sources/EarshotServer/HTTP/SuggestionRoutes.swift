import EarshotHousehold
import Foundation
import Hummingbird

/// What the household suggests: Siri Suggestions (`GET /suggestions`) and the shortcuts a device's
/// Siri watch face shows now (`GET /devices/{id}/watchface`).
struct SuggestionRoutes: Sendable {
    let household: Household

    /// The routes, to add to the API's router (after its middleware).
    func collection() -> RouteCollection<BasicRequestContext> {
        let router = RouteCollection(context: BasicRequestContext.self)
        let household = household
        router.get("suggestions") { request, _ in
            let device = request.uri.queryParameters.get("device")
            return try HouseholdAPI.json(["suggestions": try await household.suggestions(device: device, at: try HouseholdAPI.date(request))])
        }
        router.get("devices/:id/watchface") { request, context in
            let date = try HouseholdAPI.date(request)
            return try HouseholdAPI.json(["shortcuts": try await household.relevantShortcuts(device: try HouseholdAPI.parameter(context, "id"), at: date)])
        }
        return router
    }
}

import EarshotHousehold
import Foundation
import Hummingbird

extension HouseholdAPI {
    /// What the household suggests: Siri Suggestions (`GET /suggestions`) and the shortcuts a device's
    /// Siri watch face shows now (`GET /devices/{id}/watchface`).
    var suggestionRoutes: RouteCollection<BasicRequestContext> {
        let (router, household) = (Self.routeCollection(), household)
        router.get("suggestions") { request, _ in
            let device = request.uri.queryParameters.get("device")
            return try Self.json(["suggestions": try await household.suggestions(device: device, at: try Self.date(request))])
        }
        router.get("devices/:id/watchface") { request, context in
            let date = try Self.date(request)
            return try Self.json(["shortcuts": try await household.relevantShortcuts(device: try Self.parameter(context, "id"), at: date)])
        }
        return router
    }
}

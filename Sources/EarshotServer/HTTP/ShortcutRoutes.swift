import EarshotDialogue
import EarshotHousehold
import Foundation
import Hummingbird

/// `/shortcuts`: the shortcuts people added (Add to Siri), listed, added and deleted.
struct ShortcutRoutes: Sendable {
    let household: Household
    let limits: HouseholdAPI.Limits

    /// The routes, to add to the API's router (after its middleware).
    func collection() -> RouteCollection<BasicRequestContext> {
        let router = RouteCollection(context: BasicRequestContext.self)
        let household = household
        let limits = limits
        router.get("shortcuts") { _, _ in try HouseholdAPI.json(["shortcuts": try await household.userShortcuts()]) }
        router.post("shortcuts") { request, context in
            struct Body: Decodable { var phrase: String; var app: String; var intent: String; var values: [String: String]?; var device: String? }
            let body = try await HouseholdAPI.decode(Body.self, request, context, limit: limits.body)
            let record = try await household.addUserShortcut(UserShortcut(phrase: body.phrase, app: body.app, intent: body.intent, values: body.values ?? [:]),
                                                             from: body.device)
            return try HouseholdAPI.json(record, status: .created)
        }
        router.delete("shortcuts/:id") { _, context in
            guard let id = Int64(try HouseholdAPI.parameter(context, "id")) else {
                throw ServerError(.badRequest, "a shortcut id is a number.", fix: "GET /shortcuts lists them.")
            }
            try await household.deleteUserShortcut(id: id)
            return Response(status: .noContent)
        }
        return router
    }
}

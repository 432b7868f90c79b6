import EarshotDialogue
import EarshotHousehold
import Foundation
import Hummingbird

extension HouseholdAPI {
    /// `/shortcuts`: the shortcuts people added (Add to Siri), listed, added and deleted.
    var shortcutRoutes: RouteCollection<BasicRequestContext> {
        let (router, household, limits) = (Self.routeCollection(), household, limits)
        router.get("shortcuts") { _, _ in try Self.json(["shortcuts": try await household.userShortcuts()]) }
        router.post("shortcuts") { request, context in
            struct Body: Decodable { var phrase: String; var app: String; var intent: String; var values: [String: String]?; var device: String? }
            let body = try await Self.decode(Body.self, request, context, limit: limits.body)
            let record = try await household.addUserShortcut(UserShortcut(phrase: body.phrase, app: body.app, intent: body.intent, values: body.values ?? [:]),
                                                             from: body.device)
            return try Self.json(record, status: .created)
        }
        router.delete("shortcuts/:id") { _, context in
            guard let id = Int64(try Self.parameter(context, "id")) else {
                throw ServerError(.badRequest, "a shortcut id is a number.", fix: "GET /shortcuts lists them.")
            }
            try await household.deleteUserShortcut(id: id)
            return Response(status: .noContent)
        }
        return router
    }
}

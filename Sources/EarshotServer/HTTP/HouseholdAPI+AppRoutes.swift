import EarshotHousehold
import EarshotModel
import Foundation
import Hummingbird

extension HouseholdAPI {
    /// `/apps`: the apps installed on the household's iPhone, installed (from a path or a manifest's
    /// text), removed, and their entities' values updated.
    var appRoutes: RouteCollection<BasicRequestContext> {
        let (router, household, limits) = (Self.routeCollection(), household, limits)
        router.get("apps") { _, _ in try Self.json(["apps": try await household.apps()]) }
        router.post("apps") { request, context in
            struct Body: Decodable { var path: String?; var manifest: String? }
            let body = try await Self.decode(Body.self, request, context, limit: limits.body)
            let app: Household.InstalledApp
            switch (body.path, body.manifest) {
            case (let path?, nil): app = try await household.installApp(path: path)
            case (nil, let text?): app = try await household.installApp(yaml: text)
            default:
                throw ServerError(.badRequest, "give either \"path\" (an app.yaml on the server's machine) or \"manifest\" (its text).")
            }
            return try Self.json(app, status: .created)
        }
        router.delete("apps/:name") { _, context in
            try await household.removeApp(try Self.parameter(context, "name"))
            return Response(status: .noContent)
        }
        router.put("apps/:name/entities/:entity") { request, context in
            struct Body: Decodable { var values: [Value] }
            let body = try await Self.decode(Body.self, request, context, limit: limits.body)
            let deleted = try await household.setEntities(app: try Self.parameter(context, "name"), entity: try Self.parameter(context, "entity"),
                                                          values: body.values)
            return try Self.json(["deletedDonations": deleted.donations, "deletedShortcuts": deleted.shortcuts])
        }
        return router
    }
}

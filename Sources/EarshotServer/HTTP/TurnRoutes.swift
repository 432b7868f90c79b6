import Earshot
import EarshotHousehold
import Foundation
import Hummingbird

/// A device's conversation: `POST /devices/{id}/turns` (typed or spoken), the replies' audio
/// (`GET /devices/{id}/replies/{n}.wav`) and the transcript (`GET /devices/{id}/transcript`).
struct TurnRoutes: Sendable {
    let household: Household
    let limits: HouseholdAPI.Limits

    /// The routes, to add to the API's router (after its middleware).
    func collection() -> RouteCollection<BasicRequestContext> {
        let router = RouteCollection(context: BasicRequestContext.self)
        let household = household
        let limits = limits
        router.post("devices/:id/turns") { request, context in
            struct Body: Decodable { var text: String }
            let id = try HouseholdAPI.parameter(context, "id")
            let type = request.headers[.contentType]?.lowercased() ?? ""
            if type.hasPrefix("audio/") || type.hasPrefix("application/octet-stream") {
                let audio = try await HouseholdAPI.audio(request, limits: limits)
                let turn = try await household.turn(device: id, audio: audio)
                return HouseholdAPI.raw(TranscriptWriter.json(turn))
            }
            let body = try await HouseholdAPI.decode(Body.self, request, context, limit: limits.body)
            guard body.text.unicodeScalars.count <= limits.turnText else {
                throw ServerError(.contentTooLarge, "the turn's text has \(body.text.unicodeScalars.count) characters; at most \(limits.turnText).",
                                  fix: "Send one utterance a turn.")
            }
            let turn = try await household.turn(device: id, text: body.text)
            return HouseholdAPI.raw(TranscriptWriter.json(turn))
        }
        router.get("devices/:id/replies/:file") { _, context in
            let file = try HouseholdAPI.parameter(context, "file")
            guard file.hasSuffix(".wav"), let number = Int64(file.dropLast(4)) else {
                throw ServerError(.notFound, "no reply '\(file)'.", fix: "Use the reply.audio path a turn gave.")
            }
            let data = try await household.replyAudio(device: try HouseholdAPI.parameter(context, "id"), turn: number)
            return Response(status: .ok, headers: [.contentType: "audio/wav"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        router.get("devices/:id/transcript") { _, context in
            let lines = try await household.transcript(device: try HouseholdAPI.parameter(context, "id"))
            return HouseholdAPI.raw("{\"turns\":[" + lines.joined(separator: ",") + "]}")
        }
        return router
    }
}

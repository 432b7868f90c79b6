import Earshot
import EarshotHousehold
import Foundation
import Hummingbird

extension HouseholdAPI {
    /// A device's conversation: `POST /devices/{id}/turns` (typed or spoken), the replies' audio
    /// (`GET /devices/{id}/replies/{n}.wav`) and the transcript (`GET /devices/{id}/transcript`).
    var turnRoutes: RouteCollection<BasicRequestContext> {
        let (router, household, limits) = (Self.routeCollection(), household, limits)
        router.post("devices/:id/turns") { request, context in
            struct Body: Decodable { var text: String }
            let id = try Self.parameter(context, "id")
            let type = request.headers[.contentType]?.lowercased() ?? ""
            if type.hasPrefix("audio/") || type.hasPrefix("application/octet-stream") {
                let audio = try await Self.audio(request, limits: limits)
                let turn = try await household.turn(device: id, audio: audio)
                return Self.raw(TranscriptWriter.json(turn))
            }
            let body = try await Self.decode(Body.self, request, context, limit: limits.body)
            guard body.text.unicodeScalars.count <= limits.turnText else {
                throw ServerError(.contentTooLarge, "the turn's text has \(body.text.unicodeScalars.count) characters; at most \(limits.turnText).",
                                  fix: "Send one utterance a turn.")
            }
            let turn = try await household.turn(device: id, text: body.text)
            return Self.raw(TranscriptWriter.json(turn))
        }
        router.get("devices/:id/replies/:file") { _, context in
            let file = try Self.parameter(context, "file")
            guard file.hasSuffix(".wav"), let number = Int64(file.dropLast(4)) else {
                throw ServerError(.notFound, "no reply '\(file)'.", fix: "Use the reply.audio path a turn gave.")
            }
            let data = try await household.replyAudio(device: try Self.parameter(context, "id"), turn: number)
            return Response(status: .ok, headers: [.contentType: "audio/wav"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        router.get("devices/:id/transcript") { _, context in
            let lines = try await household.transcript(device: try Self.parameter(context, "id"))
            return Self.raw("{\"turns\":[" + lines.joined(separator: ",") + "]}")
        }
        return router
    }
}

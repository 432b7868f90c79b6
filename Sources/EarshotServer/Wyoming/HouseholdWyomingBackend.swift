import Earshot
import EarshotAudio
import EarshotDialogue
import EarshotHousehold
import EarshotModel
import EarshotSpeech
import Foundation

/// One device of the household as a Wyoming service: its ear (speech to text in what its conversation
/// allows now), its brain (an utterance resolved to an intent, or answered as a turn) and its voice
/// (the profile's espeak-ng voice), so Home Assistant's voice stack, or any Wyoming client, can use it.
///
/// The household's errors reach the Wyoming session as ``WyomingError``s ("backend-failed", with the
/// error's message and fix): the connection stays open.
public struct HouseholdWyomingBackend: WyomingBackend {
    public let household: Household
    /// The device whose ear, brain and voice this is.
    public let device: String
    public let info: WyomingInfo

    /// - Throws: ``HouseholdError`` (``HouseholdError/Kind/notFound``) when there is no such device.
    public init(household: Household, device: String) async throws(HouseholdError) {
        self.household = household
        self.device = device
        let known = try await household.device(device)
        let profile = try? household.profiles.profile(known.profile)
        let voices = [profile?.voice.name ?? "en-us", "en-us", "en-gb", "en-us+f3"]
        var seen: Set<String> = []
        info = WyomingInfo(name: "earshot", description: "Earshot: \(known.name) (\(known.profile)), a simulated Siri device",
                           attributionName: "Earshot", attributionURL: "https://developer.apple.com/design/human-interface-guidelines/siri",
                           languages: ["en"], services: .all,
                           voices: voices.filter { seen.insert($0).inserted }.map { WyomingVoice(name: $0, languages: ["en"]) })
    }

    /// The longest text taken: the household's limit on a typed turn.
    public static let maximumText = HouseholdLimits.standard.turnText

    /// Refuses text longer than a turn can be.
    func check(_ text: String) throws(WyomingError) {
        guard text.unicodeScalars.count <= Self.maximumText else {
            throw WyomingError("the text has \(text.unicodeScalars.count) characters; at most \(Self.maximumText).")
        }
    }

    /// What `body` gives, with a household error as the Wyoming error it is answered with.
    func answering<T>(_ body: () async throws(HouseholdError) -> T) async throws(WyomingError) -> T {
        do {
            return try await body()
        } catch {
            throw WyomingError(error)
        }
    }

    public func transcribe(samples: [Int16], sampleRate: Int, language: String?) async throws -> String {
        try await answering { () async throws(HouseholdError) in
            try await household.transcribe(device: device, audio: AudioBuffer(samples: samples, sampleRate: sampleRate))
        }
    }

    /// The intent the device's phrases give the text (exact or flexible, as the device matches), with
    /// the parameter values said as entities; the conversation does not move.
    public func recognize(text: String) async throws -> WyomingRecognition {
        try check(text)
        guard let match = try await answering({ () async throws(HouseholdError) in try await household.resolve(device: device, text: text) }) else {
            return .notRecognized(reply: "Sorry, I can't help with that.")
        }
        return .recognized(WyomingIntent(name: match.intent, entities: match.values.sorted { $0.key < $1.key }.map {
            WyomingEntity(name: $0.key, value: .string($0.value))
        }, text: nil))
    }

    /// A turn on the device: answered, with what the device says back.
    public func handle(text: String) async throws -> WyomingHandling {
        try check(text)
        let turn = try await answering { () async throws(HouseholdError) in try await household.turn(device: device, text: text) }
        switch turn.outcome {
        case .noMatch, .notUnderstood: return .notHandled(reply: turn.reply.text)
        default: return .handled(reply: turn.reply.text)
        }
    }

    /// A voice not among ``info``'s is taken as no choice: the device's own voice speaks.
    public func synthesize(text: String, voice: String?) async throws -> (samples: [Int16], sampleRate: Int) {
        try check(text)
        let known = voice.flatMap { name in info.voices.contains { $0.name == name } ? name : nil }
        let audio = try await answering { () async throws(HouseholdError) in try await household.speak(device: device, text: text, voice: known) }
        return (audio.samples, audio.sampleRate)
    }
}

extension WyomingError {
    /// A household error as the Wyoming session answers it: "backend-failed", with its message and fix.
    public init(_ error: HouseholdError) {
        self.init(error.description, code: WyomingError.backendFailed)
    }
}

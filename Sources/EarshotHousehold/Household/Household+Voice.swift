import EarshotAudio
import EarshotModel
import EarshotSpeech
import Foundation
import GRDB

extension Household {
    /// `text` spoken in the device's voice, or in `voice` (an espeak-ng voice) at its rate and pitch.
    public func speak(device id: String, text: String, voice: String? = nil) async throws(HouseholdError) -> AudioBuffer {
        let device = try device(id)
        var profile: Profile
        do { profile = try profiles.profile(device.profile) } catch { throw HouseholdError(.failed, "\(error)") }
        if let voice { profile.voice.name = voice }
        let speaker = profile
        do {
            return try await speech.with { loop in try await loop.speak(text, profile: speaker) }
        } catch {
            throw HouseholdError(.unavailable, "the text cannot be spoken: \(error)", fix: "Install espeak-ng (`make setup`), or choose a voice espeak-ng has.")
        }
    }

    /// A turn's reply spoken in its device's voice, as a 16 kHz WAV file's bytes.
    public func replyAudio(device id: String, turn number: Int64) async throws(HouseholdError) -> Data {
        let device = try device(id)
        let stored = try store.read { db in
            try TurnRecord.filter(TurnRecord.Columns.id == number && TurnRecord.Columns.device == id).fetchOne(db)
        }
        guard let text = stored?.turn?.reply.text else {
            throw HouseholdError(.notFound, "device '\(id)' has no turn \(number).", fix: "The turn JSON's reply.audio names the reply of each turn.")
        }
        let profile: Profile
        do { profile = try profiles.profile(device.profile) } catch { throw HouseholdError(.failed, "\(error)") }
        do {
            let audio = try await speech.with { loop in try await loop.speak(text, profile: profile) }
            return try AudioFile.encode(audio, as: "wav")
        } catch let error as HouseholdError {
            throw error
        } catch {
            throw HouseholdError(.unavailable, "the reply cannot be spoken: \(error)", fix: "Install espeak-ng (`make setup`).")
        }
    }
}

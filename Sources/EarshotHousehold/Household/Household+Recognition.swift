import EarshotAudio
import EarshotDialogue
import EarshotSpeech

extension Household {
    /// What the device makes of `audio` where its conversation is now, without answering.
    public func transcribe(device id: String, audio: AudioBuffer) async throws(HouseholdError) -> String {
        _ = try device(id)
        await acquire(id)
        defer { release(id) }
        return try await recognize(audio, session: try await session(for: id)).text
    }

    /// `audio` recognised in what `session` listens for now, by one of the pool's speech loops.
    func recognize(_ audio: AudioBuffer, session snapshot: Session) async throws(HouseholdError) -> Recognition {
        do {
            return try await speech.with { loop in try await loop.recognize(audio, session: snapshot) }
        } catch let error as SpeechPool.Unavailable {
            throw HouseholdError(.unavailable, "speech recognition is not available: \(error.error.message)", fix: error.error.fix)
        } catch let error as SpeechError {
            throw HouseholdError(.unusable, error.message, fix: error.fix)
        } catch {
            throw HouseholdError(.failed, "recognition failed: \(error)")
        }
    }

    /// The intent and values the device would match `text` to, without starting anything.
    public func resolve(device id: String, text: String) async throws(HouseholdError) -> (intent: String, values: [String: String])? {
        _ = try device(id)
        await acquire(id)
        defer { release(id) }
        let session = try await session(for: id)
        guard let best = session.resolver.resolve(text).matches.first else { return nil }
        return (best.expansion.intent, best.expansion.values)
    }
}

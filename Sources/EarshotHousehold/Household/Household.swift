import Earshot
import EarshotDialogue
import EarshotMatching
import EarshotModel
import Foundation

/// A household of simulated devices sharing one iPhone's apps: what `earshot serve` runs.
///
/// State that must outlive the process (devices, apps, entities, user shortcuts, donations, run counts,
/// transcripts) is in the ``HouseholdStore``; each device's conversation in progress is in memory, in
/// its ``Session``, rebuilt from the store when apps or entities change.
///
/// It speaks no transport: its errors are ``HouseholdError``s, which the HTTP API, the device streams
/// and the Wyoming session each answer in their own way. Its features are in `Household+*.swift`:
/// devices, apps (and their entities), people's shortcuts, turns, sessions, recognition, voice,
/// transcripts, suggestions and the watch face.
public actor Household {
    nonisolated public let store: HouseholdStore
    nonisolated public let profiles: ProfileCatalog
    let handlers: HandlerRunner
    /// Speech for audio turns and spoken replies.
    nonisolated public let speech: SpeechPool
    let now: @Sendable () -> Date
    /// The folders (symbolic links resolved) whose manifests ``installApp(path:)`` reads; none: no
    /// app is installed by path.
    nonisolated public let appFolders: [String]
    /// Device id → its session (the conversation in progress).
    var sessions: [String: Session] = [:]
    /// Devices with a turn under way → the turns waiting for it: one turn at a time per device.
    var busy: [String: [CheckedContinuation<Void, Never>]] = [:]
    /// Bumped by every change that makes the sessions stale (apps, entities, people's shortcuts,
    /// devices): a turn that was under way keeps its session only if nothing changed meanwhile.
    var generation = 0

    /// Drops every session: the next turn of each device rebuilds it (and replays its conversation).
    func invalidateSessions() {
        generation += 1
        sessions.removeAll()
    }

    public init(store: HouseholdStore, profiles: ProfileCatalog, handlers: HandlerRunner = HandlerRunner(),
                speech: SpeechPool = SpeechPool(), now: @escaping @Sendable () -> Date = { Date() }, appFolders: [String] = []) {
        self.appFolders = appFolders.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().standardized.path }
        self.store = store
        self.profiles = profiles
        self.handlers = handlers
        self.speech = speech
        self.now = now
    }

    /// Waits until no other turn of `device` is under way.
    func acquire(_ device: String) async {
        if busy[device] == nil {
            busy[device] = []
            return
        }
        await withCheckedContinuation { busy[device, default: []].append($0) }
    }

    func release(_ device: String) {
        guard var waiting = busy[device], !waiting.isEmpty else {
            busy[device] = nil
            return
        }
        let next = waiting.removeFirst()
        busy[device] = waiting
        next.resume()
    }
}

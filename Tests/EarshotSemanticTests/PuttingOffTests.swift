import EarshotDialogue
import EarshotMatching
import EarshotModel
import EarshotSemantic
import Testing

/// Putting an action off for a while, and a casual "no" (issue 19, fifteenth pass): pausing or snoozing
/// something is another action than starting, ending, scheduling or being reminded of it, unless the app's
/// own words pause it; "nah" is "no", which refuses what follows unless a verb and its object come next;
/// checking on something is tracking it.
/// WordNet (`make setup`) must be there for the verbs.
@Suite("Putting an action off, and a casual no")
struct PuttingOffTests: ReadsRequests {
    let verbs = ActionVerbs()

    @Test("pausing or snoozing is not starting, ending, scheduling or reminding")
    func pausingIsAnotherAction() {
        #expect(verbs.fit(request("pause my laundry cycle"), ["start", "run"]) == .conflicts)
        #expect(verbs.fit(request("pause the sprinkler schedule"), ["schedule", "set"]) == .conflicts)
        #expect(verbs.fit(request("pause my workout timer"), ["end", "stop"]) == .conflicts)
        #expect(verbs.fit(request("snooze the stretching reminder for ten minutes"), ["remind"]) == .conflicts)
    }

    @Test("an app whose own words pause or snooze still gets those requests")
    func ownPause() {
        #expect(verbs.fit(request("pause the audiobook"), ["pause"]) == .fits)
        #expect(verbs.fit(request("snooze my wake up alarm"), ["snooze", "set"]) == .fits)
    }

    @Test("checking on something is tracking it, not ordering it")
    func checkingOn() {
        #expect(verbs.fit(request("check on my parcel"), ["track", "open"], own: ["track"]) == .fits)
        #expect(verbs.fit(request("check on my parcel"), ["order", "buy"], own: ["order"]) == .unrelated)
    }

    @Test("\"nah, no …\" refuses; \"nah\" before a verb and its object does not")
    func casualNo() {
        #expect(request("nah, no pizza for me tonight") == .negated)
        #expect(request("nah, order the large pizza instead") != .negated)
        #expect(request("no ordering pizza tonight") == .negated)
    }
}

extension PuttingOffTests {
    static let spinCycle = """
        app: Spin Cycle
        platforms: [iOS]
        flexibleMatching: true
        locale: en-US
        intents:
          - id: StartWash
            title: Start a wash
            category: other
            dialog: { success: Your wash has started. }
            result: { values: {} }
          - id: WashStatus
            title: Wash status
            category: information
            dialog: { success: Twenty minutes left. }
            result: { values: {} }
          - id: RemindMe
            title: Remind me when the wash is done
            category: other
            dialog: { success: I'll remind you. }
            result: { values: {} }
        shortcuts:
          - intent: StartWash
            phrases: ["Start a wash with {applicationName}", "Start my laundry in {applicationName}"]
          - intent: WashStatus
            phrases: ["How long is left on my wash in {applicationName}", "Check my laundry with {applicationName}"]
          - intent: RemindMe
            phrases: ["Remind me when my wash is done with {applicationName}", "Set a laundry reminder in {applicationName}"]
        """

    @Test("on a new app, pausing, snoozing or \"nah, no …\" runs nothing; getting it going still starts it")
    func onANewApp() async throws {
        let apps = [try AppManifest(yaml: Self.spinCycle, path: "spincycle.yaml")]
        for refused in ["Spin Cycle, pause my laundry", "snooze my laundry reminder with Spin Cycle", "nah, no laundry today, Spin Cycle"] {
            var session = try semanticSession("homepod", apps: apps)
            let turn = await session.respond(to: refused)
            #expect(turn.match == nil, "\(refused): \(turn.reply.text)")
        }
        var session = try semanticSession("homepod", apps: apps)
        let start = await session.respond(to: "Spin Cycle, get my laundry going")
        #expect(start.match?.intent == "StartWash", "\(start.reply.text)")
    }
}

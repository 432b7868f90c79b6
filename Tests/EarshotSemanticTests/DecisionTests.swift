import EarshotBench
import EarshotDialogue
import EarshotMatching
import EarshotSemantic
import Foundation
import Testing

/// What the two signals beyond the cosine change for a person on HomePod: a request that would have
/// been answered with "which one?" goes straight to the intent.
@Suite("Flexible matching decisions")
struct DecisionTests {
    /// The calibrated settings without one signal.
    static func without(valuePenalty: Bool = false, phraseMean: Bool = false) -> SemanticMatcher.Settings {
        var settings = SemanticMatcher.Settings.calibrated
        if valuePenalty { settings.valuePenalty = 0 }
        if phraseMean { settings.phraseMean = 0 }
        return settings
    }

    @Test("a size said goes to ordering soup, the intent that takes a size, not to tracking an order")
    func valueSaidPicksTheIntentThatTakesIt() async throws {
        let utterance = "can I get a bowl of soup from Soup Chef"
        var session = try semanticSession("homepod")
        let turn = await session.respond(to: utterance)
        #expect(turn.match?.intent == "OrderSoup", "\(turn.reply.text)")
        #expect(turn.parameter("size")?.id == "bowl")
        #expect(turn.reply.text.hasPrefix("Which soup?"), "\(turn.reply.text)")

        var plain = try semanticSession("homepod", settings: Self.without(valuePenalty: true))
        let asked = await plain.respond(to: utterance)
        #expect(asked.reply.text.hasPrefix("Do you want to"), "without the signal the device asks which: \(asked.reply.text)")
    }

    @Test("an intent all of whose phrases come close wins over one with a single close phrase")
    func phraseMeanSettlesCloseCalls() async throws {
        let utterance = "bring up my previous hike in Trail Log"
        let apps = try FlexibleMatchingAccuracy.apps(folder: FlexibleMatchingAccuracy.defaultFolder())
        var session = try semanticSession("homepod", apps: apps)
        let turn = await session.respond(to: utterance)
        #expect(turn.match?.intent == "OpenLastHike", "\(turn.reply.text)")
        #expect(turn.outcome == .needsCompanion, "\(turn.reply.text)")

        var plain = try semanticSession("homepod", apps: apps, settings: Self.without(phraseMean: true))
        let asked = await plain.respond(to: utterance)
        #expect(asked.reply.text.hasPrefix("Do you want to"), "without the signal the device asks which: \(asked.reply.text)")
    }

    @Test("a price question naming a soup and a size is no match, though the values fit ordering soup")
    func valuesDoNotMakeANearMissMatch() async throws {
        var session = try semanticSession("homepod")
        let turn = await session.respond(to: "how much is a bowl of clam chowder at Soup Chef")
        #expect(turn.outcome == .noMatch, "\(turn.reply.text)")
    }
}

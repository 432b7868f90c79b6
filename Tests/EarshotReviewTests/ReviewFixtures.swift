import Earshot
import EarshotModel
import EarshotReview
import Foundation

/// Manifests for the review tests: one that passes every rule, and ways to break it.
enum ReviewFixtures {
    /// Passes every rule that reads the manifest alone (the model-backed ones are tested apart).
    static let clean = """
    app: Soup Chef
    synonyms: [Soup App]
    platforms: [iOS, watchOS]
    enums:
      SoupSize:
        title: Size
        cases:
          - { id: cup, title: Cup, synonyms: [small] }
          - { id: bowl, title: Bowl, synonyms: [large] }
      Fulfillment:
        title: Pickup or delivery
        cases:
          - { id: pickup, title: Pickup }
          - { id: delivery, title: Delivery }
    entities:
      Soup:
        title: Soup
        suggested:
          - { id: clam-chowder, title: Clam Chowder }
          - { id: tomato, title: Tomato Soup }
      Address:
        title: Address
        suggested:
          - { id: home, title: Home }
          - { id: work, title: Work }
    intents:
      - id: OrderSoup
        title: Order soup
        category: order
        summary:
          - text: Order {size} {soup} for {fulfillment}
          - when: { fulfillment: delivery }
            text: Order {size} {soup} for {fulfillment} to {address}
        parameters:
          - { id: soup, title: Soup, type: Soup, prompt: Which soup? }
          - { id: size, title: Size, type: SoupSize, default: bowl, confirmDefault: Do you want a bowl? }
          - { id: fulfillment, title: Pickup or delivery, type: Fulfillment, default: pickup }
          - { id: address, title: Address, type: Address, prompt: Which address?, when: { fulfillment: delivery } }
        dialog:
          confirmation: Your {soup} comes to {total}.
          success: Your soup will be ready in {minutes} minutes.
          successSupporting: Ready in {minutes} minutes.
        result:
          values: { total: "$4.50", minutes: 10 }
      - id: TrackOrder
        title: Track my order
        category: information
        summary: Track my order
        dialog:
          success: Your soup arrives in {minutes} minutes.
        result:
          values: { minutes: 12 }
    shortcuts:
      - intent: OrderSoup
        phrases:
          - Order soup with {applicationName}
          - Order {soup} with {applicationName}
        shortTitle: Order soup
        systemImage: takeoutbag.and.cup.and.straw
      - intent: TrackOrder
        phrases:
          - Track my order with {applicationName}
        shortTitle: Track order
        systemImage: box.truck
    negativePhrases:
      - Send {applicationName} soup recipe to my friend
    quickActions:
      - { title: Order soup, icon: takeoutbag.and.cup.and.straw, intent: OrderSoup }

    """

    /// `clean` with `old` replaced by `new` (which must be there).
    static func clean(replacing old: String, with new: String) -> String {
        precondition(clean.contains(old), "the clean manifest has no '\(old)'")
        return clean.replacingOccurrences(of: old, with: new)
    }

    /// Profiles that ship.
    static let profiles = try! Bundled.profiles()

    /// A reviewer of the rules that read the manifest alone: no speech or sentence model.
    static func manifestOnly() -> Reviewer {
        Reviewer(profiles: profiles, options: Reviewer.Options(pronunciations: false, semantic: false))
    }

    /// Reviews `yaml` with `reviewer`.
    static func review(_ yaml: String, with reviewer: Reviewer = manifestOnly()) async -> ManifestReview {
        await reviewer.review(yaml: yaml, path: "app.yaml")
    }
}

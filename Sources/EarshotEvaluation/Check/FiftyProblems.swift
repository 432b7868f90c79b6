/// A manifest with exactly fifty problems (5 errors, 45 warnings) of 29 rules: what `earshot check`'s tests
/// expect of one run, and what its benchmark reviews.
public enum FiftyProblems {
    /// The manifest's text.
    public static let manifest = """
    # A manifest with fifty problems, for `earshot check`'s tests and benchmark.
    app: Soup Chef
    synonyms: [Soup App]
    platforms: [iOS, watchOS]
    enums:
      SoupSize:
        title: Size
        cases:
          - { id: cup, title: Cup, synonyms: [small] }
          - { id: bowl, title: Bowl, synonyms: [large] }
    entities:
      Soup:
        title: Soup
        suggested:
          - { id: chowder, title: Clam Chowder }
          - { id: tomato, title: Tomato Soup }
      Friend:
        title: Friend
        suggested:
          - { id: sam, title: Sam }
    intents:
      - id: OrderSoup
        title: Soup Order.
        category: order
        summary: "Buy: {soup} (now)"
        parameters:
          - { id: soup, title: Soup, type: Soup, prompt: Which one? }
          - { id: size, title: Size, type: SoupSize }
        dialog:
          confirmation: Are you sure? He said Soup Chef is open.
          success: Tap below. Siri here, upgrade to premium.
      - id: ShowMenu
        title: Show the Menu from Soup Chef!
        category: generic
        summary: Display the menu
        dialog:
          success: Here's what I found on screen, she says.
      - id: SendSoup
        title: soup for a friend
        category: share
        summary: Send soup; to a friend
        parameters:
          - { id: friend, title: Friend, type: Friend, prompt: Which one? }
        dialog:
          success: Soup App sent it, he says.
      - id: BuyAgain
        title: Buy soup again
        category: order
        summary: Buy it again
        dialog:
          confirmation: Ready?
    shortcuts:
      - intent: OrderSoup
        phrases:
          - Hey Siri order soup with {applicationName}
          - Order a large clam chowder with {applicationName}
          - Order some nice hot soup for me right now with {applicationName}
          - Set a timer with {applicationName}
        shortTitle: Order Soup.
        systemImage: Soup Bowl
      - intent: ShowMenu
        phrases:
          - Show the menu with {applicationName}
          - Order soup with {applicationName}
      - intent: SendSoup
        phrases:
          - Send soup to {friend} with {applicationName}
          - Call 9-1-1 for {friend} with {applicationName}
        shortTitle: Send Soup From Soup Chef
      - intent: BuyAgain
        phrases:
          - Buy soup again with {applicationName}
        shortTitle: Buy again
        systemImage: 🍲
    negativePhrases:
      - Show the menu with {applicationName}
    quickActions:
      - { title: Order from Soup Chef, icon: 🍲 }
      - { title: Order a steaming hot bowl of soup right away }
      - { title: Menu, icon: Menu Card }
      - { title: Hours, icon: clock }
    """
}

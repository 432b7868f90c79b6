import Earshot
@testable import EarshotMatching
import EarshotModel
import Testing

@Suite("Normalisation and exact matching")
struct MatchingTests {
    @Test("case, punctuation, spaces and spoken numbers are forgiven", arguments: [
        ("Order soup, with Soup Chef!", "order soup with soup chef"),
        ("  ORDER   soup with   soup chef ", "order soup with soup chef"),
        ("Order two soups", "order 2 soups"),
        ("order twenty one soups", "order 21 soups"),
        ("one hundred and five", "105"),
        ("two thousand twenty six", "2026"),
        ("one two three", "1 2 3"),
        ("twenty-one", "21"),
        ("it costs $4.50.", "it costs 4.50"),
        ("the 2nd one", "the second 1"),
        ("We're out of it", "were out of it"),
        ("Café crème", "café crème"),
        ("Salt & pepper", "salt and pepper"),
    ])
    func normalisation(input: String, expected: String) {
        #expect(Normalizer.normalize(input) == expected)
    }

    func soupChef() throws -> AppManifest {
        try #require(try Bundled.exampleApps().first { $0.name == "Soup Chef" })
    }

    @Test("phrases expand over the app's names and every value's title and synonyms, keeping their values")
    func expansion() throws {
        let app = CompiledApp(try soupChef())
        let texts = Set(app.expansions.map(\.text))
        #expect(texts.contains("Order Clam Chowder with Soup Chef"))
        #expect(texts.contains("Order chowder with Soup App"))
        #expect(texts.contains("Get a large of soup from Soup Chef"))
        let large = try #require(app.expansions.first { $0.text == "Get a large of soup from Soup App" })
        #expect(large.values == ["size": "bowl"])
        #expect(large.phrase == "Get a {size} of soup from {applicationName}")
        #expect(large.intent == "OrderSoup")
        // The limit counts cases and entities, not synonyms: 1 + 3 + 2 + 2 = 8 for OrderSoup.
        #expect(try soupChef().expansionCount(in: "en-US") == 8 + 2 + 1)
    }

    @Test("exact matching finds a phrase said any written way, and nothing else")
    func exact() throws {
        let profile = try Bundled.profiles().profile("watch")
        let resolver = Resolver(catalog: PhraseCatalog(apps: [try soupChef()], profile: profile))
        let hit = resolver.resolve("get a BIG of soup from soup app.")
        #expect(hit.matches.count == 1)
        #expect(hit.matches.first?.expansion.values == ["size": "bowl"])
        #expect(hit.mode == .exact)
        #expect(!resolver.resolve("get a large tomato soup from soup chef").isMatch)
        #expect(!resolver.resolve("order soup").isMatch)
    }

    @Test("a locale uses its localization's phrases and app name")
    func localization() throws {
        let profile = try Bundled.profiles().profile("homepod")
        let french = Resolver(catalog: PhraseCatalog(apps: [try soupChef()], profile: profile, locale: "fr-FR"))
        #expect(french.resolve("Commande une soupe avec Chef Soupe").matches.first?.expansion.intent == "OrderSoup")
        #expect(!french.resolve("Order soup with Soup Chef").isMatch)
    }

    @Test("the Watch has only watchOS apps; HomePod the iPhone's iOS apps")
    func availability() throws {
        let iosOnly = try AppManifest(yaml: """
        app: Phone Only
        intents: [{ id: A, title: Do a thing }]
        shortcuts: [{ intent: A, phrases: ["Do it with {applicationName}"] }]
        """, path: "p.yaml")
        let profiles = try Bundled.profiles()
        let watch = PhraseCatalog(apps: [iosOnly], profile: try profiles.profile("watch"))
        let homepod = PhraseCatalog(apps: [iosOnly], profile: try profiles.profile("homepod"))
        #expect(watch.available == [false])
        #expect(homepod.available == [true])
        let resolution = Resolver(catalog: watch).resolve("do it with phone only")
        #expect(!resolution.isMatch)
        #expect(resolution.unavailableApp == 0)
    }

    @Test("without a flexible matcher a flexible device matches exactly and says so")
    func flexibleSeam() throws {
        let homepod = try Bundled.profiles().profile("homepod")
        let resolver = Resolver(catalog: PhraseCatalog(apps: [try soupChef()], profile: homepod))
        let resolution = resolver.resolve("I'd like some soup from Soup Chef")
        #expect(resolution.mode == .exact)
        #expect(resolution.flexibleUnavailable)
        #expect(!resolution.isMatch)
    }

    @Test("a phrase said word for word inside a request reaches it where matching is flexible (twenty-seventh pass)")
    func phraseInside() throws {
        let profiles = try Bundled.profiles()
        let homepod = Resolver(catalog: PhraseCatalog(apps: [try soupChef()], profile: try profiles.profile("homepod")))
        // A hesitation written as words before it, a reason after it.
        let hesitant = homepod.resolve("okay pay okay order soup with soup chef")
        #expect(hesitant.mode == .flexible)
        #expect(hesitant.matches.map(\.expansion.intent) == ["OrderSoup"])
        #expect(homepod.resolve("track my order with soup chef its been an hour").matches.map(\.expansion.intent) == ["TrackOrder"])
        // The longest phrase said wins, with its value.
        let valued = homepod.resolve("right er order chowder with soup app im starving")
        #expect(valued.matches.map(\.expansion.values) == [["soup": "clam-chowder"]])
        // A refusal, a question or a correction around it, or another value said beside it, is not the phrase.
        #expect(!homepod.resolve("dont order soup with soup chef").isMatch)
        #expect(!homepod.resolve("how do i order soup with soup chef").isMatch)
        #expect(!homepod.resolve("order soup with soup chef no wait").isMatch)
        #expect(!homepod.resolve("order soup with soup chef for delivery tonight ok").isMatch)
        #expect(!homepod.resolve("order soup with soup chef a big one ok").isMatch)
        // More than three words before it are another sentence.
        #expect(!homepod.resolve("my brother told me to order soup with soup chef").isMatch)
        // The Watch hears the phrase said exactly, or nothing.
        let watch = Resolver(catalog: PhraseCatalog(apps: [try soupChef()], profile: try profiles.profile("watch")))
        #expect(!watch.resolve("okay pay okay order soup with soup chef").isMatch)
    }

    @Test("a flexible matcher is called only when nothing matched exactly, and only for apps that allow it")
    func flexibleMatcherIsConsulted() throws {
        struct Fixed: FlexibleMatcher {
            func match(_ utterance: String, normalized: String, in catalog: PhraseCatalog, apps: [Int]) -> Resolution {
                let reference = PhraseCatalog.Reference(app: apps[0], expansion: 0)
                let candidate = Candidate(reference: reference, expansion: catalog.expansion(reference), score: 0.8)
                return Resolution(mode: .flexible, matches: [candidate], candidates: [candidate])
            }
        }
        let profiles = try Bundled.profiles()
        let homepod = Resolver(catalog: PhraseCatalog(apps: [try soupChef()], profile: try profiles.profile("homepod")), flexible: Fixed())
        #expect(homepod.resolve("anything at all").mode == .flexible)
        #expect(homepod.resolve("Order soup with Soup Chef").mode == .exact)
        let watch = Resolver(catalog: PhraseCatalog(apps: [try soupChef()], profile: try profiles.profile("watch")), flexible: Fixed())
        #expect(!watch.resolve("anything at all").isMatch)
        var noFlex = try soupChef()
        noFlex.flexibleMatching = false
        let off = Resolver(catalog: PhraseCatalog(apps: [noFlex], profile: try profiles.profile("homepod")), flexible: Fixed())
        #expect(!off.resolve("anything at all").isMatch)
    }
}

@Suite("Normaliser fast path")
struct NormalizerFastPathTests {
    @Test("the ASCII fast path gives what the general path gives")
    func sameAsGeneral() throws {
        var inputs = ["", "  ", "...", "A.B", "1.5.", "1,000 soups", "x,1", "it's 4.50, ok?", "Rock & roll", "&&",
                      "twenty one pilots", "one, two", "Get 2nd BOWL", "seventy-seven", "a hundred", "nine hundred ninety nine",
                      "one thousand and one nights", "zero zero seven", "twelve twenty", "O'Brien's", "\tTabs\nand lines"]
        for app in try Earshot.Bundled.exampleApps() {
            inputs += CompiledApp(app).expansions.map(\.text)
        }
        for input in inputs {
            #expect(Normalizer.normalizeASCII(input) == Normalizer.normalizeGeneral(input), "\(input)")
        }
    }
}

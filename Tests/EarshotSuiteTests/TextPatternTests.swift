import Testing
@testable import EarshotSuite

@Suite("Text patterns of expectations")
struct TextPatternTests {
    @Test("plain text: equal after normalisation (case, punctuation, spacing, number words)")
    func plain() throws {
        let pattern = try TextPattern("Your soup will be ready in ten minutes")
        #expect(pattern.kind == .text)
        #expect(pattern.matches("Your soup will be ready in 10 minutes."))
        #expect(pattern.matches("your  SOUP will be ready in ten minutes!"))
        #expect(!pattern.matches("Your soup will be ready in 12 minutes."))
        #expect(!pattern.matches("Your soup will be ready in ten minutes. Enjoy."))
    }

    @Test("glob: * any run, ? one character, whole text, case ignored; a trailing ? still reads as a question mark")
    func glob() throws {
        let which = try TextPattern("Which soup?*")
        #expect(which.kind == .glob)
        #expect(which.matches("Which soup? Clam Chowder, Tomato Soup, or Chicken Noodle Soup?"))
        #expect(which.matches("which soup?"))
        #expect(!which.matches("Which size? Cup or Bowl?"))
        let bowl = try TextPattern("Do you want a bowl?")
        #expect(bowl.matches("Do you want a bowl?"))
        #expect(bowl.matches("do you want a bowl"))
        #expect(!bowl.matches("Do you want a cup?"))
        let middle = try TextPattern("*comes to $4.50*")
        #expect(middle.matches("Your Tomato Soup comes to $4.50. Ready to order?"))
        #expect(!middle.matches("Your Tomato Soup comes to $5.50. Ready to order?"))
        // Punctuation does not count in a glob either, as in plain text.
        let ready = try TextPattern("ready in 10*")
        #expect(ready.matches("Ready, in 10 minutes."))
        #expect(ready.matches("Ready in ten minutes."))
        #expect(!ready.matches("Ready in 12 minutes."))
        #expect(!ready.matches("Not ready in 10 minutes."))
        #expect(try TextPattern("*ten minutes").matches("Your soup will be ready in 10 minutes."))
        #expect(!(try TextPattern("*ten minutes")).matches("Your soup will be ready in 10 minutes, sorry."))
    }

    @Test("/regex/: found anywhere in the text as it is; /…/i ignores case")
    func regex() throws {
        let total = try TextPattern(#"/comes to \$4\.50\. Ready to order\?$/"#)
        #expect(total.kind == .regex)
        #expect(total.matches("Your Tomato Soup comes to $4.50. Ready to order?"))
        #expect(!total.matches("Your Tomato Soup comes to $4.50. Ready to order? Yes."))
        #expect(!(try TextPattern("/^ready/")).matches("Ready in 10 minutes."))
        #expect(try TextPattern("/^ready/i").matches("Ready in 10 minutes."))
        #expect(throws: PatternError.self) { try TextPattern("/(/") }
        #expect(throws: PatternError.self) { try TextPattern("/x/g") }
    }
}

@Suite("Text patterns: regular expressions that could run for minutes")
struct NestedQuantifierTests {
    @Test("a repeated group that repeats is refused when the test file is read, with the group named; ordinary expressions pass")
    func nested() throws {
        for (source, group) in [("/(?:(?:(?:.*)*)*)*x/", "(?:.*)*"), ("/(a+)+b/", "(a+)+"), ("/^(\\w*\\s?)*$/i", "(\\w*\\s?)*"),
                                ("/((ab)*c)+/", "((ab)*c)+"), ("/([a-z]+){2,}/", "([a-z]+){2,}"), ("/(x{1,})*/", "(x{1,})*")] {
            do {
                _ = try TextPattern(source)
                Issue.record("\(source) was taken")
            } catch {
                #expect(error.message.contains("repeats a group that repeats ('\(group)')"), "\(source): \(error.message)")
            }
        }
        for source in ["/ready in \\d+ minutes/", "/^(Cup|Bowl)s?$/i", "/(ab)+c/", "/(a*)?b/", "/[(*]+/", "/\\(a+\\)*/", "/(\\d{1,2}:\\d{2})+/"] {
            #expect(throws: Never.self, "\(source)") { _ = try TextPattern(source) }
        }
        #expect(try TextPattern("/(ab)+c/").matches("ababc"))
    }
}

import EarshotEmbedding
import Testing

@Suite("Tokenizer")
struct TokenizerTests {
    @Test("clean-up: lower case, accents stripped, control characters dropped, whitespace made spaces")
    func normalisation() {
        let basic = BasicTokenizer()
        #expect(basic.normalize("Café Crème") == "cafe creme")
        #expect(basic.normalize("ÅNGSTRÖM naïve") == "angstrom naive")
        #expect(basic.normalize("a\tb\nc\u{0}d\u{7}e\u{200B}f") == "a b cdef")
        #expect(BasicTokenizer(lowercase: false).normalize("Café") == "Café")
    }

    @Test("words: split at whitespace, each punctuation mark and CJK ideograph on its own")
    func words() {
        let basic = BasicTokenizer()
        #expect(basic.words("  Hey... play (some) jazz!  ") == ["hey", ".", ".", ".", "play", "(", "some", ")", "jazz", "!"])
        #expect(basic.words("call 555-0123 at $4") == ["call", "555", "-", "0123", "at", "$", "4"])
        #expect(basic.words("我想要coffee") == ["我", "想", "要", "coffee"])
        #expect(basic.words("\t\n ") == [])
    }

    @Test("WordPiece: longest pieces first, ## for the rest, [UNK] for what cannot be cut or is too long")
    func pieces() throws {
        let tokenizer = try InstalledModel.encoder().tokenizer
        #expect(tokenizer.pieces("order soup") == ["order", "soup"])
        #expect(tokenizer.pieces("snowboarding") == ["snow", "##boarding"])
        #expect(tokenizer.pieces("transmogrification") == ["trans", "##mo", "##gr", "##ification"])
        #expect(tokenizer.pieces("café crème") == ["cafe", "cr", "##eme"])
        #expect(tokenizer.pieces(String(repeating: "a", count: 101)) == ["[UNK]"])
        #expect(tokenizer.pieces("🍕") == ["[UNK]"])
    }

    @Test("ids are wrapped in [CLS] … [SEP] and cut at 256 tokens")
    func wrappingAndTruncation() throws {
        let tokenizer = try InstalledModel.encoder().tokenizer
        #expect(tokenizer.encode("") == [tokenizer.classID, tokenizer.separatorID])
        #expect(tokenizer.encode("ok") == [101, 7929, 102])
        let long = tokenizer.encode(String(repeating: "soup chef ", count: 400))
        #expect(long.count == 256)
        #expect(long.first == tokenizer.classID && long.last == tokenizer.separatorID)
        #expect(long.dropFirst().dropLast().allSatisfy { $0 != tokenizer.separatorID })
    }
}

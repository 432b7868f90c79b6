import EarshotDigest
import Foundation
import Testing

/// The SHA-256 behind the importer's cache key and the reports' signatures (OpenSSL's libcrypto), against
/// FIPS 180-2's test vectors: a wrong digest would let a stale import be reused, or a changed report pass.
@Suite("SHA-256")
struct DigestTests {
    @Test("the standard vectors: empty, \"abc\", and the 448-bit message")
    func vectors() {
        #expect(SHA256.hex(of: Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(of: Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(of: Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("fed in pieces, the digest is the whole message's")
    func pieces() {
        let message = Data((0..<100_000).map { UInt8($0 % 251) })
        var digest = SHA256()
        digest.update(message.prefix(1))
        digest.update(message.dropFirst(1).prefix(65_535))
        digest.update(message.dropFirst(65_536))
        #expect(digest.hex() == SHA256.hex(of: message))
        #expect(SHA256.hex(of: message) != SHA256.hex(of: message.dropLast()))
    }
}

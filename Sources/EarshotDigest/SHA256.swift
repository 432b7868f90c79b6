import COpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// SHA-256 over OpenSSL's libcrypto (the EVP digest functions): the key of the importer's cache and the
/// signature Earshot keeps in the reports it writes. Feed it with ``update(_:)``, read it once with
/// ``hex()``.
public struct SHA256: ~Copyable {
    private let context: OpaquePointer

    /// A new digest. libcrypto cannot fail to set up SHA-256 but by running out of memory, which stops the process.
    public init() {
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            fatalError("libcrypto could not start a SHA-256 digest (out of memory)")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Adds `bytes` to the digest.
    public mutating func update(_ bytes: some DataProtocol) {
        for region in bytes.regions {
            region.withUnsafeBytes { raw in
                _ = EVP_DigestUpdate(context, raw.baseAddress, raw.count)
            }
        }
    }

    /// The digest of everything added, in lower-case hex (64 characters). Ends the digest.
    public consuming func hex() -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = EVP_DigestFinal_ex(context, &digest, &length)
        let hexDigits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(Int(length) * 2)
        for byte in digest.prefix(Int(length)) {
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The SHA-256 of `bytes` in lower-case hex.
    public static func hex(of bytes: some DataProtocol) -> String {
        var digest = SHA256()
        digest.update(bytes)
        return digest.hex()
    }
}

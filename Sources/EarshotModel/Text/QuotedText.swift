/// Text between double quotes, as the languages Earshot writes spell it: Swift and YAML string literals,
/// JSON strings. They agree on `\"`, `\\`, `\n`, `\r` and `\t`; each says how to write the other control
/// characters.
public enum QuotedText {
    /// `text` in double quotes, with `"` and `\` backslash-escaped, line feed, carriage return and tab as
    /// `\n`, `\r` and `\t`, and every other scalar as `escape` writes it (`nil`: the scalar as it is).
    public static func quoted(_ text: String, escape: (Unicode.Scalar) -> String?) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if let escaped = escape(scalar) { out += escaped } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}

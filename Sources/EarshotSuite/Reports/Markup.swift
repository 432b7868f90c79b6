/// Escaping text for the XML and HTML reports.
enum Markup {
    /// Text as character data or an attribute value of XML 1.0 or HTML: markup characters escaped, and
    /// the characters XML cannot hold (control characters other than tab and line breaks) dropped.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                if value >= 0x20 && !(0xFFFE...0xFFFF).contains(value) { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }
}

/// Spells whole numbers in words ("21" → "twenty one"), so grammars built from normalised phrases
/// hold only dictionary words; the normaliser turns them back into digits.
public enum NumberSpeller {
    static let units = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                        "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
    static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    public static func spell(_ n: Int) -> String {
        if n < 0 { return "minus " + spell(-n) }
        if n < 20 { return units[n] }
        if n < 100 { return tens[n / 10] + (n % 10 == 0 ? "" : " " + units[n % 10]) }
        if n < 1000 { return units[n / 100] + " hundred" + (n % 100 == 0 ? "" : " " + spell(n % 100)) }
        if n < 1_000_000 { return spell(n / 1000) + " thousand" + (n % 1000 == 0 ? "" : " " + spell(n % 1000)) }
        return String(n).map { units[Int(String($0))!] }.joined(separator: " ")
    }
}

/// A named value found in the words, e.g. `dish` = "soup".
public struct WyomingEntity: Sendable, Hashable {
    public var name: String
    /// Any JSON value; usually a string or a number.
    public var value: WyomingValue?

    public init(name: String, value: WyomingValue? = nil) {
        self.name = name
        self.value = value
    }
}

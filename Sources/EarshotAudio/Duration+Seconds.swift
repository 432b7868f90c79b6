extension Duration {
    /// The duration in seconds, for timings.
    public var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

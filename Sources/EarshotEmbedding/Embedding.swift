/// A sentence's meaning as a unit-length vector: sentences that mean alike point alike.
public struct Embedding: Sendable, Hashable {
    /// The components; their squares sum to 1 (or all are 0, for a zero input).
    public let values: [Float]

    /// `values` scaled to unit length (a zero vector stays zero).
    public init(normalizing values: [Float]) {
        var squares: Float = 0
        for value in values { squares += value * value }
        let inverse = 1 / max(squares.squareRoot(), 1e-12)
        self.values = values.map { $0 * inverse }
    }

    /// The number of components.
    public var dimension: Int { values.count }

    /// Cosine similarity with `other`, from −1 to 1 (1: the same direction). Both are unit length, so
    /// this is their dot product. They must have the same dimension.
    public func cosine(_ other: Embedding) -> Float {
        precondition(values.count == other.values.count, "embeddings of different dimensions (\(values.count), \(other.values.count))")
        return values.withUnsafeBufferPointer { a in
            other.values.withUnsafeBufferPointer { b in
                var sum: Float = 0
                for index in 0..<a.count { sum += a[index] * b[index] }
                return sum
            }
        }
    }
}

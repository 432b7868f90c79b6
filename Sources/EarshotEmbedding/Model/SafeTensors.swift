import Foundation

/// A safetensors file: an 8-byte little-endian header length, a JSON header naming each tensor's dtype,
/// shape and byte range, then the raw little-endian data.
///
/// The header is checked in full when the file is opened (sizes, ranges inside the data, byte counts
/// that match dtype × shape), so a truncated or garbage file fails here and not halfway through a load.
/// Only `F32` tensors can be read as floats; other dtypes are listed but not converted.
public struct SafeTensors: Sendable {
    /// One tensor's entry in the header.
    public struct Tensor: Sendable, Equatable {
        /// The element type as the format spells it: `F32`, `F16`, `I64`, …
        public var dtype: String
        /// The dimensions, outermost first.
        public var shape: [Int]
        /// Its bytes, relative to the start of the data section.
        public var byteRange: Range<Int>
    }

    /// The tensors by name (the `__metadata__` entry is left out).
    public let tensors: [String: Tensor]
    /// The header's `__metadata__` strings, if any.
    public let metadata: [String: String]
    private let data: Data
    private let dataStart: Int

    /// The largest header accepted (the format's own limit).
    static let maxHeaderBytes = 100_000_000

    /// Reads the file at `path` (memory-mapped where the system allows) and checks its header.
    public init(contentsOf path: String) throws(SafeTensorsError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch {
            throw SafeTensorsError(error.localizedDescription, unreadable: true)
        }
        try self.init(data: data)
    }

    /// Parses a safetensors file held in memory.
    public init(data: Data) throws(SafeTensorsError) {
        guard data.count >= 8 else { throw SafeTensorsError("the file has \(data.count) bytes, fewer than the 8 of the header length") }
        let headerLength = data.prefix(8).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        guard headerLength >= 2, headerLength <= UInt64(Self.maxHeaderBytes), Int(headerLength) <= data.count - 8 else {
            throw SafeTensorsError("the header length \(headerLength) does not fit a file of \(data.count) bytes")
        }
        let start = data.startIndex
        let headerBytes = data[(start + 8)..<(start + 8 + Int(headerLength))]
        guard let header = (try? JSONSerialization.jsonObject(with: headerBytes)) as? [String: Any] else {
            throw SafeTensorsError("the header is not a JSON object")
        }
        let dataStart = 8 + Int(headerLength)
        let dataBytes = data.count - dataStart
        var tensors: [String: Tensor] = [:]
        var metadata: [String: String] = [:]
        for (name, value) in header {
            if name == "__metadata__" {
                metadata = (value as? [String: String]) ?? [:]
                continue
            }
            guard let entry = value as? [String: Any], let dtype = entry["dtype"] as? String,
                  let shape = entry["shape"] as? [Int], let offsets = entry["data_offsets"] as? [Int], offsets.count == 2
            else { throw SafeTensorsError("the header entry of \(name) lacks dtype, shape or data_offsets") }
            guard let size = Self.elementSize(dtype) else { throw SafeTensorsError("\(name) has the unknown dtype \(dtype)") }
            guard shape.allSatisfy({ $0 >= 0 }) else { throw SafeTensorsError("\(name) has a negative dimension") }
            let (elements, overflow) = shape.reduce((1, false)) { partial, dimension in
                let (product, over) = partial.0.multipliedReportingOverflow(by: dimension)
                return (product, partial.1 || over)
            }
            guard !overflow, offsets[0] >= 0, offsets[0] <= offsets[1], offsets[1] <= dataBytes else {
                throw SafeTensorsError("\(name) lies outside the \(dataBytes) bytes of data (the file is truncated?)")
            }
            let (bytes, bytesOverflow) = elements.multipliedReportingOverflow(by: size)
            guard !bytesOverflow, offsets[1] - offsets[0] == bytes else {
                throw SafeTensorsError("\(name) has \(offsets[1] - offsets[0]) bytes for shape \(shape) of \(dtype)")
            }
            tensors[name] = Tensor(dtype: dtype, shape: shape, byteRange: offsets[0]..<offsets[1])
        }
        self.tensors = tensors
        self.metadata = metadata
        self.data = data
        self.dataStart = dataStart
    }

    /// The tensor `name` as 32-bit floats in row-major order, checked to have `shape` when given.
    public func floats(_ name: String, shape: [Int]? = nil) throws(SafeTensorsError) -> [Float] {
        guard let tensor = tensors[name] else { throw SafeTensorsError("there is no tensor \(name)") }
        guard tensor.dtype == "F32" else { throw SafeTensorsError("\(name) is \(tensor.dtype), not F32") }
        if let shape, tensor.shape != shape {
            throw SafeTensorsError("\(name) has shape \(tensor.shape), not \(shape)")
        }
        let count = tensor.byteRange.count / 4
        let bytes = (dataStart + tensor.byteRange.lowerBound)..<(dataStart + tensor.byteRange.upperBound)
        return [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
            data.withUnsafeBytes { raw in
                // The data section need not be 4-byte aligned: copy bytes rather than rebind them.
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[bytes]))
            }
            #if _endian(big)
            for index in 0..<count { buffer[index] = Float(bitPattern: UInt32(littleEndian: buffer[index].bitPattern)) }
            #endif
            initialized = count
        }
    }

    /// Bytes per element of a safetensors dtype.
    static func elementSize(_ dtype: String) -> Int? {
        switch dtype {
        case "BOOL", "U8", "I8", "F8_E5M2", "F8_E4M3": 1
        case "I16", "U16", "F16", "BF16": 2
        case "I32", "U32", "F32": 4
        case "I64", "U64", "F64": 8
        default: nil
        }
    }
}

/// Why a safetensors file could not be read.
public struct SafeTensorsError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, in one line.
    public var reason: String
    /// The file could not be read at all (rather than read and found wrong).
    public var unreadable: Bool

    /// An error saying `reason`.
    public init(_ reason: String, unreadable: Bool = false) {
        self.reason = reason
        self.unreadable = unreadable
    }

    /// The reason.
    public var description: String { reason }
}

import Foundation

/// Turns a byte stream, fed in pieces as they arrive, into Wyoming events.
///
/// ```swift
/// var decoder = WyomingDecoder()
/// decoder.append(bytes)
/// while let event = try decoder.next() { … }
/// ```
///
/// Lengths are checked against the limits as soon as a header is complete, so an oversized event is
/// refused before its body is buffered. After an error the decoder keeps throwing it.
public struct WyomingDecoder: Sendable {
    public let limits: WyomingFrameLimits

    /// The bytes received and not yet consumed start at `start`.
    private var buffer: [UInt8] = []
    private var start = 0
    /// How far past `start` the current header has been searched for a newline.
    private var scanned = 0
    /// A complete header whose data and payload are still arriving.
    private var pending: (type: String, data: [String: WyomingValue], dataLength: Int, payloadLength: Int)?
    private var failure: WyomingFrameError?

    public init(limits: WyomingFrameLimits = WyomingFrameLimits()) {
        self.limits = limits
    }

    /// Bytes received but not yet returned as events.
    public var bufferedByteCount: Int { buffer.count - start }

    /// Adds bytes from the stream.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete event, or nil until more bytes arrive.
    public mutating func next() throws(WyomingFrameError) -> WyomingEvent? {
        if let failure { throw failure }
        do {
            return try decodeNext()
        } catch {
            failure = error
            throw error
        }
    }

    private mutating func decodeNext() throws(WyomingFrameError) -> WyomingEvent? {
        if pending == nil {
            guard let newline = buffer[(start + scanned)...].firstIndex(of: 0x0A) else {
                scanned = buffer.count - start
                if scanned > limits.maxHeaderBytes { throw .headerTooLong(limit: limits.maxHeaderBytes) }
                return nil
            }
            if newline - start > limits.maxHeaderBytes { throw .headerTooLong(limit: limits.maxHeaderBytes) }
            let line = buffer[start..<newline]
            start = newline + 1
            scanned = 0
            pending = try parseHeader(line)
        }
        guard let header = pending, bufferedByteCount >= header.dataLength + header.payloadLength else { return nil }
        var data = header.data
        if header.dataLength > 0 {
            guard let block = WyomingValue.parseObject(buffer[start..<(start + header.dataLength)]) else {
                throw .malformedData("the \(header.dataLength) bytes after the header of `\(header.type)` are not a JSON object")
            }
            data.merge(block) { _, fromBlock in fromBlock }
        }
        let payloadStart = start + header.dataLength
        let payload = Array(buffer[payloadStart..<(payloadStart + header.payloadLength)])
        start = payloadStart + header.payloadLength
        pending = nil
        compact()
        return WyomingEvent(type: WyomingEventType(rawValue: header.type), data: data, payload: payload)
    }

    private func parseHeader(_ line: ArraySlice<UInt8>) throws(WyomingFrameError)
        -> (type: String, data: [String: WyomingValue], dataLength: Int, payloadLength: Int) {
        guard let header = WyomingValue.parseObject(line) else {
            let preview = String(decoding: line.prefix(40), as: UTF8.self)
            throw .malformedHeader("the line \(WyomingValue.string(preview).jsonText) is not a JSON object")
        }
        guard let type = header["type"]?.stringValue, !type.isEmpty else {
            throw .malformedHeader("it has no `type` string")
        }
        var data: [String: WyomingValue] = [:]
        switch header["data"] {
        case nil, .null?: break
        case .object(let inline)?: data = inline
        default: throw .malformedHeader("its `data` is not a JSON object")
        }
        let dataLength = try length(header["data_length"], key: "data_length")
        if dataLength > limits.maxDataBytes { throw .dataTooLong(length: dataLength, limit: limits.maxDataBytes) }
        let payloadLength = try length(header["payload_length"], key: "payload_length")
        if payloadLength > limits.maxPayloadBytes {
            throw .payloadTooLong(length: payloadLength, limit: limits.maxPayloadBytes)
        }
        return (type, data, dataLength, payloadLength)
    }

    /// A length from the header: absent or null is 0; anything else must be a whole number ≥ 0
    /// (one too large for `Int` is reported as `Int.max`, which no limit allows).
    private func length(_ value: WyomingValue?, key: String) throws(WyomingFrameError) -> Int {
        switch value {
        case nil, .null?: return 0
        case .int(let length)? where length >= 0: return length
        case .double(let length)? where length >= 0 && length.rounded() == length:
            return length < 9.0e18 ? Int(length) : Int.max
        default: throw .malformedHeader("its `\(key)` is not a whole number of bytes ≥ 0")
        }
    }

    /// Drops consumed bytes once they are most of the buffer.
    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
        } else if start >= 1 << 16, start * 2 >= buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }
}

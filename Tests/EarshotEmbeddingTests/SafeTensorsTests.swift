import EarshotEmbedding
import Foundation
import Testing

@Suite("safetensors")
struct SafeTensorsTests {
    /// A file with one F32 tensor `w` of `shape` holding 0, 1, 2, …, and an I64 tensor `ids`.
    static func file(shape: [Int], header: String? = nil, dropLast: Int = 0) -> Data {
        let count = shape.reduce(1, *)
        let floats = (0..<count).flatMap { withUnsafeBytes(of: Float($0).bitPattern.littleEndian, Array.init) }
        let json = header ?? #"{"__metadata__":{"format":"pt"},"ids":{"dtype":"I64","shape":[2],"data_offsets":[0,16]},"w":{"dtype":"F32","shape":\#(shape),"data_offsets":[16,\#(16 + 4 * count)]}}"#
        var data = Data(withUnsafeBytes(of: UInt64(json.utf8.count).littleEndian, Array.init))
        data.append(contentsOf: Array(json.utf8))
        data.append(contentsOf: [UInt8](repeating: 7, count: 16))
        data.append(contentsOf: floats)
        return data.dropLast(dropLast)
    }

    @Test("reads tensors by name, with dtype, shape and values")
    func reads() throws {
        let tensors = try SafeTensors(data: Self.file(shape: [2, 3]))
        #expect(tensors.metadata == ["format": "pt"])
        #expect(tensors.tensors["ids"]?.dtype == "I64")
        #expect(tensors.tensors["w"]?.shape == [2, 3])
        #expect(try tensors.floats("w", shape: [2, 3]) == [0, 1, 2, 3, 4, 5])
        #expect(throws: SafeTensorsError.self) { try tensors.floats("w", shape: [3, 2]) }
        #expect(throws: SafeTensorsError.self) { try tensors.floats("ids") }
        #expect(throws: SafeTensorsError.self) { try tensors.floats("nothing") }
    }

    @Test("refuses truncated data, a bad header length, a header that is not JSON, sizes that do not add up")
    func refuses() {
        #expect(throws: SafeTensorsError.self) { try SafeTensors(data: Self.file(shape: [4], dropLast: 1)) }
        #expect(throws: SafeTensorsError.self) { try SafeTensors(data: Data([1, 2, 3])) }
        #expect(throws: SafeTensorsError.self) { try SafeTensors(data: Data(repeating: 0xFF, count: 64)) }
        #expect(throws: SafeTensorsError.self) { try SafeTensors(data: Self.file(shape: [1], header: "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]")) }
        let wrongSize = #"{"w":{"dtype":"F32","shape":[5],"data_offsets":[0,16]}}"#
        #expect(throws: SafeTensorsError.self) { try SafeTensors(data: Self.file(shape: [1], header: wrongSize)) }
    }
}

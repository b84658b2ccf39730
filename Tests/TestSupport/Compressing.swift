internal import CZlib
internal import CZstd
import Foundation

/// Compressed fixtures, made at run time by the libraries' own compressors (deflate, ZSTD_compress):
/// the reader only ever decompresses, so they are an independent source of the bytes.
extension TestSupport {
    /// `data` as one gzip member (RFC 1952: header, deflate data, CRC-32 and length).
    public static func gzip(_ data: Data, level: Int32 = 6) -> Data {
        var stream = z_stream()
        // 15 + 16: a 32 KiB window with a gzip header and trailer.
        let started = deflateInit2_(
            &stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size))
        precondition(started == Z_OK, "deflateInit2: \(started)")
        defer { deflateEnd(&stream) }
        var source = [UInt8](data)
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))))
        let written = source.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = input.baseAddress
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                let status = deflate(&stream, Z_FINISH)
                precondition(status == Z_STREAM_END, "deflate: \(status)")
                return out.count - Int(stream.avail_out)
            }
        }
        return Data(output[0..<written])
    }

    /// `data` as one zstd frame (with its content size, without a checksum).
    public static func zstd(_ data: Data, level: Int32 = 3) -> Data {
        var output = [UInt8](repeating: 0, count: ZSTD_compressBound(data.count))
        let written = data.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                ZSTD_compress(out.baseAddress, out.count, input.baseAddress, input.count, level)
            }
        }
        precondition(ZSTD_isError(written) == 0, "ZSTD_compress: \(written)")
        return Data(output[0..<written])
    }
}

extension TestSupport {
    /// The text of zstd frames, by `ZSTD_decompress` (a one-shot call, not the streaming
    /// decoder the code under test uses), into a buffer grown until it fits.
    public static func unzstd(_ data: Data) -> Data {
        data.withUnsafeBytes { input in
            var capacity = 1 << 20
            while true {
                var output = [UInt8](repeating: 0, count: capacity)
                let written = output.withUnsafeMutableBytes { out in
                    ZSTD_decompress(out.baseAddress, out.count, input.baseAddress, input.count)
                }
                if ZSTD_isError(written) == 0 { return Data(output[0..<written]) }
                precondition(capacity < 1 << 32, "ZSTD_decompress: \(written)")
                capacity *= 4
            }
        }
    }
}

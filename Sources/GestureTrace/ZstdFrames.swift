// With ZstdDecoder.swift, the only files that import libzstd.
internal import CZstd
import Foundation

/// A zstd failure in memory (not a trace's): libzstd's own words.
public struct ZstdError: Error, Sendable, Equatable {
    public var message: String
    init(_ message: String) { self.message = message }
}

/// zstd frames made and read whole in memory, through libzstd: what other modules use for
/// their own files (an analysis partial). Traces go through `ZstdDecoder`, a chunk at a time.
public enum ZstdFrames {
    /// Whether `data` begins with a zstd frame's magic number (`28 b5 2f fd`) or a skippable
    /// frame's.
    public static func isCompressed(_ data: Data) -> Bool {
        data.starts(with: Compression.zstd.magic) || Compression.isSkippableFrame(data)
    }

    /// The most `decompress` gives by default: 256 MiB (a partial holds bounded statistics and
    /// a bounded sample, a few MB). A small file that claims more (a decompression bomb) is an
    /// error naming the limit, never memory filled.
    public static let defaultLimit = 256 << 20

    /// The text of `data`'s frames, one after another (concatenated frames read as one, as
    /// `unzstd` does). A frame cut short, corrupt data or a checksum that does not match is an
    /// error naming the byte it was found near; more than `limit` bytes of text is an error
    /// naming the limit.
    public static func decompress(_ data: Data, limit: Int = defaultLimit) throws(ZstdError)
        -> Data
    {
        guard let stream = ZSTD_createDStream() else {
            throw ZstdError("expected memory to decompress, found none")
        }
        defer { ZSTD_freeDStream(stream) }
        let chunk = ZSTD_DStreamOutSize()
        // Room for the usual ratio of text (about 4 to 1) at once, instead of doubling up to
        // it; at most 64 MB ahead of the content, however long the data claims to be.
        var output = Data()
        output.reserveCapacity(min(4 * data.count + chunk, 64 << 20))
        var buffer = [UInt8](repeating: 0, count: chunk)
        let failure: String? = data.withUnsafeBytes { raw -> String? in
            var source = ZSTD_inBuffer(src: raw.baseAddress, size: raw.count, pos: 0)
            var hint = 1
            while source.pos < source.size || hint != 0 {
                let before = source.pos
                let written = buffer.withUnsafeMutableBytes { out -> Int in
                    var target = ZSTD_outBuffer(dst: out.baseAddress, size: out.count, pos: 0)
                    hint = ZSTD_decompressStream(stream, &target, &source)
                    return ZSTD_isError(hint) != 0 ? -1 : target.pos
                }
                if written < 0 {
                    return
                        "expected zstd data, found corrupt data near byte \(before) (zstd: \(String(cString: ZSTD_getErrorName(hint))))"
                }
                guard output.count + written <= limit else {
                    return
                        "expected at most \(limit >> 20) MiB once decompressed, found more (the limit of a partial)"
                }
                output.append(contentsOf: buffer[0..<written])
                if written == 0 && source.pos == before {
                    return
                        "expected a complete zstd frame, found the end of the data after \(source.pos) bytes"
                }
            }
            return nil
        }
        if let failure { throw ZstdError(failure) }
        return output
    }
}

/// A zstd frame written as it is produced: text in, compressed bytes out to `sink` whenever
/// libzstd has some, the frame closed (with a checksum of its content) by `finish`. Memory is
/// libzstd's window and one output buffer, whatever the length of the text.
public final class ZstdWriter {
    private let context: OpaquePointer
    private let output: UnsafeMutableRawBufferPointer
    private let sink: (UnsafeRawBufferPointer) throws -> Void

    /// `level`: libzstd's compression level (1 to 19; 3 is its default).
    public init(level: Int32 = 3, sink: @escaping (UnsafeRawBufferPointer) throws -> Void)
        throws(ZstdError)
    {
        guard let context = ZSTD_createCCtx() else {
            throw ZstdError("expected memory to compress, found none")
        }
        ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, level)
        ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1)
        self.context = context
        self.sink = sink
        output = .allocate(byteCount: ZSTD_CStreamOutSize(), alignment: 16)
    }

    deinit {
        ZSTD_freeCCtx(context)
        output.deallocate()
    }

    /// Compresses `text`; what libzstd emits goes to the sink (errors of the sink are thrown).
    public func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { bytes in try feed(UnsafeRawBufferPointer(bytes), end: false) }
    }

    /// Ends the frame: the rest of the compressed bytes go to the sink.
    public func finish() throws {
        try feed(UnsafeRawBufferPointer(start: nil, count: 0), end: true)
    }

    private func feed(_ bytes: UnsafeRawBufferPointer, end: Bool) throws {
        var source = ZSTD_inBuffer(src: bytes.baseAddress, size: bytes.count, pos: 0)
        while true {
            var target = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
            let left = ZSTD_compressStream2(
                context, &target, &source, end ? ZSTD_e_end : ZSTD_e_continue)
            if ZSTD_isError(left) != 0 {
                throw ZstdError("zstd: \(String(cString: ZSTD_getErrorName(left)))")
            }
            if target.pos > 0 { try sink(UnsafeRawBufferPointer(rebasing: output[0..<target.pos])) }
            if end ? left == 0 : source.pos == source.size { return }
        }
    }
}

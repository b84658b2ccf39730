// The only file that imports zlib.
internal import CZlib

/// A gzip file's text, inflated by zlib a chunk at a time: a compressed chunk of the file in,
/// up to `TraceReader.chunkSize` bytes of text out, so memory is the two buffers and zlib's
/// 32 KiB window whatever the file's size. Concatenated members (`cat a.gz b.gz`, which `gunzip`
/// reads as one text) follow one another: at the end of a member with input left, the stream is
/// reset (`inflateReset`) and the next member read.
final class GzipDecoder: ChunkSource {
    private let file: FileChunks
    /// zlib's state, which must not move while in use: allocated once.
    private let stream: UnsafeMutablePointer<z_stream>
    private let output: UnsafeMutableRawBufferPointer
    /// What is left of the file's current chunk.
    private var input = UnsafeRawBufferPointer(start: nil, count: 0)
    private var fileEnded = false
    /// Inside a member: its end (header, data and trailer) has not been read.
    private var inMember = true
    /// Compressed bytes given to zlib, for messages.
    private var consumed = 0

    init(_ file: FileChunks) throws {
        self.file = file
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        output = .allocate(byteCount: TraceReader.chunkSize, alignment: 16)
        // 15 + 16: the largest window (32 KiB), gzip's header and trailer (RFC 1952) only.
        let status = inflateInit2_(
            stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            throw Compression.gzip.unavailable(file, reason: "zlib: error \(status)")
        }
    }

    deinit {
        // Safe on a stream whose initialisation failed (zlib checks its state).
        inflateEnd(stream)
        stream.deallocate()
        output.deallocate()
    }

    func next() throws -> UnsafeRawBufferPointer {
        let out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
        var filled = 0
        while filled < output.count {
            if input.isEmpty && !fileEnded {
                input = try file.next()
                fileEnded = input.isEmpty
            }
            if !inMember {
                if input.isEmpty { break }
                // A chunk may end inside the magic number: its first byte is all there is to see.
                guard input.starts(with: Compression.gzip.magic.prefix(input.count)) else {
                    throw Compression.gzip.trailing(file, at: consumed)
                }
                inflateReset(stream)
                inMember = true
            }
            stream.pointee.next_in = UnsafeMutablePointer(
                mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.pointee.avail_in = UInt32(input.count)
            stream.pointee.next_out = out + filled
            stream.pointee.avail_out = UInt32(output.count - filled)
            let status = inflate(stream, Z_NO_FLUSH)
            let used = input.count - Int(stream.pointee.avail_in)
            let produced = output.count - filled - Int(stream.pointee.avail_out)
            consumed += used
            filled += produced
            input = UnsafeRawBufferPointer(rebasing: input[used...])
            switch status {
            case Z_STREAM_END:
                inMember = false
            case Z_OK, Z_BUF_ERROR:
                // Z_BUF_ERROR is no progress: with room for output, the input is used up.
                if used == 0 && produced == 0 {
                    guard input.isEmpty && fileEnded else { throw corrupt("no progress") }
                    throw Compression.gzip.truncated(file, after: consumed)
                }
            case Z_MEM_ERROR:
                throw Compression.gzip.unavailable(file, reason: "zlib: out of memory")
            default:
                throw corrupt(stream.pointee.msg.map { String(cString: $0) } ?? "error \(status)")
            }
        }
        return UnsafeRawBufferPointer(rebasing: output[0..<filled])
    }

    private func corrupt(_ reason: String) -> TraceError {
        Compression.gzip.corrupt(file, near: consumed, reason: "zlib: \(reason)")
    }
}

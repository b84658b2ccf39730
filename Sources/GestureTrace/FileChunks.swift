#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the reader's bytes come from, chunk by chunk: a file as it is (`FileChunks`) or the
/// text a compressed file holds (`GzipDecoder`, `ZstdDecoder`).
protocol ChunkSource: AnyObject {
    /// The next chunk (at most `TraceReader.chunkSize` bytes, filled completely unless the input
    /// ends), empty at the end of input. Valid until the next call.
    func next() throws -> UnsafeRawBufferPointer
}

/// A file (or standard input for `-`) read in `TraceReader.chunkSize` chunks with `read(2)`
/// into one reused buffer.
final class FileChunks: ChunkSource {
    let path: String
    /// The name messages use: the path, `<stdin>` for `-`.
    let displayName: String
    private let descriptor: Int32
    private let buffer: UnsafeMutableRawBufferPointer
    /// Bytes of the chunk `peek()` read, which the next `next()` returns again.
    private var peeked: Int?

    init(path: String) throws {
        self.path = path
        displayName = path == "-" ? "<stdin>" : path
        if path == "-" {
            descriptor = 0
        } else {
            descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else {
                throw TraceError.unreadable(file: path, reason: String(cString: strerror(errno)))
            }
        }
        buffer = .allocate(byteCount: TraceReader.chunkSize, alignment: 16)
    }

    deinit {
        if descriptor > 0 { close(descriptor) }
        buffer.deallocate()
    }

    /// The first chunk, kept: the next `next()` returns it again. A pipe cannot be rewound, so
    /// this is how the first bytes are looked at (for a magic number) and still read.
    func peek() throws -> UnsafeRawBufferPointer {
        let chunk = try next()
        peeked = chunk.count
        return chunk
    }

    func next() throws -> UnsafeRawBufferPointer {
        if let count = peeked {
            peeked = nil
            return UnsafeRawBufferPointer(rebasing: buffer[0..<count])
        }
        var filled = 0
        while filled < buffer.count {
            let n = read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw TraceError.unreadable(
                    file: displayName, reason: String(cString: strerror(errno)))
            }
            filled += n
        }
        return UnsafeRawBufferPointer(rebasing: buffer[0..<filled])
    }
}

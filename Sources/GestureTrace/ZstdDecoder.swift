// With ZstdFrames.swift, the only files that import libzstd.
internal import CZstd

/// A zstd file's text, decompressed by libzstd's streaming decoder a chunk at a time: a
/// compressed chunk of the file in, up to `TraceReader.chunkSize` bytes of text out. Memory is
/// the two buffers and the frame's window, which libzstd caps at 128 MiB by default (a frame
/// needing more, from `zstd --long=31`, is refused with its message). Concatenated frames (`cat
/// a.zst b.zst`) follow one another: `ZSTD_decompressStream` starts the next frame by itself.
final class ZstdDecoder: ChunkSource {
    private let file: FileChunks
    private let stream: OpaquePointer
    private let output: UnsafeMutableRawBufferPointer
    /// What is left of the file's current chunk.
    private var input = UnsafeRawBufferPointer(start: nil, count: 0)
    private var fileEnded = false
    /// Inside a frame: it has not been decoded and flushed completely.
    private var inFrame = true
    /// Compressed bytes given to libzstd, for messages.
    private var consumed = 0

    init(_ file: FileChunks) throws {
        self.file = file
        guard let stream = ZSTD_createDStream() else {
            throw Compression.zstd.unavailable(file, reason: "ZSTD_createDStream failed")
        }
        self.stream = stream
        output = .allocate(byteCount: TraceReader.chunkSize, alignment: 16)
    }

    deinit {
        ZSTD_freeDStream(stream)
        output.deallocate()
    }

    func next() throws -> UnsafeRawBufferPointer {
        var filled = 0
        while filled < output.count {
            if input.isEmpty && !fileEnded {
                input = try file.next()
                fileEnded = input.isEmpty
            }
            if !inFrame && input.isEmpty { break }
            if !inFrame && !Self.mayStartFrame(input) {
                throw Compression.zstd.trailing(file, at: consumed)
            }
            var source = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
            var target = ZSTD_outBuffer(
                dst: output.baseAddress! + filled, size: output.count - filled, pos: 0)
            let hint = ZSTD_decompressStream(stream, &target, &source)
            if ZSTD_isError(hint) != 0 {
                let reason = String(cString: ZSTD_getErrorName(hint))
                throw Compression.zstd.corrupt(file, near: consumed, reason: "zstd: \(reason)")
            }
            consumed += source.pos
            filled += target.pos
            input = UnsafeRawBufferPointer(rebasing: input[source.pos...])
            // 0: the frame is decoded and flushed; anything else: more is to come.
            inFrame = hint != 0
            if inFrame && source.pos == 0 && target.pos == 0 {
                guard input.isEmpty && fileEnded else {
                    throw Compression.zstd.corrupt(
                        file, near: consumed, reason: "zstd: no progress")
                }
                throw Compression.zstd.truncated(file, after: consumed)
            }
        }
        return UnsafeRawBufferPointer(rebasing: output[0..<filled])
    }

    /// Whether `bytes` begin like a frame (as far as they go: a chunk may end inside the magic
    /// number): a zstd frame's magic, or a skippable frame's (0x184D2A50 to 0x184D2A5F, little
    /// endian), which libzstd skips.
    static func mayStartFrame(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let head = bytes.prefix(4)
        if head.elementsEqual(Compression.zstd.magic.prefix(head.count)) { return true }
        return head.first.map { $0 & 0xF0 == 0x50 } == true
            && head.dropFirst().elementsEqual([0x2A, 0x4D, 0x18].prefix(head.count - 1))
    }
}

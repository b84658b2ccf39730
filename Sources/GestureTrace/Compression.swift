/// A compressed trace the reader decompresses as it reads, told by the file's first bytes (its
/// magic number), never by its name: `trace.csv.gz`, a gzip stream named `trace.csv`, and
/// either on standard input read the same.
enum Compression: String, Sendable, CaseIterable {
    /// RFC 1952, through zlib; concatenated members read as one text, as `gunzip` does.
    case gzip
    /// RFC 8878, through libzstd; concatenated frames read as one text, as `unzstd` does.
    case zstd

    /// The magic number a stream of this format starts with.
    var magic: [UInt8] {
        switch self {
        case .gzip: [0x1F, 0x8B]
        case .zstd: [0x28, 0xB5, 0x2F, 0xFD]
        }
    }

    /// The format whose magic number `start` begins with, if any. A zstd stream may open with
    /// a skippable frame (magic 0x184D2A50 to 0x184D2A5F, little endian, as `pzstd` writes
    /// them): it is zstd, as `zstd -d` reads it.
    init?(start: UnsafeRawBufferPointer) {
        if let format = Self.allCases.first(where: { start.starts(with: $0.magic) }) {
            self = format
        } else if Self.isSkippableFrame(start) {
            self = .zstd
        } else {
            return nil
        }
    }

    /// Whether `bytes` begin with a whole skippable frame's magic number.
    static func isSkippableFrame<C: Collection<UInt8>>(_ bytes: C) -> Bool {
        let head = Array(bytes.prefix(4))
        return head.count == 4 && head[0] & 0xF0 == 0x50 && head[1...] == [0x2A, 0x4D, 0x18]
    }

    /// The text of `path` (`-` for standard input): the file's bytes, or, when its first bytes
    /// are a gzip or zstd magic number, what they decompress to, chunk by chunk (memory stays
    /// bounded by the chunks and the decoder's window, whatever the file's size). Line numbers in
    /// the reader's messages are then those of the decompressed text.
    static func open(path: String) throws -> any ChunkSource {
        let file = try FileChunks(path: path)
        switch Compression(start: try file.peek()) {
        case .gzip: return try GzipDecoder(file)
        case .zstd: return try ZstdDecoder(file)
        case nil: return file
        }
    }

    // MARK: Errors (file-level: exit 65)

    /// The file ended inside a stream (a truncated download or copy).
    func truncated(_ file: FileChunks, after bytes: Int) -> TraceError {
        .file(
            file: file.displayName, line: 0,
            message:
                "expected a complete \(rawValue) stream, found the end of the file after \(bytes) bytes"
        )
    }

    /// The data does not decode: `reason` is the library's own words (`zlib: incorrect data
    /// check`).
    func corrupt(_ file: FileChunks, near byte: Int, reason: String) -> TraceError {
        .file(
            file: file.displayName, line: 0,
            message:
                "expected a valid \(rawValue) stream, found corrupt data near byte \(byte) (\(reason))"
        )
    }

    /// After a complete stream, bytes that do not start another one (`gunzip` calls them
    /// "trailing garbage").
    func trailing(_ file: FileChunks, at byte: Int) -> TraceError {
        let unit = self == .gzip ? "member" : "frame"
        return .file(
            file: file.displayName, line: 0,
            message:
                "expected another \(rawValue) \(unit) or the end of the file after byte \(byte), found other bytes"
        )
    }

    /// The library could not start (out of memory).
    func unavailable(_ file: FileChunks, reason: String) -> TraceError {
        .file(
            file: file.displayName, line: 0,
            message: "expected memory to decompress the \(rawValue) stream, found none (\(reason))")
    }
}

/// One part of a run split across machines (`--shard K/N`): every N-th of the files sorted by
/// their bytes, starting at the K-th. Analysis partials and batch summaries record it the same
/// way; a batch summary adds how many files the whole corpus had.
public struct Shard: Codable, Sendable, Equatable {
    /// 1-based.
    public var index: Int
    public var count: Int
    /// Files in the whole corpus before sharding (batch summaries; absent in analysis partials).
    public var corpusFiles: Int?

    public init(index: Int, count: Int, corpusFiles: Int? = nil) {
        self.index = index
        self.count = count
        self.corpusFiles = corpusFiles
    }

    /// This shard's files as indices into `files`, ascending: every N-th of the paths sorted
    /// by their bytes, starting at the K-th (the split `batch --shard` makes of a corpus).
    public func indices(in files: [String]) -> [Int] {
        let sorted = files.indices.sorted {
            files[$0].utf8.lexicographicallyPrecedes(files[$1].utf8)
        }
        return stride(from: index - 1, to: sorted.count, by: count).map { sorted[$0] }.sorted()
    }
}

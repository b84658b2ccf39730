internal import GestureNumerics

/// The identity of a gesture wherever it is processed: its file and the gesture id within it.
/// Folds and every per-gesture seeded choice derive from `value` (FNV-1a 64 of
/// `name + "\u{0}" + id`, finalised with splitmix64, where `name` is the file's last path
/// component without a `.gz` or `.zst` ending, `<stdin>` for `-`), so they depend neither on
/// which shard, thread or position a gesture was read at, nor on how its path is spelt
/// (`traces/a.csv`, `./traces/a.csv`, `/work/traces/a.csv`, a CI runner's own checkout folder),
/// nor on whether it was compressed (`a.csv.gz`, `a.csv.zst`): the same traces give the same
/// answer wherever they are.
public struct GestureKey: Sendable, Hashable {
    public let file: String
    public let id: String
    public let value: UInt64

    public init(file: String, id: String) {
        self.init(FileHash(file), id: id)
    }

    /// The key of gesture `id` of the file `file` was made from: what every key of one file
    /// shares is hashed once (`FileHash`), not once per gesture.
    public init(_ file: FileHash, id: String) {
        self.file = file.file
        self.id = id
        var h = file.state
        for byte in id.utf8 { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        value = GestureKey.splitmix64(h)
    }

    /// A file's part of its gestures' keys: the FNV-1a state after `name + "\u{0}"`.
    public struct FileHash: Sendable {
        public let file: String
        let state: UInt64

        public init(_ file: String) {
            self.file = file
            var h: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in GestureKey.name(file).utf8 {
                h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
            state = (h ^ 0) &* 0x0000_0100_0000_01B3
        }
    }

    /// The part of a path the key hashes: the last path component (`<stdin>` for `-`), less a
    /// compressed file's `.gz` or `.zst` (any case) when something is left before it.
    static func name(_ path: String) -> Substring {
        let name = lastComponent(path)
        let lowered = name.lowercased()
        for ending in [".gz", ".zst"] where lowered.hasSuffix(ending) && name.count > ending.count {
            return name.dropLast(ending.count)
        }
        return name
    }

    /// The last path component (`<stdin>` for `-`), trailing slashes dropped; `/` stays `/`.
    static func lastComponent(_ path: String) -> Substring {
        if path == "-" { return "<stdin>" }
        var trimmed = Substring(path)
        while trimmed.utf8.count > 1, trimmed.utf8.last == UInt8(ascii: "/") {
            trimmed = trimmed.dropLast()
        }
        // After the last "/" (the whole when there is none, or nothing follows it: "/").
        guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return trimmed }
        let after = trimmed[trimmed.utf8.index(after: slash)...]
        return after.isEmpty ? trimmed : after
    }

    /// A seeded hash of the key for one use (`stream`): splitmix64 of
    /// `value ^ RandomSource.mix(seed, stream)`.
    public func mixed(seed: UInt64, stream: UInt64) -> UInt64 {
        GestureKey.splitmix64(value ^ RandomSource.mix(seed, stream))
    }

    /// The cross-validation fold of the gesture among `folds`: `mixed(seed, 0xF01D) % folds`.
    public func fold(seed: UInt64, folds: Int) -> Int {
        Int(mixed(seed: seed, stream: GestureKey.foldStream) % UInt64(max(1, folds)))
    }

    static let foldStream: UInt64 = 0xF01D

    static func splitmix64(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

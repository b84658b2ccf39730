/// Counts by non-negative integer key below 2^31, for the cells a family's gestures fall in:
/// open addressing with linear probing in power-of-two tables (at most 3/4 full; 8 bytes a
/// slot: a 32-bit key and a 32-bit count, a count of 2^32 − 1 or more kept whole in `large`),
/// so adding one gesture is a multiply, a mask and usually one probe, with no allocation once
/// the table has grown to the cells in use. Iteration order is unspecified (callers sort keys).
/// A decoded file's counts come as a list (`init(listCapacity:)`, `append`) held at exactly
/// its size, 8 bytes a key, until the first `add` makes it a table: a partial being merged
/// costs its cells, not a table's slack.
struct CellCounts: Sendable {
    /// `keys[slot]`: the key held, or -1; in a list, the keys in increasing order.
    private var keys: [Int32]
    /// `values[slot]`: the key's count, or `UInt32.max` when it is in `large`.
    private var values: [UInt32]
    /// The counts that do not fit 32 bits, by key (none in any real study: a cell and fold
    /// holding four billion gestures).
    private var large: [Int32: Int] = [:]
    /// Occupied slots.
    private(set) var count = 0
    /// `keys` and `values` are a list, not a table.
    private var isList = false

    init() {
        keys = [Int32](repeating: -1, count: 16)
        values = [UInt32](repeating: 0, count: 16)
    }

    /// An empty list, filled by `append` in increasing key order.
    init(listCapacity: Int) {
        keys = []
        values = []
        keys.reserveCapacity(listCapacity)
        values.reserveCapacity(listCapacity)
        isList = true
    }

    /// Appends `key` (above every key in the list, below 2^31) with its count `n` (≥ 0) to a
    /// list.
    mutating func append(_ key: Int, _ n: Int) {
        precondition(
            isList && key >= 0 && key <= Int(Int32.max) && keys.last.map { Int($0) < key } ?? true,
            "a list's keys increase")
        keys.append(Int32(key))
        values.append(0)
        store(n, at: values.count - 1)
        count += 1
    }

    var isEmpty: Bool { count == 0 }

    /// Adds `n` (≥ 0) to the count of `key` (0 ≤ key < 2^31).
    mutating func add(_ key: Int, _ n: Int = 1) {
        precondition(key >= 0 && key <= Int(Int32.max), "cell keys are in 0..<2^31")
        if isList || 4 * (count + 1) > 3 * keys.count { grow() }
        let mask = keys.count - 1
        let key = Int32(key)
        var slot = Self.slot(key, mask: mask)
        while true {
            let k = keys[slot]
            if k == key {
                store(value(at: slot) + n, at: slot)
                return
            }
            if k < 0 {
                keys[slot] = key
                store(n, at: slot)
                count += 1
                return
            }
            slot = (slot + 1) & mask
        }
    }

    /// Calls `body(key, count)` for every key added.
    func forEach(_ body: (Int, Int) -> Void) {
        for slot in keys.indices where keys[slot] >= 0 { body(Int(keys[slot]), value(at: slot)) }
    }

    /// The count of the key at `slot`.
    @inline(__always)
    private func value(at slot: Int) -> Int {
        let v = values[slot]
        return v == UInt32.max ? large[keys[slot]] ?? 0 : Int(v)
    }

    /// Sets the count of the key at `slot` to `n`: in `values` when it fits, else in `large`.
    @inline(__always)
    private mutating func store(_ n: Int, at slot: Int) {
        if n < Int(UInt32.max) {
            values[slot] = UInt32(n)
        } else {
            large[keys[slot]] = n
            values[slot] = UInt32.max
        }
    }

    @inline(__always)
    private static func slot(_ key: Int32, mask: Int) -> Int {
        // Fibonacci hashing: the high bits of key × 2^64/φ.
        Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: key) &* 0x9E37_79B9_7F4A_7C15) >> 32)
            & mask
    }

    /// Twice the table; a list becomes the smallest table that takes one more key.
    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        var size = isList ? 16 : oldKeys.count * 2
        while isList && 3 * size < 4 * (count + 1) { size *= 2 }
        isList = false
        keys = [Int32](repeating: -1, count: size)
        values = [UInt32](repeating: 0, count: size)
        count = 0
        let mask = keys.count - 1
        for slot in oldKeys.indices where oldKeys[slot] >= 0 {
            // Keys are distinct: each goes to the first free slot, its count as it was.
            var s = Self.slot(oldKeys[slot], mask: mask)
            while keys[s] >= 0 { s = (s + 1) & mask }
            keys[s] = oldKeys[slot]
            values[s] = oldValues[slot]
            count += 1
        }
    }
}

extension CellCounts: Equatable {
    /// The same keys with the same counts, however they are laid out.
    static func == (a: CellCounts, b: CellCounts) -> Bool {
        guard a.count == b.count else { return false }
        func sorted(_ c: CellCounts) -> [(key: Int, count: Int)] {
            var out: [(key: Int, count: Int)] = []
            out.reserveCapacity(c.count)
            c.forEach { out.append(($0, $1)) }
            return out.sorted { $0.key < $1.key }
        }
        return sorted(a).elementsEqual(sorted(b)) { $0 == $1 }
    }
}

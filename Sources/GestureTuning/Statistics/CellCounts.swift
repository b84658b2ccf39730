/// Counts by non-negative integer key below 2^31, for the cells a family's gestures fall in:
/// open addressing with linear probing in power-of-two tables (at most 3/4 full; 12 bytes a
/// slot), so adding one
/// gesture is a multiply, a mask and usually one probe, with no allocation once the table
/// has grown to the cells in use. Iteration order is unspecified (callers sort keys).
struct CellCounts: Sendable {
    /// `keys[slot]`: the key held, or -1.
    private var keys: [Int32]
    private var values: [Int]
    /// Occupied slots.
    private(set) var count = 0

    init() {
        keys = [Int32](repeating: -1, count: 16)
        values = [Int](repeating: 0, count: 16)
    }

    var isEmpty: Bool { count == 0 }

    /// Adds `n` to the count of `key` (0 ≤ key < 2^31).
    mutating func add(_ key: Int, _ n: Int = 1) {
        precondition(key >= 0 && key <= Int(Int32.max), "cell keys are in 0..<2^31")
        if 4 * (count + 1) > 3 * keys.count { grow() }
        let mask = keys.count - 1
        let key = Int32(key)
        var slot = Self.slot(key, mask: mask)
        while true {
            let k = keys[slot]
            if k == key {
                values[slot] += n
                return
            }
            if k < 0 {
                keys[slot] = key
                values[slot] = n
                count += 1
                return
            }
            slot = (slot + 1) & mask
        }
    }

    /// Calls `body(key, count)` for every key added.
    func forEach(_ body: (Int, Int) -> Void) {
        for slot in keys.indices where keys[slot] >= 0 { body(Int(keys[slot]), values[slot]) }
    }

    @inline(__always)
    private static func slot(_ key: Int32, mask: Int) -> Int {
        // Fibonacci hashing: the high bits of key × 2^64/φ.
        Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: key) &* 0x9E37_79B9_7F4A_7C15) >> 32)
            & mask
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = [Int32](repeating: -1, count: oldKeys.count * 2)
        values = [Int](repeating: 0, count: oldKeys.count * 2)
        count = 0
        for slot in oldKeys.indices where oldKeys[slot] >= 0 {
            add(Int(oldKeys[slot]), oldValues[slot])
        }
    }
}

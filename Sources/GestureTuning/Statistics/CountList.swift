/// A long list of counts as statistics files hold it: one JSON string of decimal integers
/// separated by commas (`"0,3,12"`), not a JSON array. A decoder then reads one string
/// instead of a value per count: merging a shard's cells costs the digits, not a million
/// decoded values.
enum CountList {
    static func text(_ values: [Int]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(values.count * 3)
        var digits = [UInt8](repeating: 0, count: 20)
        for (i, v) in values.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            var n = v.magnitude
            if v < 0 { out.append(UInt8(ascii: "-")) }
            var k = 0
            repeat {
                digits[k] = UInt8(ascii: "0") + UInt8(n % 10)
                n /= 10
                k += 1
            } while n > 0
            while k > 0 {
                k -= 1
                out.append(digits[k])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The integers of `text`, each from 0 to `limit`; nil when anything else is there (a sign,
    /// an empty item, a value beyond `limit`).
    static func parse(_ text: String, limit: Int) -> [Int]? {
        var text = text
        return text.withUTF8 { bytes -> [Int]? in
            guard !bytes.isEmpty else { return [] }
            var out: [Int] = []
            out.reserveCapacity(bytes.count / 2)
            var value = 0
            var digits = 0
            for byte in bytes {
                if byte == UInt8(ascii: ",") {
                    guard digits > 0 else { return nil }
                    out.append(value)
                    (value, digits) = (0, 0)
                } else {
                    let d = Int(byte) &- 48
                    guard d >= 0, d <= 9, value <= (limit - d) / 10 else { return nil }
                    value = value * 10 + d
                    digits += 1
                }
            }
            guard digits > 0 else { return nil }
            out.append(value)
            return out
        }
    }

    /// The integers of `text`, each with an optional minus sign and within `Int`; nil when
    /// anything else is there (an empty item, a value out of range).
    static func parseSigned(_ text: String) -> [Int]? {
        var out: [Int] = []
        for item in text.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        {
            let negative = item.first == UInt8(ascii: "-")
            let digits = negative ? item.dropFirst() : item[...]
            guard !digits.isEmpty, digits.count <= 19 else { return nil }
            var magnitude: UInt64 = 0
            for byte in digits {
                let d = UInt64(byte) &- 48
                guard d <= 9 else { return nil }
                magnitude = magnitude * 10 + d
            }
            guard magnitude <= UInt64(Int.max) else { return nil }
            out.append(negative ? -Int(magnitude) : Int(magnitude))
        }
        return text.isEmpty ? [] : out
    }
}

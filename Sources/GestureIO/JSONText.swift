/// A JSON string literal (RFC 8259): `"` and `\` escaped, line feed, carriage return and tab
/// as `\n`, `\r`, `\t`, the other control characters as `\u00XX`; everything else as it is.
/// The one writer of JSON strings: params.json, report.json, the page's data.
package enum JSONText {
    /// `s` as a JSON string literal, quotes included.
    package static func quoted(_ s: String) -> String {
        var out = ""
        append(s, to: &out)
        return out
    }

    /// Appends `s` as a JSON string literal to `out`.
    package static func append(_ s: String, to out: inout String) {
        var bytes: [UInt8] = []
        append(s, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `s` as a JSON string literal to `out`, in UTF-8. Byte by byte: every byte of a
    /// multi-byte sequence is 0x80 or above, so only ASCII is ever escaped.
    package static func append(_ s: String, to out: inout [UInt8]) {
        out.append(0x22)
        // Native strings (literals, decoded text) are contiguous UTF-8: scanned and copied as
        // a buffer, not byte by byte through the view.
        let copied = s.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            for byte in bytes where byte < 0x20 || byte == 0x22 || byte == 0x5C { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if copied != true { escape(s.utf8, to: &out) }
        out.append(0x22)
    }

    private static func escape(_ utf8: String.UTF8View, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        for byte in utf8 {
            switch byte {
            case 0x22: out += [0x5C, 0x22]  // \"
            case 0x5C: out += [0x5C, 0x5C]  // \\
            case 0x0A: out += [0x5C, 0x6E]  // \n
            case 0x0D: out += [0x5C, 0x72]  // \r
            case 0x09: out += [0x5C, 0x74]  // \t
            case ..<0x20:
                out += [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
    }
}

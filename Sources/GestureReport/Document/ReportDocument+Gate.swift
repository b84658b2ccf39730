import Foundation

extension ReportDocument {
    /// `report.json`'s `gate`: the suggested start-of-gesture gate and, cross-validated, the
    /// meant swipes it refuses (misses) and the gestures labelled `other` it admits (false
    /// triggers). What `diff` compares of the gate; the file holds more (intervals, reference
    /// gates), which decoding passes over.
    public struct Gate: Sendable, Equatable {
        /// Whether any gesture was labelled `other` (without, false triggers are not measured).
        public var falseTriggersMeasured: Bool
        public var meant: Int
        public var others: Int
        /// Edge width in pt (nil: the whole extent), lock angle in degrees, slop in pt.
        public var edgeWidth: Double?
        public var lockAngle: Double?
        public var slop: Double?
        public var misses: Int
        public var falseTriggers: Int

        /// Misses over meant swipes, false triggers over `other` gestures, as the file gives them
        /// (nil when false triggers were not measured: no gesture labelled `other`).
        public var missRate: Double?
        public var falseTriggerRate: Double?
    }
}

extension ReportDocument.Gate: Decodable {
    private enum Key: String, CodingKey {
        case falseTriggersMeasured, meant, others, suggested, crossValidatedMisses,
            crossValidatedFalseTriggers, missRate, falseTriggerRate
    }
    private enum GateKey: String, CodingKey { case edgeWidth, lockAngle, slop }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        func problem(_ path: [any CodingKey], _ expected: String, _ found: String)
            -> ReportDocument.Problem
        {
            ReportDocument.Problem(
                message: "expected \(expected) at \(ReportDocument.path(path)), found \(found)")
        }
        func count(_ key: Key, atMost limit: Int) throws -> Int {
            let n = try c.decode(Int.self, forKey: key)
            guard n >= 0, n <= limit else {
                throw problem(c.codingPath + [key], "a count from 0 to \(limit)", "\(n)")
            }
            return n
        }
        let limit = 1 << 40
        falseTriggersMeasured = try c.decode(Bool.self, forKey: .falseTriggersMeasured)
        meant = try count(.meant, atMost: limit)
        others = try count(.others, atMost: limit)
        misses = try count(.crossValidatedMisses, atMost: meant)
        falseTriggers = try count(.crossValidatedFalseTriggers, atMost: others)
        for key in [Key.missRate, .falseTriggerRate] {
            guard let x = try c.decodeIfPresent(Double.self, forKey: key) else { continue }
            guard x.isFinite, (0...1).contains(x) else {
                throw problem(c.codingPath + [key], "a share from 0 to 1", "\(x)")
            }
            if key == .missRate { missRate = x } else { falseTriggerRate = x }
        }
        if (try? c.decodeNil(forKey: .suggested)) ?? true {
            edgeWidth = nil
            lockAngle = nil
            slop = nil
        } else {
            let g = try c.nestedContainer(keyedBy: GateKey.self, forKey: .suggested)
            func value(_ key: GateKey, _ range: ClosedRange<Double>) throws -> Double? {
                guard let x = try g.decodeIfPresent(Double.self, forKey: key) else { return nil }
                guard x.isFinite, range.contains(x) else {
                    throw problem(
                        g.codingPath + [key],
                        "a number from \(range.lowerBound) to \(range.upperBound)", "\(x)")
                }
                return x
            }
            edgeWidth = try value(.edgeWidth, 0...1e15)
            lockAngle = try value(.lockAngle, 0...180)
            slop = try value(.slop, 0...1e15)
        }
    }
}

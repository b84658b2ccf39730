import Foundation
import GestureTrace
import TestSupport

/// Builds gestures for tests: samples at times in milliseconds, the last one `ended`.
enum Fixtures {
    /// A gesture whose `began`/`moved` samples are `(t_ms, x, y)` and whose `ended` sample
    /// comes `liftAfter` ms after the last one at `lift` (default: the last position).
    static func gesture(
        _ points: [(Double, Double, Double)], liftAfter: Double = 8, lift: (Double, Double)? = nil,
        closing: Phase = .ended, width: Double? = nil, height: Double? = nil, id: String = "g"
    ) -> Gesture {
        var samples: [Sample] = []
        for (index, point) in points.enumerated() {
            samples.append(
                Sample(
                    t: point.0 / 1000, x: point.1, y: point.2, phase: index == 0 ? .began : .moved))
        }
        if let last = points.last {
            let position = lift ?? (last.1, last.2)
            samples.append(
                Sample(t: (last.0 + liftAfter) / 1000, x: position.0, y: position.1, phase: closing)
            )
        }
        return Gesture(id: id, samples: samples, width: width, height: height)
    }

    /// `count` samples every `step` ms along `x(t) = x0 + f(t)` (t in s), y constant.
    static func along(
        count: Int, step: Double = 8, x0: Double = 20, y: Double = 300, _ f: (Double) -> Double
    ) -> Gesture {
        gesture(
            (0..<count).map { i in
                let t = Double(i) * step
                return (t, x0 + f(t / 1000), y)
            })
    }
}

/// A test-only reader for the shared velocity files (`t_ms,x,y,phase`, phases
/// `down`/`move`/`up`, one gesture a file), so these tests do not depend on GestureTrace's
/// reader.
enum VelocityData {
    struct Expectation {
        var caseName: String
        var strategy: String
        var axis: String
        var value: Double?
        var note: String
        var file: String
    }

    static func gesture(_ url: URL) throws -> Gesture {
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.split(whereSeparator: \.isNewline).map(String.init)
        let header = lines.removeFirst().split(separator: ",").map(String.init)
        guard header == ["t_ms", "x", "y", "phase"] else { throw CocoaError(.fileReadCorruptFile) }
        let samples = lines.enumerated().map { index, line -> Sample in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(
                String.init)
            let phase: Phase =
                switch fields[3] {
                case "down": .began
                case "move": .moved
                default: .ended
                }
            return Sample(
                t: Double(fields[0])! / 1000, x: Double(fields[1])!, y: Double(fields[2])!,
                phase: phase, line: index + 2)
        }
        return Gesture(
            id: url.deletingPathExtension().lastPathComponent, samples: samples, file: url.path)
    }

    /// Splits one CSV line honouring double quotes (the notes contain commas).
    static func fields(_ line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
            } else if character == ",", !quoted {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }

    /// Rows of `expected.csv` keyed by header name.
    static func table(_ url: URL) throws -> [[String: String]] {
        let text = try String(contentsOf: url, encoding: .utf8)
        let lines = text.split(whereSeparator: \.isNewline).map(String.init)
        let header = fields(lines[0])
        return lines.dropFirst().map { line in
            Dictionary(uniqueKeysWithValues: zip(header, fields(line)))
        }
    }

    static func expectations(_ folder: URL) throws -> [Expectation] {
        try table(folder.appendingPathComponent("expected.csv")).map { row in
            Expectation(
                caseName: row["case"]!, strategy: row["strategy"]!, axis: row["axis"]!,
                value: Double(row["expected_velocity"] ?? ""), note: row["tolerance_note"] ?? "",
                file: row["data_file"]!)
        }
    }
}

import GesturePhysics
import GestureTrace

/// Typed access to parsed option values; a bad value is a `UsageError` naming the option.
struct OptionValues {
    let parsed: ParsedArguments

    init(_ parsed: ParsedArguments) { self.parsed = parsed }

    var command: String { parsed.command }

    func error(_ message: String) -> UsageError { UsageError(message, command: command) }

    func string(_ name: String) -> String? { parsed.value(name) }

    func flag(_ name: String) -> Bool { parsed.has(name) }

    func double(_ name: String, min: Double? = nil, max: Double? = nil, positive: Bool = false)
        throws(UsageError) -> Double?
    {
        guard let text = parsed.value(name) else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw error("invalid value '\(text)' for '--\(name)': expected a number")
        }
        if positive, value <= 0 {
            throw error("invalid value '\(text)' for '--\(name)': must be greater than 0")
        }
        if let min, value < min {
            throw error("invalid value '\(text)' for '--\(name)': must be at least \(format(min))")
        }
        if let max, value > max {
            throw error("invalid value '\(text)' for '--\(name)': must be at most \(format(max))")
        }
        return value
    }

    /// Seconds, given as `0.1`, `0.1s` or `100ms`.
    func seconds(_ name: String, allowZero: Bool = false, max: Double? = nil) throws(UsageError)
        -> Double?
    {
        guard let text = parsed.value(name) else { return nil }
        var number = Substring(text)
        var scale = 1.0
        if number.hasSuffix("ms") {
            number = number.dropLast(2)
            scale = 1e-3
        } else if number.hasSuffix("s") {
            number = number.dropLast()
        }
        guard let value = Double(number), value.isFinite, value > 0 || (allowZero && value == 0)
        else {
            let bound = allowZero ? "of 0 or more" : "greater than 0"
            throw error(
                "invalid value '\(text)' for '--\(name)': expected a duration \(bound), e.g. 0.1 or 100ms"
            )
        }
        if let max, value * scale > max {
            throw error("invalid value '\(text)' for '--\(name)': must be at most \(format(max)) s")
        }
        return value * scale
    }

    func int(_ name: String, min: Int = Int.min, max: Int = Int.max) throws(UsageError) -> Int? {
        guard let text = parsed.value(name) else { return nil }
        guard let value = Int(text) else {
            throw error("invalid value '\(text)' for '--\(name)': expected a whole number")
        }
        if value < min {
            throw error("invalid value '\(text)' for '--\(name)': must be at least \(min)")
        }
        if value > max {
            throw error("invalid value '\(text)' for '--\(name)': must be at most \(max)")
        }
        return value
    }

    func uint64(_ name: String) throws(UsageError) -> UInt64? {
        guard let text = parsed.value(name) else { return nil }
        guard let value = UInt64(text) else {
            throw error(
                "invalid value '\(text)' for '--\(name)': expected a whole number from 0 to \(UInt64.max)"
            )
        }
        return value
    }

    /// One of `choices`, with a "did you mean" when near one.
    func choice(_ name: String, _ choices: [String]) throws(UsageError) -> String? {
        guard let text = parsed.value(name) else { return nil }
        if choices.contains(text) { return text }
        var message =
            "invalid value '\(text)' for '--\(name)': expected one of \(choices.joined(separator: ", "))"
        if let s = Suggestion.nearest(to: text, in: choices) { message += "; did you mean '\(s)'?" }
        throw error(message)
    }

    func enumValue<E: RawRepresentable & CaseIterable>(_ name: String, _ type: E.Type)
        throws(UsageError) -> E? where E.RawValue == String
    {
        guard let text = try choice(name, E.allCases.map(\.rawValue)) else { return nil }
        return E(rawValue: text)
    }

    private func format(_ x: Double) -> String {
        x == x.rounded() ? String(Int(x)) : String(x)
    }
}

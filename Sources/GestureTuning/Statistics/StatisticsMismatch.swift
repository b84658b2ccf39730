/// Two statistics that cannot be merged: they were made under different settings. `setting`
/// names the first one that differs (`seed`, `currentRule`, `ambiguityBand`, …), `left` and
/// `right` its two values as text.
public struct StatisticsMismatch: Error, Sendable, Equatable, CustomStringConvertible {
    public var setting: String
    public var left: String
    public var right: String

    public init(setting: String, left: String, right: String) {
        self.setting = setting
        self.left = left
        self.right = right
    }

    public var description: String { "statistics differ in \(setting): \(left) vs \(right)" }
}

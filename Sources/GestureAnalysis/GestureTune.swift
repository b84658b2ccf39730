/// The tool's name and version, as every file it writes records them (report.json's
/// `generator`, partials' and batch summaries' `tool`).
public enum GestureTune {
    public static let version = "0.1.0"
    /// `gesturetune 0.1.0`.
    public static var generator: String { "gesturetune \(version)" }
}

import GesturePhysics

/// The gates the suggestion is compared with (docs/gate.md, "Reference gates", cites the
/// values): the current one, full-screen swipe, and platforms' default edge gestures. Every
/// one reads its direction after the run's slop.
public enum ReferenceGates {
    /// Flutter's `CupertinoPageRoute` back swipe: starts within `_kBackGestureWidth` = 20 pt
    /// of the leading edge; any direction with a component along the axis.
    public static let flutterCupertino = Gate(edgeWidth: 20)
    /// Android gesture navigation's back swipe: the gestural navigation overlay's
    /// `config_backGestureInset`, 30 dp (1 dp = 1 pt here).
    public static let androidGestureNavigation = Gate(edgeWidth: 30)

    /// `current` (the current parameters' gate), `full-screen` (no edge width, the current
    /// lock), `flutter-cupertino`, `android-back`.
    public static func all(current: Gate, slop: Double) -> [ReferenceGate] {
        func at(_ gate: Gate) -> Gate {
            var g = gate
            g.slop = slop
            return g
        }
        return [
            ReferenceGate(name: "current", gate: at(current)),
            ReferenceGate(name: "full-screen", gate: at(Gate(lockAngle: current.lockAngle))),
            ReferenceGate(name: "flutter-cupertino", gate: at(flutterCupertino)),
            ReferenceGate(name: "android-back", gate: at(androidGestureNavigation)),
        ]
    }
}

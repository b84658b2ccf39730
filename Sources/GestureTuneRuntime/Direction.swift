/// The transition's direction, the velocity estimators and their window: the vocabulary every
/// decision is stated in (physics.md, "Axis, extent, progress", "Velocity estimators").
/// The axis and sense of the transition (physics.md, "Axis, extent, progress").
public enum Direction: String, Sendable, CaseIterable, Codable {
    /// Swipe-back from the left edge (default).
    case right
    /// Right-to-left layouts.
    case left
    /// Drag-to-dismiss.
    case down
    case up
}

/// Release-velocity estimators (physics.md, "Velocity estimators").
public enum Estimator: String, Sendable, CaseIterable, Codable, CodingKeyRepresentable {
    case lsq2, lsq1, impulse, delta, platform

    /// Position in `allCases`.
    public var ordinal: Int {
        switch self {
        case .lsq2: 0
        case .lsq1: 1
        case .impulse: 2
        case .delta: 3
        case .platform: 4
        }
    }

    /// Hashes the case, not its name: a raw-valued enum otherwise hashes its `rawValue`
    /// string, and every measurement's `estimates` is keyed by estimator.
    public func hash(into hasher: inout Hasher) { hasher.combine(UInt8(ordinal)) }
}

/// The sample window shared by every estimator. Defaults are Android's and Flutter's constants.
public struct VelocityWindow: Sendable, Equatable {
    /// `H`: oldest sample age kept, s (default 0.100).
    public var horizon: Double
    /// `N`: most samples kept (default 20).
    public var maxSamples: Int
    /// `G`: largest gap between kept samples, and the rest rule before lift-off, s (default 0.040).
    public var maxGap: Double

    public init(
        horizon: Double = GestureTuneDefaults.horizon,
        maxSamples: Int = GestureTuneDefaults.maxSamples,
        maxGap: Double = GestureTuneDefaults.maxGap
    ) {
        self.horizon = horizon
        self.maxSamples = maxSamples
        self.maxGap = maxGap
    }
}

extension Direction {
    /// True for `right`/`left` (the x axis, extent from `width`); false for `down`/`up`.
    public var isHorizontal: Bool { self == .right || self == .left }

    /// +1 when the transition moves toward growing coordinates (`right`, `down`), else -1.
    public var sense: Double { self == .right || self == .down ? 1 : -1 }

    /// The component along the axis, positive in the direction of the transition:
    /// `x` for `right`, `-x` for `left`, `y` for `down`, `-y` for `up`. Applies to
    /// displacements and velocities alike (pt or pt/s).
    public func along(x: Double, y: Double) -> Double {
        sense * (isHorizontal ? x : y)
    }

    /// The component across the axis (unsigned use only: the entry angle and the gate).
    public func across(x: Double, y: Double) -> Double {
        isHorizontal ? y : x
    }

    /// Position of `(x, y)` along the axis measured from the leading edge of a container of
    /// `extent` pt, the edge the transition starts from: `x` for `right`, `E - x` for `left`,
    /// `y` for `down`, `E - y` for `up` (pt).
    public func distanceFromLeadingEdge(x: Double, y: Double, extent: Double) -> Double {
        switch self {
        case .right: x
        case .left: extent - x
        case .down: y
        case .up: extent - y
        }
    }

    /// The extent along the axis of a container `width` × `height` pt (or px).
    public func extent(width: Double, height: Double) -> Double { isHorizontal ? width : height }

    /// A displacement of `distance` along the transition's direction as `(x, y)`: what moves a
    /// view by the transition's progress times its extent.
    public func offset(_ distance: Double) -> (x: Double, y: Double) {
        isHorizontal ? (sense * distance, 0) : (0, sense * distance)
    }
}

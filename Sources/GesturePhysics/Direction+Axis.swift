import GestureTrace

extension PhysicsOptions {
    /// `reader` as these options need it read: the `platform` estimator requires the `vx`, `vy`
    /// columns (a file without them is an error at its header, not a fallback to `lsq2`).
    public func reading(_ reader: ReaderOptions) -> ReaderOptions {
        var r = reader
        r.requirePlatformVelocity = estimator == .platform
        return r
    }

    /// The extent `E` (pt) for `gesture` and where it came from: the `width` (horizontal
    /// directions) or `height` column when present, positive and finite; else `extent`
    /// (the option) when positive and finite; else `PhysicsOptions.defaultExtent` (390 pt),
    /// which reports flag with a warning.
    public func extent(for gesture: Gesture) -> (extent: Double, source: ExtentSource) {
        if let column = direction.isHorizontal ? gesture.width : gesture.height, column.isFinite,
            column > 0
        {
            return (column, .column)
        }
        if let extent, extent.isFinite, extent > 0 {
            return (extent, .option)
        }
        return (Self.defaultExtent, .defaultValue)
    }

    /// Checks every option: extent (when set) positive and finite; horizon and maximum gap
    /// positive and finite (s); slop finite, 0 or more (pt); maximum samples at least 1. Throws
    /// `PhysicsError.invalidParameter` naming the setting at fault (its params.json key).
    /// `PhysicsEngine` never traps on invalid options either: it ignores a bad extent and
    /// clamps the window, but callers should validate first and report the error.
    public func validate() throws(PhysicsError) {
        if let extent, !(extent.isFinite && extent > 0) {
            throw .invalidParameter(
                name: "extent", value: extent, expected: "a positive number of points")
        }
        if !(window.horizon.isFinite && window.horizon > 0) {
            throw .invalidParameter(
                name: "horizon", value: window.horizon, expected: "a positive number of seconds")
        }
        if !(window.maxGap.isFinite && window.maxGap > 0) {
            throw .invalidParameter(
                name: "maxGap", value: window.maxGap, expected: "a positive number of seconds")
        }
        if !(slop.isFinite && slop >= 0) {
            throw .invalidParameter(
                name: "slop", value: slop, expected: "a number of points, 0 or more")
        }
        if window.maxSamples < 1 {
            throw .invalidParameter(
                name: "maxSamples", value: Double(window.maxSamples), expected: "at least 1")
        }
    }

    /// `self` after `validate()`.
    public func validated() throws(PhysicsError) -> PhysicsOptions {
        try validate()
        return self
    }
}

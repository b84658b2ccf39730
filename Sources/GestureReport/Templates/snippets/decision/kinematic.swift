/// The kinematic rule gesturetune suggests (an approximation of the iOS system pop): true finishes
/// the transition, false cancels it. The last three samples' mean velocity and acceleration carry
/// the release forward for a fixed time; it finishes when it lands past the distance threshold.
/// extent: the container's size along the axis, pt.
func gestureTuneShouldComplete(progress: CGFloat, velocity: CGFloat, recent: RecentProgress, extent: CGFloat) -> Bool {
    let distanceThreshold: CGFloat = {{distanceThreshold}}  // pt
    let duration: CGFloat = {{kinematicDuration}}  // s
    guard recent.count >= 3 else { return recent.meanVelocity > 0 }
    let target = min(distanceThreshold / max(extent, 1), 0.5)
    let landing = progress + recent.meanVelocity * duration + recent.meanAcceleration * duration * duration / 2
    return landing >= target
}

/** The kinematic rule gesturetune suggests (an approximation of the iOS system pop): true finishes
 *  the transition, false cancels it. The last three samples' mean velocity and acceleration carry
 *  the release forward for a fixed time; it finishes when it lands past the distance threshold.
 *  extent: the container's size along the axis, dp. */
fun gestureTuneShouldComplete(progress: Double, velocity: Double, recent: RecentProgress, extent: Double): Boolean {
    val distanceThreshold = {{distanceThreshold}}  // dp
    val duration = {{kinematicDuration}}  // s
    if (recent.count < 3) return recent.meanVelocity > 0
    val target = Math.min(distanceThreshold / Math.max(extent, 1.0), 0.5)
    val landing = progress + recent.meanVelocity * duration + recent.meanAcceleration * duration * duration / 2
    return landing >= target
}

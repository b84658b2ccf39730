/** The kinematic rule gesturetune suggests (an approximation of the iOS system pop): true finishes
 *  the transition, false cancels it. The last three samples' mean velocity and acceleration carry
 *  the release forward for a fixed time; it finishes when it lands past the distance threshold.
 *  extent: the container's size along the axis, px. */
function gestureTuneShouldComplete(progress, velocity, recent, extent) {
  const distanceThreshold = {{distanceThreshold}}; // px
  const duration = {{kinematicDuration}}; // s
  if (recent.count < 3) return recent.meanVelocity > 0;
  const target = Math.min(distanceThreshold / Math.max(extent, 1), 0.5);
  const landing = progress + recent.meanVelocity * duration + recent.meanAcceleration * duration * duration / 2;
  return landing >= target;
}

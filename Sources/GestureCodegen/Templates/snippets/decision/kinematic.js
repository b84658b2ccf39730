/** The kinematic rule (an approximation of the iOS system pop): the last three samples' mean velocity and acceleration carry the release forward for a fixed time; it finishes when it lands past the distance threshold (pt, over the extent, at most half). True finishes the transition, false cancels it. progress: p_r in [0, 1]; velocity: v_p in progress/s; the kinematic inputs and the extent (pt) as GestureTuneCore measures them. */
function gestureTuneRuleCompletes(progress, velocity, kinematicVelocity, kinematicAcceleration, kinematicCount, extent) {
  const dth = GestureTuneParameters.distanceThreshold;
  const d = GestureTuneParameters.kinematicDuration;
  if (kinematicCount < 3) return kinematicVelocity > 0;
  const target = Math.min(dth / extent, 0.5);
  return progress + kinematicVelocity * d + kinematicAcceleration * d * d / 2 >= target;
}

/** The threshold rule: a throw at least as fast as the velocity threshold decides by its sign; a slower release, by progress. True finishes the transition, false cancels it. progress: p_r in [0, 1]; velocity: v_p in progress/s; the kinematic inputs and the extent (pt) as GestureTuneCore measures them. */
function gestureTuneRuleCompletes(progress, velocity, kinematicVelocity, kinematicAcceleration, kinematicCount, extent) {
  const pth = GestureTuneParameters.progressThreshold;
  const vth = GestureTuneParameters.velocityThreshold;
  return velocity >= vth || (Math.abs(velocity) < vth && progress >= pth);
}

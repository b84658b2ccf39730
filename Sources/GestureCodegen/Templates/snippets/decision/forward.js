/** The forward rule: any backward motion at release cancels; otherwise a fast throw or enough progress finishes. True finishes the transition, false cancels it. progress: p_r in [0, 1]; velocity: v_p in progress/s; the kinematic inputs and the extent (pt) as GestureTuneCore measures them. */
function gestureTuneRuleCompletes(progress, velocity, kinematicVelocity, kinematicAcceleration, kinematicCount, extent) {
  const pth = GestureTuneParameters.progressThreshold;
  const vth = GestureTuneParameters.velocityThreshold;
  return velocity >= 0 && (velocity > vth || progress > pth);
}

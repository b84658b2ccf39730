/** The logistic boundary gesturetune fitted: b0 + b1 p_r + b2 v_p >= 0. True finishes the transition, false cancels it. progress: p_r in [0, 1]; velocity: v_p in progress/s; the kinematic inputs and the extent (pt) as GestureTuneCore measures them. */
function gestureTuneRuleCompletes(progress, velocity, kinematicVelocity, kinematicAcceleration, kinematicCount, extent) {
  const b0 = GestureTuneParameters.intercept;
  const b1 = GestureTuneParameters.progressCoefficient;
  const b2 = GestureTuneParameters.velocityCoefficient;
  return b0 + b1 * progress + b2 * velocity >= 0;
}

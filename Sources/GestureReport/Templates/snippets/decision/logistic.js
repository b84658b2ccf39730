/** The logistic boundary gesturetune fitted: true finishes the transition, false cancels it.
 *  progress: release progress p_r in [0, 1]; velocity: v_p in progress/s (px/s ÷ extent). */
function gestureTuneShouldComplete(progress, velocity, recent, extent) {
  const intercept = {{intercept}};
  const progressCoefficient = {{progressCoefficient}};
  const velocityCoefficient = {{velocityCoefficient}}; // per progress/s
  return intercept + progressCoefficient * progress + velocityCoefficient * velocity >= 0;
}

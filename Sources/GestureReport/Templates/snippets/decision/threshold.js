/** The threshold rule gesturetune suggests: true finishes the transition, false cancels it. A throw
 *  at least as fast as the velocity threshold decides by its sign; a slower release, by progress.
 *  progress: release progress p_r in [0, 1]; velocity: v_p in progress/s (px/s ÷ extent). */
function gestureTuneShouldComplete(progress, velocity, recent, extent) {
  const progressThreshold = {{progressThreshold}};
  const velocityThreshold = {{velocityThreshold}}; // progress/s
  return velocity >= velocityThreshold || (Math.abs(velocity) < velocityThreshold && progress >= progressThreshold);
}

/** The forward rule gesturetune suggests: true finishes the transition, false cancels it. Any
 *  backward motion at release cancels; otherwise a fast throw or enough progress finishes.
 *  progress: release progress p_r in [0, 1]; velocity: v_p in progress/s (px/s ÷ extent). */
function gestureTuneShouldComplete(progress, velocity, recent, extent) {
  const progressThreshold = {{progressThreshold}};
  const velocityThreshold = {{velocityThreshold}}; // progress/s
  return velocity >= 0 && (velocity > velocityThreshold || progress > progressThreshold);
}

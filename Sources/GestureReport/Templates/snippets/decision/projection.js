/** The projection rule gesturetune suggests: true finishes the transition, false cancels it. The
 *  release is projected tau seconds ahead at its velocity and compared with the threshold.
 *  progress: release progress p_r in [0, 1]; velocity: v_p in progress/s (px/s ÷ extent). */
function gestureTuneShouldComplete(progress, velocity, recent, extent) {
  const progressThreshold = {{progressThreshold}};
  const tau = {{tau}}; // s
  return progress + tau * velocity >= progressThreshold;
}

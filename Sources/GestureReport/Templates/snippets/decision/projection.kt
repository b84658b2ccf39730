/** The projection rule gesturetune suggests: true finishes the transition, false cancels it. The
 *  release is projected tau seconds ahead at its velocity and compared with the threshold.
 *  progress: release progress p_r in [0, 1]; velocity: v_p in progress/s (dp/s ÷ extent). */
fun gestureTuneShouldComplete(progress: Double, velocity: Double, recent: RecentProgress, extent: Double): Boolean {
    val progressThreshold = {{progressThreshold}}
    val tau = {{tau}}  // s
    return progress + tau * velocity >= progressThreshold
}

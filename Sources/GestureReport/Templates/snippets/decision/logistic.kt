/** The logistic boundary gesturetune fitted: true finishes the transition, false cancels it.
 *  progress: release progress p_r in [0, 1]; velocity: v_p in progress/s (dp/s ÷ extent). */
fun gestureTuneShouldComplete(progress: Double, velocity: Double, recent: RecentProgress, extent: Double): Boolean {
    val intercept = {{intercept}}
    val progressCoefficient = {{progressCoefficient}}
    val velocityCoefficient = {{velocityCoefficient}}  // per progress/s
    return intercept + progressCoefficient * progress + velocityCoefficient * velocity >= 0
}

/** The projection rule: the release projected tau seconds ahead at its velocity, against the threshold. True finishes the transition, false cancels it. progress: p_r in [0, 1]; velocity: v_p in progress/s; the kinematic inputs and the extent (pt) as GestureTuneCore measures them. */
@Suppress("UNUSED_PARAMETER")
fun gestureTuneRuleCompletes(
    progress: Double, velocity: Double, kinematicVelocity: Double, kinematicAcceleration: Double,
    kinematicCount: Int, extent: Double
): Boolean {
    val pth = GestureTuneParameters.progressThreshold
    val tau = GestureTuneParameters.tau
    return progress + tau * velocity >= pth
}

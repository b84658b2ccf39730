/** The threshold rule: a throw at least as fast as the velocity threshold decides by its sign; a slower release, by progress. True finishes the transition, false cancels it. progress: p_r in [0, 1]; velocity: v_p in progress/s; the kinematic inputs and the extent (pt) as GestureTuneCore measures them. */
@Suppress("UNUSED_PARAMETER")
fun gestureTuneRuleCompletes(
    progress: Double, velocity: Double, kinematicVelocity: Double, kinematicAcceleration: Double,
    kinematicCount: Int, extent: Double
): Boolean {
    val pth = GestureTuneParameters.progressThreshold
    val vth = GestureTuneParameters.velocityThreshold
    return velocity >= vth || (Math.abs(velocity) < vth && progress >= pth)
}

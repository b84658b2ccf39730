/// The threshold rule gesturetune suggests: true finishes the transition, false cancels it. A throw
/// at least as fast as the velocity threshold decides by its sign; a slower release, by progress.
/// progress: release progress p_r in [0, 1]; velocity: v_p in progress/s (pt/s ÷ extent).
func gestureTuneShouldComplete(progress: CGFloat, velocity: CGFloat, recent: RecentProgress, extent: CGFloat) -> Bool {
    let progressThreshold: CGFloat = {{progressThreshold}}
    let velocityThreshold: CGFloat = {{velocityThreshold}}  // progress/s
    return velocity >= velocityThreshold || (abs(velocity) < velocityThreshold && progress >= progressThreshold)
}

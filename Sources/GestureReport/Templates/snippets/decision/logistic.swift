/// The logistic boundary gesturetune fitted: true finishes the transition, false cancels it.
/// progress: release progress p_r in [0, 1]; velocity: v_p in progress/s (pt/s ÷ extent).
func gestureTuneShouldComplete(progress: CGFloat, velocity: CGFloat, recent: RecentProgress, extent: CGFloat) -> Bool {
    let intercept: CGFloat = {{intercept}}
    let progressCoefficient: CGFloat = {{progressCoefficient}}
    let velocityCoefficient: CGFloat = {{velocityCoefficient}}  // per progress/s
    return intercept + progressCoefficient * progress + velocityCoefficient * velocity >= 0
}

{{header}}
import UIKit

{{decision}}

{{recentProgress}}

/// Drives an interactive pop from a pan that starts within the suggested edge width of the
/// leading edge and moves {{directionWord}} within the suggested direction lock; on release it
/// decides with the suggested rule and finishes or cancels at the finger's speed, capped.
///
/// With `interactivePopGestureRecognizer`: the system's own edge swipe pops too, with its own
/// rule. `init` turns it off so that only this rule decides. To keep the system swipe instead (it
/// brings the system's look and its accessibility), delete that line and let this pan start only
/// when the system one fails: `pan.require(toFail: systemPop)`.
///
/// Return this object from `navigationController(_:interactionControllerFor:)` while
/// `isInteracting`, with a pop animator whose `transitionDuration` is `transitionDuration` and whose
/// animation is linear (the progress is the finger's distance over the width).
@MainActor
final class TunedPopInteraction: UIPercentDrivenInteractiveTransition, UIGestureRecognizerDelegate {
    /// Suggested edge width, pt from the leading edge (95th percentile of intended starts + 4 pt).
    static let edgeWidth: CGFloat = {{edgeWidth}}
    /// Suggested direction lock, degrees from the axis (keeps 95% of intended swipes).
    static let directionLockAngle: CGFloat = {{directionLockAngle}}
    /// Duration of the pop animation, s.
    static let transitionDuration: TimeInterval = {{transitionDuration}}
    /// Suggested finger-speed cap, s: a release settles in remaining / |v_p|, at most this long.
    static let fingerSpeedCap: CGFloat = {{fingerSpeedCap}}
    static let horizontal = {{horizontal}}
    static let sign: CGFloat = {{sign}}

    private(set) var isInteracting = false
    private weak var navigationController: UINavigationController?
    private var recent = RecentProgress()

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
        super.init()
        navigationController.interactivePopGestureRecognizer?.isEnabled = false
        let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
        pan.delegate = self
        navigationController.view.addGestureRecognizer(pan)
    }

    /// A vector as (along the transition's direction, across it).
    static func components(_ v: CGPoint) -> (along: CGFloat, across: CGFloat) {
        horizontal ? (sign * v.x, v.y) : (sign * v.y, v.x)
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let pan = gestureRecognizer as? UIPanGestureRecognizer, let view = pan.view,
            let navigationController, navigationController.viewControllers.count > 1
        else { return false }
        let extent = Self.horizontal ? view.bounds.width : view.bounds.height
        let start = Self.components(pan.location(in: view)).along - Self.components(pan.translation(in: view)).along
        let fromLeadingEdge = Self.sign > 0 ? start : extent + start
        let motion = Self.components(pan.translation(in: view))
        // Direction lock: only a forward motion within the lock angle of the axis starts the pop.
        return fromLeadingEdge <= Self.edgeWidth && motion.along > 0
            && atan2(abs(motion.across), motion.along) <= Self.directionLockAngle * .pi / 180
    }

    @objc func handlePan(_ pan: UIPanGestureRecognizer) {
        guard let view = pan.view else { return }
        let extent = max(Self.horizontal ? view.bounds.width : view.bounds.height, 1)
        let progress = min(max(Self.components(pan.translation(in: view)).along / extent, 0), 1)
        switch pan.state {
        case .began:
            isInteracting = true
            recent.reset()
            navigationController?.popViewController(animated: true)
        case .changed:
            recent.add(time: CACurrentMediaTime(), progress: progress)
            update(progress)
        case .ended:
            isInteracting = false
            let velocity = Self.components(pan.velocity(in: view)).along / extent
            let complete = gestureTuneShouldComplete(progress: progress, velocity: velocity, recent: recent, extent: extent)
            completionSpeed = Self.completionSpeed(progress: progress, velocity: velocity, complete: complete)
            if complete { finish() } else { cancel() }
        case .cancelled, .failed:
            isInteracting = false
            cancel()
        default:
            break
        }
    }

    /// The `completionSpeed` at which the rest of the transition takes min(cap, remaining / |v_p|)
    /// (remaining = 1 − p_r completing, p_r cancelling): the animation leaves at the finger's speed
    /// and never drags on longer than the cap.
    static func completionSpeed(progress: CGFloat, velocity: CGFloat, complete: Bool) -> CGFloat {
        let remaining = complete ? 1 - progress : progress
        let fingerTime = remaining / abs(velocity)
        let time = fingerTime.isFinite ? min(fingerSpeedCap, fingerTime) : fingerSpeedCap
        guard remaining > 0, time > 0 else { return 1 }
        return remaining * CGFloat(transitionDuration) / time
    }
}

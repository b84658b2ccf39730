{{header}}
import UIKit

{{decision}}

{{recentProgress}}

/// Interactive dismiss of a presented view controller, in the shape of the photo browsers' modal
/// animators: a drag {{directionWord}} that starts anywhere in its view (within the suggested
/// direction lock) calls `dismiss(animated:)`; this object, the controller's
/// `transitioningDelegate`, returns a linear slide-out animator and itself as the
/// `interactionControllerForDismissal(using:)`, and on release decides with the suggested rule
/// and finishes or cancels at the finger's speed, capped.
///
/// Keep a strong reference (`transitioningDelegate` is weak), e.g. in the presented controller:
/// `lazy var dismissInteraction = TunedDismissInteraction(presented: self)` touched in viewDidLoad.
/// Inside a scroll view, start the drag only when the content is scrolled to its edge.
@MainActor
final class TunedDismissInteraction: UIPercentDrivenInteractiveTransition, UIGestureRecognizerDelegate,
    UIViewControllerTransitioningDelegate
{
    /// Suggested direction lock, degrees from the axis (keeps 95% of intended swipes).
    static let directionLockAngle: CGFloat = {{directionLockAngle}}
    /// Duration of the slide-out, s.
    static let transitionDuration: TimeInterval = {{transitionDuration}}
    /// Suggested finger-speed cap, s: a release settles in remaining / |v_p|, at most this long.
    static let fingerSpeedCap: CGFloat = {{fingerSpeedCap}}
    static let horizontal = {{horizontal}}
    static let sign: CGFloat = {{sign}}

    private(set) var isInteracting = false
    private weak var presented: UIViewController?
    private var recent = RecentProgress()

    init(presented: UIViewController) {
        self.presented = presented
        super.init()
        presented.transitioningDelegate = self
        let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
        pan.delegate = self
        presented.view.addGestureRecognizer(pan)
    }

    /// A vector as (along the transition's direction, across it).
    static func components(_ v: CGPoint) -> (along: CGFloat, across: CGFloat) {
        horizontal ? (sign * v.x, v.y) : (sign * v.y, v.x)
    }

    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        TunedDismissAnimator()
    }

    func interactionControllerForDismissal(
        using animator: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? {
        isInteracting ? self : nil
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let pan = gestureRecognizer as? UIPanGestureRecognizer, let view = pan.view else { return false }
        let motion = Self.components(pan.translation(in: view))
        // Direction lock: only a motion within the lock angle of the dismiss direction starts it.
        return motion.along > 0 && atan2(abs(motion.across), motion.along) <= Self.directionLockAngle * .pi / 180
    }

    @objc func handlePan(_ pan: UIPanGestureRecognizer) {
        guard let view = pan.view else { return }
        let extent = max(Self.horizontal ? view.bounds.width : view.bounds.height, 1)
        let progress = min(max(Self.components(pan.translation(in: view)).along / extent, 0), 1)
        switch pan.state {
        case .began:
            isInteracting = true
            recent.reset()
            presented?.dismiss(animated: true)
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
    /// (remaining = 1 − p_r completing, p_r cancelling).
    static func completionSpeed(progress: CGFloat, velocity: CGFloat, complete: Bool) -> CGFloat {
        let remaining = complete ? 1 - progress : progress
        let fingerTime = remaining / abs(velocity)
        let time = fingerTime.isFinite ? min(fingerSpeedCap, fingerTime) : fingerSpeedCap
        guard remaining > 0, time > 0 else { return 1 }
        return remaining * CGFloat(transitionDuration) / time
    }
}

/// Slides the presented view out along the dismiss direction, linearly, so that the interaction's
/// progress is the finger's distance over the view's size.
@MainActor
final class TunedDismissAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        TunedDismissInteraction.transitionDuration
    }

    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        guard let from = transitionContext.view(forKey: .from) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        let bounds = transitionContext.containerView.bounds
        let sign = TunedDismissInteraction.sign
        let offset = TunedDismissInteraction.horizontal
            ? CGAffineTransform(translationX: sign * bounds.width, y: 0)
            : CGAffineTransform(translationX: 0, y: sign * bounds.height)
        UIView.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, options: .curveLinear,
            animations: { from.transform = offset },
            completion: { _ in
                let cancelled = transitionContext.transitionWasCancelled
                if cancelled { from.transform = .identity }
                transitionContext.completeTransition(!cancelled)
            })
    }
}

// swift-format-ignore-file
{{header}}
//
// Paste: 1. Add this file to your app target. 2. In the presented view controller, keep
// `lazy var dismissInteraction = TunedDismissInteraction(presented: self)` and touch it in
// viewDidLoad (`_ = dismissInteraction`): it becomes the controller's `transitioningDelegate`
// (a weak property, hence the stored reference) and adds its pan to the controller's view.
// 3. Present the controller as usual; a drag the gate admits dismisses it, following the finger.
import UIKit

{{core}}

/// Interactive dismiss of a presented view controller, in the shape of the photo browsers' modal
/// animators: a drag {{directionWord}} that the gate admits (anywhere in the view unless an edge
/// width is set; heading within the lock angle once past the slop) calls `dismiss(animated:)`;
/// this object, the controller's `transitioningDelegate`, returns a linear slide-out animator and
/// itself as the `interactionControllerForDismissal(using:)`, and on release GestureTuneCore
/// decides and sets the finger-speed `completionSpeed`. Touches are measured in the presented
/// view's superview (the presentation's container, which does not move with the finger).
///
/// Inside a scroll view, start the drag only when the content is scrolled to its edge.
@MainActor
final class TunedDismissInteraction: UIPercentDrivenInteractiveTransition, UIGestureRecognizerDelegate,
    UIViewControllerTransitioningDelegate
{
    private(set) var isInteracting = false
    private weak var presented: UIViewController?
    private var pan: UIPanGestureRecognizer?
    private var core: GestureTuneCore?

    init(presented: UIViewController) {
        self.presented = presented
        super.init()
        presented.transitioningDelegate = self
        let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
        pan.delegate = self
        presented.view.addGestureRecognizer(pan)
        self.pan = pan
    }

    private var container: UIView? { presented?.view.superview ?? presented?.view.window }

    private func point(_ p: CGPoint) -> (x: Double, y: Double) { (Double(p.x), Double(p.y)) }

    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        TunedDismissAnimator()
    }

    func interactionControllerForDismissal(
        using animator: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? {
        isInteracting ? self : nil
    }

    // The touch-down sample, with its own time and place.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        guard gestureRecognizer === pan, let container else { return true }
        let extent = GestureTuneCore.horizontal ? container.bounds.width : container.bounds.height
        var core = GestureTuneCore(extent: Double(extent))
        let p = point(touch.location(in: container))
        core.add(t: touch.timestamp, x: p.x, y: p.y)
        self.core = core
        return true
    }

    // The gate: the pan has moved past UIKit's slop; the core decides whether the dismiss starts.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let pan, gestureRecognizer === pan, let container, var core else { return false }
        let p = point(pan.location(in: container))
        core.add(t: CACurrentMediaTime(), x: p.x, y: p.y)
        self.core = core
        // Undecided (not yet past the slop) recognizes too: handlePan starts the transition
        // once the core admits the gesture, and lets the pan go if it refuses it.
        return core.admitted != false
    }

    @objc func handlePan(_ pan: UIPanGestureRecognizer) {
        guard let container, var core else { return }
        let p = point(pan.location(in: container))
        switch pan.state {
        case .began, .changed:
            core.add(t: CACurrentMediaTime(), x: p.x, y: p.y)
            self.core = core
            if !isInteracting, core.admitted == true {
                isInteracting = true
                presented?.dismiss(animated: true)
            } else if core.admitted == false {
                // Refused after the slop: the transition never starts; let the touch go.
                self.core = nil
                pan.isEnabled = false
                pan.isEnabled = true
            }
            if isInteracting { update(CGFloat(core.progress(x: p.x, y: p.y))) }
        case .ended, .cancelled, .failed:
            self.core = nil
            guard isInteracting else { return }
            isInteracting = false
            let v = pan.velocity(in: container)
            let r = core.release(t: CACurrentMediaTime(), x: p.x, y: p.y, vx: Double(v.x), vy: Double(v.y))
            completionSpeed = CGFloat(r.completionSpeed)
            if pan.state == .ended && r.complete { finish() } else { cancel() }
        default:
            break
        }
    }
}

/// Slides the presented view out along the dismiss direction, linearly, so that the interaction's
/// progress is the finger's distance over the view's size.
@MainActor
final class TunedDismissAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        GestureTuneParameters.transitionDuration ?? 0.35
    }

    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        guard let from = transitionContext.view(forKey: .from) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        let bounds = transitionContext.containerView.bounds
        let sign = CGFloat(GestureTuneCore.sense)
        let offset = GestureTuneCore.horizontal
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

// swift-format-ignore-file
{{header}}
//
// Use: 1. Add gesturetune's package (product GestureTuneRuntime) and this file to your app.
// 2. In the presented controller keep `lazy var dismissInteraction =
// TransitionNameDismissInteraction(presented: self)`, touched in viewDidLoad: it becomes the
// (weak) `transitioningDelegate` and adds its pan to the view. A drag the gate admits dismisses.
import GestureTuneRuntime
import UIKit

{{parameters}}

/// Interactive dismiss {{directionWord}}, as photo browsers do: touches in the presentation's
/// container (which does not move with the finger) feed GestureTuneTracker, which gates, decides
/// and sets the finger-speed `completionSpeed`. In a scroll view, start only at its edge.
@MainActor
final class TransitionNameDismissInteraction: UIPercentDrivenInteractiveTransition, UIGestureRecognizerDelegate,
    UIViewControllerTransitioningDelegate
{
    private(set) var isInteracting = false
    private weak var presented: UIViewController?
    private var pan: UIPanGestureRecognizer?
    private var core: GestureTuneTracker?

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

    private func add(_ p: CGPoint, at t: Double) {
        core?.add(t: t, x: Double(p.x), y: Double(p.y))
    }

    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        TransitionNameDismissAnimator()
    }

    func interactionControllerForDismissal(
        using animator: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? {
        isInteracting ? self : nil
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        guard gestureRecognizer === pan, pan?.state == .possible, let container else { return true }
        let size = container.bounds.size
        core = GestureTuneTracker(parameters: TransitionNameTuning.parameters, width: size.width, height: size.height)
        add(touch.location(in: container), at: touch.timestamp)
        return true
    }

    // Past UIKit's slop: undecided or admitted begins; handlePan dismisses once admitted.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let pan, gestureRecognizer === pan, let container else { return false }
        add(pan.location(in: container), at: CACurrentMediaTime())
        return core?.admitted != false
    }

    @objc func handlePan(_ pan: UIPanGestureRecognizer) {
        guard let container, core != nil else { return }
        let p = pan.location(in: container)
        add(p, at: CACurrentMediaTime())
        guard let core else { return }
        switch pan.state {
        case .began, .changed:
            if !isInteracting, core.admitted == true {
                isInteracting = true
                presented?.dismiss(animated: true)
            } else if core.admitted == false {
                // Refused: the dismiss never starts; let the touch go.
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
            let r = core.release(t: CACurrentMediaTime(), x: p.x, y: p.y, vx: v.x, vy: v.y)
            completionSpeed = r.completionSpeed
            if pan.state == .ended && r.complete { finish() } else { cancel() }
        default:
            break
        }
    }
}

/// Slides the presented view out along the dismiss direction, linearly, so that the interaction's
/// progress is the finger's distance over the view's size.
@MainActor
final class TransitionNameDismissAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using context: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        TransitionNameTuning.parameters.effectiveTransitionDuration
    }

    func animateTransition(using context: any UIViewControllerContextTransitioning) {
        guard let from = context.view(forKey: .from) else {
            return context.completeTransition(!context.transitionWasCancelled)
        }
        let bounds = context.containerView.bounds
        let direction = TransitionNameTuning.parameters.direction
        let (x, y) = direction.offset(direction.extent(width: bounds.width, height: bounds.height))
        UIView.animate(withDuration: transitionDuration(using: context), delay: 0, options: .curveLinear) {
            from.transform = CGAffineTransform(translationX: x, y: y)
        } completion: { _ in
            let cancelled = context.transitionWasCancelled
            if cancelled { from.transform = .identity }
            context.completeTransition(!cancelled)
        }
    }
}

// swift-format-ignore-file
{{header}}
//
// Paste: 1. Add this file to your app target. 2. Where you create the navigation controller,
// keep one `TunedPopInteraction(navigationController: nav)` in a stored property: it becomes the
// controller's delegate (forward what your own delegate did to it), turns off the system's edge
// swipe, and adds its pan to `nav.view`. 3. Nothing else: a touch that the gate admits (start
// within `edgeWidth` of the leading edge, heading within `lockAngle` once past the slop) starts
// the pop, which follows the finger (`TunedPopAnimator`, linear) and finishes or cancels as the
// rule decides, at the finger's speed.
import UIKit

{{core}}

/// Drives an interactive pop {{directionWord}} with GestureTuneCore: the pan's touches are fed in
/// the navigation controller's view (which does not move with the finger), the gate decides
/// whether the pop starts, and the release is decided and settled as gesturetune measured it.
@MainActor
final class TunedPopInteraction: UIPercentDrivenInteractiveTransition, UIGestureRecognizerDelegate,
    UINavigationControllerDelegate
{
    private(set) var isInteracting = false
    private weak var navigationController: UINavigationController?
    private var pan: UIPanGestureRecognizer?
    private var core: GestureTuneCore?

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
        super.init()
        // Only this rule decides: the system swipe would pop too, with its own rule.
        navigationController.interactivePopGestureRecognizer?.isEnabled = false
        navigationController.delegate = self
        let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
        pan.delegate = self
        navigationController.view.addGestureRecognizer(pan)
        self.pan = pan
    }

    private var container: UIView? { navigationController?.view }

    private func point(_ p: CGPoint) -> (x: Double, y: Double) { (Double(p.x), Double(p.y)) }

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

    // The gate: the pan has moved past UIKit's slop; the core decides whether the pop starts.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let pan, gestureRecognizer === pan, let container, var core,
            let navigationController, navigationController.viewControllers.count > 1
        else { return false }
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
                navigationController?.popViewController(animated: true)
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

    func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? {
        operation == .pop && isInteracting ? TunedPopAnimator() : nil
    }

    func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? {
        isInteracting ? self : nil
    }
}

/// The pop, linear, so that the interaction's progress is the finger's distance over the width:
/// the top view slides out {{directionWord}}, the one below slides in from a third of the way.
@MainActor
final class TunedPopAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        GestureTuneParameters.transitionDuration ?? 0.35
    }

    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        guard let from = transitionContext.view(forKey: .from), let to = transitionContext.view(forKey: .to) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        let container = transitionContext.containerView
        container.insertSubview(to, belowSubview: from)
        let sign = CGFloat(GestureTuneCore.sense)
        let size = GestureTuneCore.horizontal ? container.bounds.width : container.bounds.height
        func shift(_ d: CGFloat) -> CGAffineTransform {
            GestureTuneCore.horizontal ? CGAffineTransform(translationX: d, y: 0) : CGAffineTransform(translationX: 0, y: d)
        }
        to.transform = shift(-sign * size / 3)
        UIView.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, options: .curveLinear,
            animations: {
                from.transform = shift(sign * size)
                to.transform = .identity
            },
            completion: { _ in
                let cancelled = transitionContext.transitionWasCancelled
                from.transform = .identity
                to.transform = .identity
                transitionContext.completeTransition(!cancelled)
            })
    }
}

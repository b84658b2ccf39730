// swift-format-ignore-file
{{header}}
//
// Use: 1. Add gesturetune's package (product GestureTuneRuntime) and this file to your app.
// 2. Keep one `TransitionNamePopInteraction(navigationController: nav)`: it becomes the controller's
// delegate (forward what yours did), turns the system's edge swipe off and adds its pan.
import GestureTuneRuntime
import UIKit

{{parameters}}

/// An interactive pop {{directionWord}}: GestureTuneTracker gates, decides and settles it.
@MainActor
final class TransitionNamePopInteraction: UIPercentDrivenInteractiveTransition, UIGestureRecognizerDelegate,
    UINavigationControllerDelegate
{
    private(set) var isInteracting = false
    private weak var navigationController: UINavigationController?
    private var pan: UIPanGestureRecognizer?
    private var core: GestureTuneTracker?

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
        super.init()
        navigationController.interactivePopGestureRecognizer?.isEnabled = false
        navigationController.delegate = self
        let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
        pan.delegate = self
        navigationController.view.addGestureRecognizer(pan)
        self.pan = pan
    }

    private var container: UIView? { navigationController?.view }

    private func add(_ p: CGPoint, at t: Double) {
        core?.add(t: t, x: Double(p.x), y: Double(p.y))
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        guard gestureRecognizer === pan, pan?.state == .possible, let container else { return true }
        let size = container.bounds.size
        core = GestureTuneTracker(parameters: TransitionNameTuning.parameters, width: size.width, height: size.height)
        add(touch.location(in: container), at: touch.timestamp)
        return true
    }

    // Past UIKit's slop: undecided or admitted begins.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let pan, gestureRecognizer === pan, let container, (navigationController?.viewControllers.count ?? 0) > 1
        else { return false }
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
                navigationController?.popViewController(animated: true)
            } else if core.admitted == false {
                // Refused: the pop never starts; let the touch go.
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

    func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? {
        operation == .pop && isInteracting ? TransitionNamePopAnimator() : nil
    }

    func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? {
        isInteracting ? self : nil
    }
}

/// The pop, linear: the top view slides out {{directionWord}}, the one below in from a third.
@MainActor
final class TransitionNamePopAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using context: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        TransitionNameTuning.parameters.effectiveTransitionDuration
    }

    func animateTransition(using context: any UIViewControllerContextTransitioning) {
        guard let from = context.view(forKey: .from), let to = context.view(forKey: .to) else {
            return context.completeTransition(!context.transitionWasCancelled)
        }
        context.containerView.insertSubview(to, belowSubview: from)
        let direction = TransitionNameTuning.parameters.direction
        let bounds = context.containerView.bounds
        let size = direction.extent(width: bounds.width, height: bounds.height)
        func shift(_ d: Double) -> CGAffineTransform {
            let (x, y) = direction.offset(d)
            return CGAffineTransform(translationX: x, y: y)
        }
        to.transform = shift(-size / 3)
        UIView.animate(withDuration: transitionDuration(using: context), delay: 0, options: .curveLinear) {
            from.transform = shift(size)
            to.transform = .identity
        } completion: { _ in
            from.transform = .identity
            to.transform = .identity
            context.completeTransition(!context.transitionWasCancelled)
        }
    }
}

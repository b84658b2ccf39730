// swift-format-ignore-file
{{header}}
//
// Use: 1. Add gesturetune's package (product GestureTuneRuntime) and this file to your app.
// 2. Keep one `TransitionNameSpringPan(container:animations:completion:)` (`container` does not move
// with the finger; `animations` moves your views to the completed state). 3. Add a
// `UIPanGestureRecognizer` whose action calls its `handlePan(_:)` and whose delegate it is.
import GestureTuneRuntime
import UIKit

{{parameters}}

/// Scrubs a property animator with the finger, then hands GestureTuneTracker's release to the
/// suggested spring. Interruptible: a touch on a running spring catches it where it is.
@MainActor
final class TransitionNameSpringPan: NSObject, UIGestureRecognizerDelegate {
    private var animator: UIViewPropertyAnimator?
    private var core: GestureTuneTracker?
    private weak var container: UIView?
    private let animations: () -> Void
    private let completion: (Bool) -> Void

    /// `animations` moves the views to their completed state; `completion(true)` when the
    /// transition completed, `(false)` when it went back.
    init(container: UIView, animations: @escaping () -> Void, completion: @escaping (Bool) -> Void) {
        self.container = container
        self.animations = animations
        self.completion = completion
        super.init()
    }

    private func point(_ p: CGPoint) -> (x: Double, y: Double) { (Double(p.x), Double(p.y)) }

    // The touch-down sample (a second finger is not a new gesture). A running spring is caught
    // when the pan begins, so a tap leaves it running.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        guard let container, gestureRecognizer.state == .possible else { return true }
        let size = container.bounds.size
        var core = GestureTuneTracker(parameters: TransitionNameTuning.parameters, width: size.width, height: size.height)
        if animator != nil { core.startProgress = 1e-9 }
        let p = point(touch.location(in: container))
        core.add(t: touch.timestamp, x: p.x, y: p.y)
        self.core = core
        return true
    }

    // The gate (a caught spring is always taken).
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let container, var core else { return false }
        let p = point(gestureRecognizer.location(in: container))
        core.add(t: CACurrentMediaTime(), x: p.x, y: p.y)
        self.core = core
        return core.admitted != false
    }

    func handlePan(_ pan: UIPanGestureRecognizer) {
        guard let container, var core else { return }
        let p = point(pan.location(in: container))
        switch pan.state {
        case .began, .changed:
            core.add(t: CACurrentMediaTime(), x: p.x, y: p.y)
            if pan.state == .began, let running = animator {
                // A reversed animator counts fractionComplete from the other end (iOS 11 and later).
                running.pauseAnimation()
                let fraction = running.isReversed ? 1 - running.fractionComplete : running.fractionComplete
                running.isReversed = false
                running.fractionComplete = fraction
                core.startProgress = max(Double(fraction), 1e-9)
            }
            self.core = core
            if animator == nil, core.admitted == true {
                let animator = UIViewPropertyAnimator(
                    duration: core.parameters.effectiveTransitionDuration, curve: .linear, animations: animations)
                animator.addCompletion { [weak self] position in
                    self?.animator = nil
                    self?.completion(position == .end)
                }
                animator.pauseAnimation()
                self.animator = animator
            } else if core.admitted == false {
                // Refused: the transition never starts; let the touch go.
                self.core = nil
                pan.isEnabled = false
                pan.isEnabled = true
            }
            animator?.fractionComplete = CGFloat(core.progress(x: p.x, y: p.y))
        case .ended, .cancelled, .failed:
            self.core = nil
            guard let animator else { return }
            let v = pan.velocity(in: container)
            let r = core.release(t: CACurrentMediaTime(), x: p.x, y: p.y, vx: v.x, vy: v.y)
            let complete = pan.state == .ended && r.complete
            let relative = Completion.springInitialVelocity(progress: r.progress, velocity: r.velocity, completing: complete) ?? 0
            animator.isReversed = !complete
            let spring = core.parameters.springCoefficients
            let timing = UISpringTimingParameters(
                mass: 1, stiffness: spring.stiffness, damping: spring.damping,
                initialVelocity: CGVector(dx: relative, dy: relative))
            animator.continueAnimation(withTimingParameters: timing, durationFactor: 1)
        default:
            break
        }
    }
}

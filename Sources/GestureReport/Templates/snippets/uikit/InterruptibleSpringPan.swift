{{header}}
import UIKit

{{decision}}

{{recentProgress}}

/// Scrubs a property animator with the finger, then hands the release velocity to the suggested
/// spring. Interruptible: a pan that begins while the spring runs stops it where it is and takes
/// its fraction over, so the person can catch the transition mid-flight.
///
/// The finger-speed cap ({{fingerSpeedCapText}} s) is for linear completions; a spring settles in
/// its own time, which the suggested response sets (its median settling time is the target).
/// Call `handlePan(_:)` from your pan's action; make this object the pan's delegate for the
/// direction lock.
@MainActor
final class TunedSpringPan: NSObject, UIGestureRecognizerDelegate {
    /// Damping ratio (1: no overshoot).
    static let dampingRatio: CGFloat = {{spring.dampingRatio}}
    /// Suggested spring response, s.
    static let response: CGFloat = {{spring.response}}
    /// Duration of the scrubbed animator, s (after release the spring sets its own).
    static let transitionDuration: TimeInterval = {{transitionDuration}}
    /// Suggested direction lock, degrees from the axis (keeps 95% of intended swipes).
    static let directionLockAngle: CGFloat = {{directionLockAngle}}
    static let horizontal = {{horizontal}}
    static let sign: CGFloat = {{sign}}

    private var animator: UIViewPropertyAnimator?
    /// Progress when the current pan began: 0, or where an interrupted animation was.
    private var startProgress: CGFloat = 0
    private var recent = RecentProgress()
    private let animations: () -> Void
    private let completion: (Bool) -> Void

    /// `animations` moves the views to their completed state; `completion(true)` when the
    /// transition completed, `(false)` when it went back.
    init(animations: @escaping () -> Void, completion: @escaping (Bool) -> Void) {
        self.animations = animations
        self.completion = completion
        super.init()
    }

    /// A vector as (along the transition's direction, across it).
    static func components(_ v: CGPoint) -> (along: CGFloat, across: CGFloat) {
        horizontal ? (sign * v.x, v.y) : (sign * v.y, v.x)
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        // A running spring is caught by any drag; a new one starts only within the direction lock.
        if animator != nil { return true }
        guard let pan = gestureRecognizer as? UIPanGestureRecognizer, let view = pan.view else { return false }
        let motion = Self.components(pan.translation(in: view))
        return motion.along > 0 && atan2(abs(motion.across), motion.along) <= Self.directionLockAngle * .pi / 180
    }

    func handlePan(_ pan: UIPanGestureRecognizer) {
        guard let view = pan.view else { return }
        let extent = max(Self.horizontal ? view.bounds.width : view.bounds.height, 1)
        let progress = min(max(startProgress + Self.components(pan.translation(in: view)).along / extent, 0), 1)
        switch pan.state {
        case .began:
            recent.reset()
            if let running = animator {
                // Interrupt: pause where it is and take its fraction over. A reversed animator
                // counts fractionComplete from the other end (iOS 11 and later).
                running.pauseAnimation()
                startProgress = running.isReversed ? 1 - running.fractionComplete : running.fractionComplete
                running.isReversed = false
                running.fractionComplete = startProgress
            } else {
                let animator = UIViewPropertyAnimator(duration: Self.transitionDuration, curve: .linear, animations: animations)
                animator.addCompletion { [weak self] position in
                    self?.animator = nil
                    self?.completion(position == .end)
                }
                animator.pauseAnimation()
                self.animator = animator
                startProgress = 0
            }
        case .changed:
            recent.add(time: CACurrentMediaTime(), progress: progress)
            animator?.fractionComplete = progress
        case .ended, .cancelled, .failed:
            guard let animator else { return }
            let velocity = pan.state == .ended ? Self.components(pan.velocity(in: view)).along / extent : 0
            let complete = pan.state == .ended
                && gestureTuneShouldComplete(progress: progress, velocity: velocity, recent: recent, extent: extent)
            // Relative initial velocity: v_p / (1 − p_r) completing, −v_p / p_r cancelling.
            let relative = complete ? velocity / max(1 - progress, 0.001) : -velocity / max(progress, 0.001)
            animator.isReversed = !complete
            // Response R and damping ratio ζ as mass 1, stiffness (2π / R)², damping 2ζ (2π / R).
            let omega = 2 * .pi / Self.response
            let timing = UISpringTimingParameters(
                mass: 1, stiffness: omega * omega, damping: 2 * Self.dampingRatio * omega,
                initialVelocity: CGVector(dx: relative, dy: relative))
            animator.continueAnimation(withTimingParameters: timing, durationFactor: 1)
            startProgress = 0
        default:
            break
        }
    }
}

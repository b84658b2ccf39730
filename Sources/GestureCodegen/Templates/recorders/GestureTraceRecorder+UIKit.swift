// GestureTraceRecorder+UIKit.swift: feeds GestureTraceRecorder from UIKit touches (written by
// `gesturetune recorder --platform uikit`; needs GestureTraceRecorder.swift beside it).
//
// Three lines in the view controller that owns the transition's pan recognizer:
//
//     let recorder = GestureTraceRecorder(name: "swipe-back")
//     recorder.attach(to: pan)                                        // in viewDidLoad
//     recorder.recordOutcome(of: navigationController?.transitionCoordinator)  // in .began, after pop/dismiss
//
// The recorder watches touches through a recognizer of its own that never recognizes, never
// cancels or delays touches and recognizes simultaneously with everything: the app's gestures
// behave as without it. Positions are in a frame that does not move with the finger: the
// container (`container:`, by default the watched view's superview, the view a dragged sheet moves
// in) where it stood in the window when the touch began; `width, height` are its size. Every
// coalesced touch is a row (`event.coalescedTouches(for:)`), so
// 120 and 240 Hz input is kept; `t` is `UITouch.timestamp`; `vx, vy` is the observed pan's
// `velocity(in:)`; the outcome comes from the transition coordinator (`isCancelled`).

import UIKit

#if canImport(UIKit.UIGestureRecognizerSubclass)
    import UIKit.UIGestureRecognizerSubclass
#endif

extension GestureTraceRecorder {
    /// Records the touches on `recognizer`'s view, in the frame of `container` (default: that
    /// view's superview, or the view when it has none), with the recognizer's velocity as `vx, vy`.
    /// Call after the recognizer is added to its view.
    @discardableResult
    public func attach(to recognizer: UIPanGestureRecognizer, container: UIView? = nil)
        -> UIGestureRecognizer?
    {
        guard let view = recognizer.view else { return nil }
        let observer = GestureTraceTouchObserver(
            recorder: self, pan: recognizer, container: container)
        view.addGestureRecognizer(observer)
        return observer
    }

    /// Records every touch in `window` (no `vx, vy`: there is no pan to ask), the window's
    /// bounds as the container.
    @discardableResult
    public func attach(to window: UIWindow) -> UIGestureRecognizer {
        let observer = GestureTraceTouchObserver(recorder: self, pan: nil, container: window)
        window.addGestureRecognizer(observer)
        return observer
    }

    /// Records the outcome of the interactive transition `coordinator` drives (cancelled or
    /// completed) for the last gesture, once the transition ends. Call right after starting the
    /// transition (`popViewController(animated:)`, `dismiss(animated:)`) in the pan's `.began`.
    public func recordOutcome(of coordinator: (any UIViewControllerTransitionCoordinator)?) {
        guard let coordinator else { return }
        coordinator.animate(alongsideTransition: nil) { [weak self] context in
            self?.recordOutcome(context.isCancelled ? .cancel : .complete)
        }
    }
}

/// A recognizer that only watches: it stays `.possible` while a finger is down and fails when
/// the touches end, so it never claims them.
final class GestureTraceTouchObserver: UIGestureRecognizer, UIGestureRecognizerDelegate {
    private weak var recorder: GestureTraceRecorder?
    private weak var pan: UIPanGestureRecognizer?
    private weak var container: UIView?
    private var tracked: UITouch?
    /// The frame of the tracked touch: the container's origin in the window and its size at began.
    private var frame: (view: UIView, origin: CGPoint, size: CGSize)?

    init(recorder: GestureTraceRecorder, pan: UIPanGestureRecognizer?, container: UIView?) {
        self.recorder = recorder
        self.pan = pan
        self.container = container
        super.init(target: nil, action: nil)
        cancelsTouchesInView = false
        delaysTouchesBegan = false
        delaysTouchesEnded = false
        delegate = self
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard tracked == nil, let touch = touches.first else { return }
        tracked = touch
        if let frameView = container ?? view?.superview ?? view {
            frame = (frameView, frameView.convert(CGPoint.zero, to: nil), frameView.bounds.size)
        }
        record(touch, .began)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = tracked, touches.contains(touch) else { return }
        for sample in event.coalescedTouches(for: touch) ?? [touch] {
            record(sample, .moved)
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = tracked, touches.contains(touch) else { return }
        let samples = event.coalescedTouches(for: touch) ?? [touch]
        for sample in samples.dropLast() { record(sample, .moved) }
        record(samples.last ?? touch, .ended)
        tracked = nil
        state = .failed
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = tracked, touches.contains(touch) else { return }
        record(touch, .cancelled)
        tracked = nil
        state = .failed
    }

    override func reset() {
        super.reset()
        tracked = nil
        frame = nil
    }

    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        false
    }

    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        true
    }

    /// A sample in the frame: the touch's window position less the container's origin at began.
    private func record(_ touch: UITouch, _ phase: GestureTraceRecorder.Phase) {
        guard let recorder, let frame else { return }
        if phase != .began {
            let origin = frame.view.convert(CGPoint.zero, to: nil)
            recorder.frameMoved(
                dx: Double(origin.x - frame.origin.x), dy: Double(origin.y - frame.origin.y))
        }
        let location = touch.location(in: nil)
        let velocity = pan.map { $0.velocity(in: frame.view) }
        recorder.record(
            phase: phase, time: touch.timestamp, x: Double(location.x - frame.origin.x),
            y: Double(location.y - frame.origin.y), width: Double(frame.size.width),
            height: Double(frame.size.height),
            vx: velocity.map { Double($0.x) }, vy: velocity.map { Double($0.y) })
    }
}

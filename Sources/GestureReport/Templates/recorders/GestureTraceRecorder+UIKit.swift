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
// behave as without it. Every coalesced touch is a row (`event.coalescedTouches(for:)`), so
// 120 and 240 Hz input is kept; `t` is `UITouch.timestamp`; `vx, vy` is the observed pan's
// `velocity(in:)`; the outcome comes from the transition coordinator (`isCancelled`).

import UIKit
#if canImport(UIKit.UIGestureRecognizerSubclass)
import UIKit.UIGestureRecognizerSubclass
#endif

extension GestureTraceRecorder {
    /// Records the touches on `recognizer`'s view (the transitioning container), with the
    /// recognizer's velocity as `vx, vy`. Call after the recognizer is added to its view.
    @discardableResult
    public func attach(to recognizer: UIPanGestureRecognizer) -> UIGestureRecognizer? {
        guard let view = recognizer.view else { return nil }
        let observer = GestureTraceTouchObserver(recorder: self, pan: recognizer)
        view.addGestureRecognizer(observer)
        return observer
    }

    /// Records every touch in `window` (no `vx, vy`: there is no pan to ask), the window's
    /// bounds as the container.
    @discardableResult
    public func attach(to window: UIWindow) -> UIGestureRecognizer {
        let observer = GestureTraceTouchObserver(recorder: self, pan: nil)
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
    private var tracked: UITouch?

    init(recorder: GestureTraceRecorder, pan: UIPanGestureRecognizer?) {
        self.recorder = recorder
        self.pan = pan
        super.init(target: nil, action: nil)
        cancelsTouchesInView = false
        delaysTouchesBegan = false
        delaysTouchesEnded = false
        delegate = self
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard tracked == nil, let touch = touches.first else { return }
        tracked = touch
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

    private func record(_ touch: UITouch, _ phase: GestureTraceRecorder.Phase) {
        guard let view, let recorder else { return }
        let location = touch.location(in: view)
        let velocity = pan.map { $0.velocity(in: view) }
        recorder.record(
            phase: phase, time: touch.timestamp, x: Double(location.x), y: Double(location.y),
            width: Double(view.bounds.width), height: Double(view.bounds.height),
            vx: velocity.map { Double($0.x) }, vy: velocity.map { Double($0.y) })
    }
}

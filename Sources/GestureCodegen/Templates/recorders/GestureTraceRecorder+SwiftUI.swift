// GestureTraceRecorder+SwiftUI.swift: records SwiftUI drags with GestureTraceRecorder (written by
// `gesturetune recorder --platform swiftui`; needs GestureTraceRecorder.swift beside it).
//
// Three lines:
//
//     @State private var recorder = GestureTraceRecorder(name: "sheet-dismiss")
//     container.gestureTrace(recorder)                  // the still view the person drags in
//     recorder.recordOutcome(dismissed ? .complete : .cancel)  // where your drag's onEnded decides
//
// The modifier adds a DragGesture(minimumDistance: 0) next to the view's own gestures
// (`simultaneousGesture`), so it records without taking the drag from them. Put it on the still
// container the person drags in (the drags on the views inside it are recorded too). Positions are
// in a frame that does not move with the finger: the drag's `location` in the global space less
// the view's global origin when the drag began, `width, height` the view's size then. On a view
// that moves with the finger (an offset sheet) the positions stay right, and the recorder warns and
// writes a comment row, since its frame moved. `t` is the drag value's `time`, `vx, vy` its
// `velocity` (iOS 17 and later; empty before).
//
// `predictedEndTranslation` is SwiftUI's guess of where a drag released now would come to rest:
// the translation plus the release velocity carried on by SwiftUI's own deceleration. Deciding
// on `predictedEndTranslation / extent >= threshold` is gesturetune's `projection` rule,
// `p_r + tau * v_p >= p_th`, with SwiftUI's look-ahead in place of a tau fitted on your traces;
// the recorder logs the raw location and velocity so that `gesturetune analyze` can fit tau.

import SwiftUI

extension View {
    /// Records the drags on this view with `recorder`.
    public func gestureTrace(_ recorder: GestureTraceRecorder) -> some View {
        modifier(GestureTraceModifier(recorder: recorder))
    }
}

struct GestureTraceModifier: ViewModifier {
    let recorder: GestureTraceRecorder
    /// The view's frame in the global space, now and when the drag began.
    @State private var frame = CGRect.zero
    @State private var start: CGRect?

    func body(content: Content) -> some View {
        content
            .onGeometryChange(
                for: CGRect.self, of: { proxy in proxy.frame(in: .global) },
                action: { newFrame in
                    frame = newFrame
                    if let start {
                        recorder.frameMoved(
                            dx: Double(newFrame.minX - start.minX),
                            dy: Double(newFrame.minY - start.minY))
                    }
                }
            )
            .simultaneousGesture(
                DragGesture(minimumDistance: 0, coordinateSpace: .global)
                    .onChanged { value in
                        let phase: GestureTraceRecorder.Phase = start == nil ? .began : .moved
                        if start == nil { start = frame }
                        record(value, phase)
                    }
                    .onEnded { value in
                        record(value, .ended)
                        start = nil
                    }
            )
    }

    private func record(_ value: DragGesture.Value, _ phase: GestureTraceRecorder.Phase) {
        let origin = start ?? frame
        var velocity: CGSize?
        if #available(iOS 17.0, macOS 14.0, *) {
            velocity = value.velocity
        }
        recorder.record(
            phase: phase, time: value.time.timeIntervalSinceReferenceDate,
            x: Double(value.location.x - origin.minX), y: Double(value.location.y - origin.minY),
            width: Double(origin.width), height: Double(origin.height),
            vx: velocity.map { Double($0.width) }, vy: velocity.map { Double($0.height) })
    }
}

// GestureTraceRecorder+SwiftUI.swift: records SwiftUI drags with GestureTraceRecorder (written by
// `gesturetune recorder --platform swiftui`; needs GestureTraceRecorder.swift beside it).
//
// Three lines:
//
//     @State private var recorder = GestureTraceRecorder(name: "sheet-dismiss")
//     someView.gestureTrace(recorder)                   // the view the person drags
//     recorder.recordOutcome(dismissed ? .complete : .cancel)  // where your drag's onEnded decides
//
// The modifier adds a DragGesture(minimumDistance: 0) next to the view's own gestures
// (`simultaneousGesture`), so it records without taking the drag from them. `t` is the drag
// value's `time`, `x, y` its `location` in the view, `width, height` the view's size, and
// `vx, vy` its `velocity` (iOS 17 and later; empty before).
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
    @State private var size = CGSize.zero
    @State private var dragging = false

    func body(content: Content) -> some View {
        content
            .onGeometryChange(for: CGSize.self, of: { proxy in proxy.size }, action: { newSize in size = newSize })
            .simultaneousGesture(
                DragGesture(minimumDistance: 0, coordinateSpace: .local)
                    .onChanged { value in
                        record(value, dragging ? .moved : .began)
                        dragging = true
                    }
                    .onEnded { value in
                        record(value, .ended)
                        dragging = false
                    }
            )
    }

    private func record(_ value: DragGesture.Value, _ phase: GestureTraceRecorder.Phase) {
        var velocity: CGSize?
        if #available(iOS 17.0, macOS 14.0, *) {
            velocity = value.velocity
        }
        recorder.record(
            phase: phase, time: value.time.timeIntervalSinceReferenceDate,
            x: Double(value.location.x), y: Double(value.location.y),
            width: Double(size.width), height: Double(size.height),
            vx: velocity.map { Double($0.width) }, vy: velocity.map { Double($0.height) })
    }
}

// swift-format-ignore-file
{{header}}
//
// Use: 1. Add gesturetune's package (product GestureTuneRuntime) and this file to your app
// (iOS 16+). 2. On the view that slides:
// `content.modifier(TransitionNameDragTransition { complete in if complete { dismiss() } })`.
// `onRelease(true)` comes after the view has slid all the way out (so a `dismiss()` in it does
// not animate a second time), `onRelease(false)` after it slid back. Touches are measured in the
// global frame, less the view's own unmoved frame (its layout position, which the offset does
// not change), so the finger's motion is not mixed with the view's.
import GestureTuneRuntime
import SwiftUI

{{parameters}}

/// A drag {{directionWord}} that moves the view with the finger once GestureTuneTracker's gate admits
/// it and, on release, lets the core decide and settle at the finger's speed, capped.
struct TransitionNameDragTransition: ViewModifier {
    let onRelease: (Bool) -> Void
    @State private var progress: CGFloat = 0
    @State private var frame: CGRect = .zero
    @State private var core: GestureTuneTracker?
    @State private var started = false

    private var offset: (x: Double, y: Double) {
        let direction = TransitionNameTuning.parameters.direction
        return direction.offset(progress * direction.extent(width: frame.width, height: frame.height))
    }

    func body(content: Content) -> some View {
        content
            .onGeometryChange(for: CGRect.self, of: { proxy in proxy.frame(in: .global) }, action: { newFrame in frame = newFrame })
            .offset(x: offset.x, y: offset.y)
            .gesture(
                DragGesture(minimumDistance: 0, coordinateSpace: .global)
                    .onChanged { value in changed(value) }
                    .onEnded { value in ended(value) })
    }

    /// A gesture sample in the view's unmoved frame: s, pt.
    private func sample(_ value: DragGesture.Value) -> (t: Double, x: Double, y: Double) {
        (value.time.timeIntervalSinceReferenceDate, Double(value.location.x - frame.minX), Double(value.location.y - frame.minY))
    }

    private func changed(_ value: DragGesture.Value) {
        let s = sample(value)
        if core == nil {
            var fresh = GestureTuneTracker(parameters: TransitionNameTuning.parameters, width: frame.width, height: frame.height)
            // A drag that lands while the view settles catches it where it is.
            if progress > 0 { fresh.startProgress = Double(progress) }
            core = fresh
            started = progress > 0
        }
        core?.add(t: s.t, x: s.x, y: s.y)
        if !started, core?.admitted == true { started = true }
        if started, let core { progress = CGFloat(core.progress(x: s.x, y: s.y)) }
    }

    private func ended(_ value: DragGesture.Value) {
        guard let core else { return }
        self.core = nil
        let s = sample(value)
        var vx: Double?
        var vy: Double?
        if #available(iOS 17.0, macOS 14.0, *) {
            vx = Double(value.velocity.width)
            vy = Double(value.velocity.height)
        }
        let r = core.release(t: s.t, x: s.x, y: s.y, vx: vx, vy: vy)
        guard started else { return }
        started = false
        withAnimation(.linear(duration: r.settleDuration)) {
            progress = r.complete ? 1 : 0
        }
        let onRelease = self.onRelease
        let complete = r.complete
        let settle = r.settleDuration
        Task { @MainActor in
            try? await Task.sleep(nanoseconds: UInt64(max(settle, 0) * 1_000_000_000))
            onRelease(complete)
        }
    }
}

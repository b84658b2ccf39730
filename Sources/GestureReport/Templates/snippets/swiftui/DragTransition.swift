{{header}}
import SwiftUI

{{decision}}

{{recentProgress}}

/// A drag {{directionWord}} that moves the view with the finger and, on release, decides with the
/// suggested rule: `onRelease(true)` to complete (dismiss, pop), `onRelease(false)` after it slid
/// back. The drag starts only within the suggested direction lock, and the view settles at the
/// finger's speed, capped. A drag that begins while the view settles catches it where it is.
///
///     content.modifier(TunedDragTransition { complete in if complete { dismiss() } })
struct TunedDragTransition: ViewModifier {
    /// Suggested direction lock, degrees from the axis (keeps 95% of intended swipes).
    static let directionLockAngle: CGFloat = {{directionLockAngle}}
    /// Suggested finger-speed cap, s: a release settles in remaining / |v_p|, at most this long.
    static let fingerSpeedCap: CGFloat = {{fingerSpeedCap}}
    static let horizontal = {{horizontal}}
    static let sign: CGFloat = {{sign}}

    let onRelease: (Bool) -> Void
    @State private var progress: CGFloat = 0
    @State private var startProgress: CGFloat?
    @State private var locked: Bool?
    @State private var size: CGSize = .zero
    @State private var recent = RecentProgress()

    /// A vector as (along the transition's direction, across it).
    static func components(_ v: CGSize) -> (along: CGFloat, across: CGFloat) {
        horizontal ? (sign * v.width, v.height) : (sign * v.height, v.width)
    }

    func body(content: Content) -> some View {
        content
            .offset(
                x: Self.horizontal ? Self.sign * progress * size.width : 0,
                y: Self.horizontal ? 0 : Self.sign * progress * size.height)
            .onGeometryChange(for: CGSize.self, of: { proxy in proxy.size }, action: { newSize in size = newSize })
            .gesture(
                DragGesture(minimumDistance: 10)
                    .onChanged { value in changed(value) }
                    .onEnded { value in ended(value) })
    }

    private var extent: CGFloat { max(Self.horizontal ? size.width : size.height, 1) }

    private func changed(_ value: DragGesture.Value) {
        let motion = Self.components(value.translation)
        if locked == nil {
            // Direction lock, decided once per drag; a drag that catches a settling view is always taken.
            locked = progress > 0 || (motion.along > 0 && atan2(abs(motion.across), motion.along) <= Self.directionLockAngle * .pi / 180)
            startProgress = progress
            recent.reset()
        }
        guard locked == true, let startProgress else { return }
        let p = min(max(startProgress + motion.along / extent, 0), 1)
        recent.add(time: value.time.timeIntervalSinceReferenceDate, progress: p)
        progress = p
    }

    private func ended(_ value: DragGesture.Value) {
        defer {
            locked = nil
            startProgress = nil
        }
        guard locked == true else { return }
        var velocity = recent.meanVelocity
        if #available(iOS 17.0, macOS 14.0, *) {
            velocity = Self.components(value.velocity).along / extent
        }
        let complete = gestureTuneShouldComplete(progress: progress, velocity: velocity, recent: recent, extent: extent)
        let remaining = complete ? 1 - progress : progress
        let fingerTime = remaining / abs(velocity)
        let time = fingerTime.isFinite ? min(Self.fingerSpeedCap, fingerTime) : Self.fingerSpeedCap
        withAnimation(.linear(duration: Double(max(time, 0)))) {
            progress = complete ? 1 : 0
        }
        onRelease(complete)
    }
}

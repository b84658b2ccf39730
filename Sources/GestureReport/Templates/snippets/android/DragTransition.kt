{{header}}
package gesturetune.snippet

import android.view.MotionEvent
import android.view.VelocityTracker
import android.view.View

{{decision}}

{{recentProgress}}

/**
 * A drag {{directionWord}} on a view, decided with the suggested rule. While the finger moves,
 * [onProgress] gets the transition's progress (0 to 1); on release, [onSettle] gets whether to
 * complete and how long the settle animation takes (the finger's speed, capped). The drag starts
 * only within the suggested direction lock. Interruptible: a touch that lands while your settle
 * animation runs calls [onCatch], which stops that animation and returns its progress; the drag
 * goes on from there.
 *
 *     view.setOnTouchListener(TunedDragTransition(::setProgress, ::settle, ::stopSettleAndGetProgress))
 */
class TunedDragTransition(
    private val onProgress: (Double) -> Unit,
    private val onSettle: (complete: Boolean, durationMillis: Long) -> Unit,
    private val onCatch: () -> Double? = { null }
) : View.OnTouchListener {
    companion object {
        /** Suggested direction lock, degrees from the axis (keeps 95% of intended swipes). */
        const val DIRECTION_LOCK_ANGLE = {{directionLockAngle}}
        /** Suggested finger-speed cap, s: a release settles in remaining / |v_p|, at most this long. */
        const val FINGER_SPEED_CAP = {{fingerSpeedCap}}
        const val HORIZONTAL = {{horizontal}}
        const val SIGN = {{sign}}
        /** Distance before the direction lock decides, dp (Android's touch slop is about 8 dp). */
        const val SLOP = 8.0
    }

    private var tracker: VelocityTracker? = null
    private val recent = RecentProgress()
    private var downX = 0f
    private var downY = 0f
    private var startProgress = 0.0
    private var progress = 0.0
    private var locked: Boolean? = null

    /** A vector as (along the transition's direction, across it). */
    private fun along(dx: Double, dy: Double): Double = SIGN * (if (HORIZONTAL) dx else dy)
    private fun across(dx: Double, dy: Double): Double = if (HORIZONTAL) dy else dx

    override fun onTouch(v: View, event: MotionEvent): Boolean {
        val density = v.resources.displayMetrics.density.toDouble()
        val extent = Math.max((if (HORIZONTAL) v.width else v.height) / density, 1.0)
        when (event.actionMasked) {
            MotionEvent.ACTION_DOWN -> {
                downX = event.rawX
                downY = event.rawY
                val caught = onCatch()
                startProgress = caught ?: 0.0
                locked = if (caught != null) true else null
                recent.reset()
                tracker?.recycle()
                tracker = VelocityTracker.obtain()
                tracker?.addMovement(event)
                return true
            }
            MotionEvent.ACTION_MOVE -> {
                tracker?.addMovement(event)
                val dx = (event.rawX - downX) / density
                val dy = (event.rawY - downY) / density
                if (locked == null && Math.hypot(dx, dy) >= SLOP) {
                    val a = along(dx, dy)
                    locked = a > 0 && Math.toDegrees(Math.atan2(Math.abs(across(dx, dy)), a)) <= DIRECTION_LOCK_ANGLE
                }
                if (locked != true) return locked == null
                progress = Math.min(Math.max(startProgress + along(dx, dy) / extent, 0.0), 1.0)
                recent.add(event.eventTime / 1000.0, progress)
                onProgress(progress)
                return true
            }
            MotionEvent.ACTION_UP, MotionEvent.ACTION_CANCEL -> {
                val wasLocked = locked == true
                locked = null
                val t = tracker ?: return false
                t.addMovement(event)
                t.computeCurrentVelocity(1000)
                val velocity = along(t.getXVelocity(event.getPointerId(0)) / density, t.getYVelocity(event.getPointerId(0)) / density) / extent
                t.recycle()
                tracker = null
                if (!wasLocked) return false
                val complete = event.actionMasked == MotionEvent.ACTION_UP &&
                    gestureTuneShouldComplete(progress, velocity, recent, extent)
                val remaining = if (complete) 1 - progress else progress
                val fingerTime = remaining / Math.abs(velocity)
                val time = if (fingerTime.isFinite()) Math.min(FINGER_SPEED_CAP, fingerTime) else FINGER_SPEED_CAP
                onSettle(complete, Math.round(time * 1000))
                return true
            }
        }
        return false
    }
}

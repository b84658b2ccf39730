{{header}}
//
// Paste: 1. Add this file to your app module (change the package line to yours). 2. On the view
// the person drags: `view.setOnTouchListener(TunedDragTransition(container, ::setProgress,
// ::settle, ::stopSettleAndGetProgress))`, where `container` is a view that does not move with
// the finger (the dragged view's parent, or the content root): touches are measured from its
// corner on screen (rawX/rawY less its getLocationOnScreen), in dp, and its size is the extent.
// 3. `setProgress(p)` moves your views (0 to 1); `settle(complete, ms)` animates to 1 or 0.
package gesturetune.snippet

import android.view.MotionEvent
import android.view.VelocityTracker
import android.view.View

{{core}}

/**
 * A drag {{directionWord}} measured and decided by GestureTuneCore. While the finger moves,
 * [onProgress] gets the transition's progress (0 to 1) once the gate admits the gesture; on
 * release, [onSettle] gets whether to complete and how long the settle animation takes (the
 * finger's speed, capped). Interruptible: a touch that lands while your settle animation runs
 * calls [onCatch], which stops that animation and returns its progress; the drag goes on from there.
 */
class TunedDragTransition(
    private val container: View,
    private val onProgress: (Double) -> Unit,
    private val onSettle: (complete: Boolean, durationMillis: Long) -> Unit,
    private val onCatch: () -> Double? = { null }
) : View.OnTouchListener {
    private var core: GestureTuneCore? = null
    private var tracker: VelocityTracker? = null
    private var started = false
    private val origin = IntArray(2)

    override fun onTouch(v: View, event: MotionEvent): Boolean {
        val density = v.resources.displayMetrics.density.toDouble()
        // The container's corner on screen, px; historical samples share the event's raw offset.
        container.getLocationOnScreen(origin)
        val dx = event.rawX - event.x - origin[0]
        val dy = event.rawY - event.y - origin[1]
        fun x(local: Float): Double = (local + dx) / density
        fun y(local: Float): Double = (local + dy) / density
        when (event.actionMasked) {
            MotionEvent.ACTION_DOWN -> {
                val extent = (if (GestureTuneCore.horizontal) container.width else container.height) / density
                val fresh = GestureTuneCore(extent)
                val caught = onCatch()
                if (caught != null) fresh.startProgress = Math.min(Math.max(caught, 1e-9), 1.0)
                fresh.add(event.eventTime / 1000.0, x(event.x), y(event.y))
                core = fresh
                started = caught != null
                track(event, dx, dy, restart = true)
                return true
            }
            MotionEvent.ACTION_MOVE -> {
                val c = core ?: return false
                track(event, dx, dy, restart = false)
                for (h in 0 until event.historySize) {
                    c.add(event.getHistoricalEventTime(h) / 1000.0, x(event.getHistoricalX(h)), y(event.getHistoricalY(h)))
                }
                c.add(event.eventTime / 1000.0, x(event.x), y(event.y))
                if (!started && c.admitted == true) started = true
                if (started) onProgress(c.progress(x(event.x), y(event.y)))
                return true
            }
            MotionEvent.ACTION_UP, MotionEvent.ACTION_CANCEL -> {
                val c = core ?: return false
                core = null
                var vx: Double? = null
                var vy: Double? = null
                tracker?.let {
                    track(event, dx, dy, restart = false)
                    it.computeCurrentVelocity(1000)
                    vx = it.getXVelocity(event.getPointerId(0)) / density
                    vy = it.getYVelocity(event.getPointerId(0)) / density
                    it.recycle()
                }
                tracker = null
                val r = c.release(event.eventTime / 1000.0, x(event.x), y(event.y), vx, vy)
                if (!started) return false
                started = false
                val complete = event.actionMasked == MotionEvent.ACTION_UP && r.complete
                val cap = GestureTuneParameters.fingerSpeedCap ?: GestureTuneParameters.transitionDuration ?: 0.35
                val back = r.progress / Math.abs(r.velocity)
                val time = if (complete == r.complete) r.settleDuration else if (back.isFinite()) Math.min(cap, back) else cap
                onSettle(complete, Math.round(time * 1000))
                return true
            }
        }
        return false
    }

    /** The platform's velocity, only when the thresholds were fitted on it: VelocityTracker fed
     *  the event moved into the container's frame (a copy: the view's own event is untouched). */
    private fun track(event: MotionEvent, dx: Float, dy: Float, restart: Boolean) {
        if (GestureTuneParameters.estimator != "platform") return
        if (restart) {
            tracker?.recycle()
            tracker = VelocityTracker.obtain()
        }
        val copy = MotionEvent.obtain(event)
        copy.offsetLocation(dx, dy)
        tracker?.addMovement(copy)
        copy.recycle()
    }
}

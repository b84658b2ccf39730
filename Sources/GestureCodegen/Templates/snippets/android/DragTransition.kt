{{header}}
//
// Use: 1. Include gesturetune's runtimes/android module (`implementation(project(
// ":gesturetune-runtime"))`) and add this file (your package line). 2. `view.setOnTouchListener(
// TransitionNameDragTransition(container, ::setProgress, ::settle, ::stopSettleAndGetProgress))`:
// `container` does not move with the finger (the dragged view's parent); touches are measured
// from its corner, in dp, and its size is the extent. `setProgress(p)` moves your views (0 to
// 1); `settle(complete, ms)` animates to 1 or 0.
package gesturetune.snippet

import android.view.MotionEvent
import android.view.VelocityTracker
import android.view.View
import dev.gesturetune.runtime.Estimator
import dev.gesturetune.runtime.GestureTracker
import dev.gesturetune.runtime.GestureTuneParameters
import dev.gesturetune.runtime.settleDuration

{{parameters}}
/**
 * A drag {{directionWord}} decided by the runtime: [onProgress] gets the progress (0 to 1) once
 * the gate admits it, [onSettle] whether to complete and the settle's length (the finger's speed,
 * capped). A touch during your settle calls [onCatch], which stops it and returns its progress.
 */
class TransitionNameDragTransition(
    private val container: View,
    private val onProgress: (Double) -> Unit,
    private val onSettle: (complete: Boolean, durationMillis: Long) -> Unit,
    private val onCatch: () -> Double? = { null }
) : View.OnTouchListener {
    /** Read at each touch-down: a debug build's live file takes effect on the next gesture. */
    private var parameters: GestureTuneParameters = TransitionNameTuningParameters.value
    private var core: GestureTracker? = null
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
                parameters = TransitionNameTuningParameters.value
                val extent = (if (parameters.direction.horizontal) container.width else container.height) / density
                val fresh = GestureTracker(parameters, extent)
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
                val time = if (complete == r.complete) r.settleDuration else settleDuration(parameters, r.progress, r.velocity)
                onSettle(complete, Math.round(time * 1000))
                return true
            }
        }
        return false
    }

    /** VelocityTracker in the container's frame (on a copy), when the thresholds were fitted on it. */
    private fun track(event: MotionEvent, dx: Float, dy: Float, restart: Boolean) {
        if (parameters.estimator != Estimator.PLATFORM) return
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

// GestureTraceRecorder.kt: records touch traces for gesturetune (written by
// `gesturetune recorder --platform android`).
//
// Three lines in the Activity or Fragment that owns the transition:
//
//     val recorder = GestureTraceRecorder(getExternalFilesDir(null)!!, "swipe-back")
//     recorder.attach(transitionView)                        // records its touches, consumes none
//     onBackPressedDispatcher.addCallback(this, recorder.backCallback())  // predictive back, optional
//
// Writes gesturetune's canonical trace CSV plus one column gesturetune ignores:
//
//     gesture,t,x,y,phase,width,height,vx,vy,outcome,intent,back_progress
//
// Every historical sample of a MotionEvent is a row (`getHistoricalX`, ...), so input faster
// than the frame rate is kept; `t` is the event time (`SystemClock.uptimeMillis` base) in
// seconds, `x, y` are in pixels divided by the display density (dp, Android's points), `phase`
// the action (down, move, up, cancel), `vx, vy` VelocityTracker's velocity in dp/s. The
// predictive-back callback records the system back swipe (`BackEventCompat.touchX/touchY`), its
// `progress` in `back_progress`, and its outcome: `handleOnBackPressed` complete,
// `handleOnBackCancelled` cancel.
//
// Labelling: call `recorder.beginTrial(GestureTraceRecorder.Intent.COMPLETE)` (or CANCEL) before
// each scripted attempt; the next gesture gets that intent. Files land in the app's external
// files folder: `adb pull /sdcard/Android/data/<package>/files/GestureTraces`.
package gesturetrace

import android.os.SystemClock
import android.view.MotionEvent
import android.view.VelocityTracker
import android.view.View
import androidx.activity.BackEventCompat
import androidx.activity.OnBackPressedCallback
import java.io.File
import java.text.SimpleDateFormat
import java.util.Date
import java.util.Locale
import java.util.concurrent.Executors

class GestureTraceRecorder(directory: File, name: String = "trace") {
    enum class Intent(val csv: String) { COMPLETE("complete"), CANCEL("cancel") }

    val file: File = File(
        File(directory, "GestureTraces"),
        name + "-" + SimpleDateFormat("yyyyMMdd-HHmmss", Locale.US).format(Date()) + ".csv")

    var trialIntent: Intent? = null
        private set
    var gestureCount = 0
        private set

    private val writer = Executors.newSingleThreadExecutor()
    private var current: MutableList<String>? = null
    private var currentId = ""
    private var currentIntent: Intent? = null
    private var pendingRows: List<String>? = null
    private var pendingIntent: Intent? = null
    private var velocityTracker: VelocityTracker? = null

    /** Starts a scripted trial: the next gesture is labelled [intent]. */
    fun beginTrial(intent: Intent) {
        trialIntent = intent
    }

    /** Ends the running trial without a gesture. */
    fun endTrial() {
        trialIntent = null
    }

    /** Records [view]'s touches through an OnTouchListener that consumes none of them. */
    fun attach(view: View) {
        view.setOnTouchListener { v, event ->
            record(v, event)
            false
        }
    }

    /** Records one MotionEvent on [view] (call from onTouchEvent or dispatchTouchEvent when the
     *  view already has a touch listener). Only the first pointer is recorded. */
    fun record(view: View, event: MotionEvent) {
        val density = view.resources.displayMetrics.density
        val width = view.width / density
        val height = view.height / density
        when (event.actionMasked) {
            MotionEvent.ACTION_DOWN -> {
                begin()
                velocityTracker?.recycle()
                velocityTracker = VelocityTracker.obtain()
                velocityTracker?.addMovement(event)
                row(event.eventTime, event.x / density, event.y / density, "began", width, height, null, null, null)
            }
            MotionEvent.ACTION_MOVE -> {
                if (current == null) return
                val tracker = velocityTracker
                tracker?.addMovement(event)
                tracker?.computeCurrentVelocity(1000)
                val vx = tracker?.getXVelocity(event.getPointerId(0))?.div(density)
                val vy = tracker?.getYVelocity(event.getPointerId(0))?.div(density)
                for (h in 0 until event.historySize) {
                    row(event.getHistoricalEventTime(h), event.getHistoricalX(0, h) / density,
                        event.getHistoricalY(0, h) / density, "moved", width, height, vx, vy, null)
                }
                row(event.eventTime, event.x / density, event.y / density, "moved", width, height, vx, vy, null)
            }
            MotionEvent.ACTION_UP, MotionEvent.ACTION_CANCEL -> {
                if (current == null) return
                val tracker = velocityTracker
                tracker?.addMovement(event)
                tracker?.computeCurrentVelocity(1000)
                val vx = tracker?.getXVelocity(event.getPointerId(0))?.div(density)
                val vy = tracker?.getYVelocity(event.getPointerId(0))?.div(density)
                val phase = if (event.actionMasked == MotionEvent.ACTION_UP) "ended" else "cancelled"
                row(event.eventTime, event.x / density, event.y / density, phase, width, height, vx, vy, null)
                close()
                velocityTracker?.recycle()
                velocityTracker = null
            }
        }
    }

    /** A predictive-back callback that records the system back swipe over [view]'s size (dp),
     *  then runs [onBack] when the person completes it. */
    fun backCallback(view: View? = null, onBack: () -> Unit = {}): OnBackPressedCallback {
        val recorder = this
        return object : OnBackPressedCallback(true) {
            private fun sample(event: BackEventCompat, phase: String) {
                val density = view?.resources?.displayMetrics?.density ?: 1f
                val width = (view?.width ?: 0) / density
                val height = (view?.height ?: 0) / density
                recorder.row(SystemClock.uptimeMillis(), event.touchX / density, event.touchY / density, phase,
                    width, height, null, null, event.progress)
            }

            override fun handleOnBackStarted(backEvent: BackEventCompat) {
                recorder.begin()
                sample(backEvent, "began")
            }

            override fun handleOnBackProgressed(backEvent: BackEventCompat) {
                if (recorder.current != null) sample(backEvent, "moved")
            }

            override fun handleOnBackPressed() {
                recorder.endBack(Intent.COMPLETE)
                onBack()
            }

            override fun handleOnBackCancelled() {
                recorder.endBack(Intent.CANCEL)
            }
        }
    }

    /** What the app did with the last gesture; writes it. */
    fun recordOutcome(outcome: Intent) {
        writePending(outcome)
    }

    /** Writes a gesture still waiting for its outcome (call from onPause). */
    fun flush() {
        writePending(null)
    }

    private fun begin() {
        writePending(null)
        gestureCount += 1
        currentId = "g$gestureCount"
        currentIntent = trialIntent
        trialIntent = null
        current = mutableListOf()
    }

    private fun close() {
        pendingRows = current
        pendingIntent = currentIntent
        current = null
    }

    /** The back swipe ends at the last sampled position; the callback gives no release event. */
    private fun endBack(outcome: Intent) {
        val rows = current ?: return
        val last = rows.lastOrNull() ?: return
        val fields = last.split(",").toMutableList()
        fields[4] = "ended"
        rows.add(fields.joinToString(","))
        close()
        writePending(outcome)
    }

    private fun row(timeMillis: Long, x: Float, y: Float, phase: String, width: Float, height: Float,
                    vx: Float?, vy: Float?, backProgress: Float?) {
        val rows = current ?: return
        rows.add(listOf(currentId, fixed(timeMillis / 1000.0, 6), fixed(x.toDouble(), 3), fixed(y.toDouble(), 3), phase,
            fixed(width.toDouble(), 3), fixed(height.toDouble(), 3), vx?.let { fixed(it.toDouble(), 3) } ?: "",
            vy?.let { fixed(it.toDouble(), 3) } ?: "", "", "", backProgress?.let { fixed(it.toDouble(), 4) } ?: "")
            .joinToString(","))
    }

    private fun writePending(outcome: Intent?) {
        val rows = pendingRows ?: return
        val intent = pendingIntent
        pendingRows = null
        val text = StringBuilder()
        for (row in rows) {
            val fields = row.split(",").toMutableList()
            fields[9] = outcome?.csv ?: ""
            fields[10] = intent?.csv ?: ""
            text.append(fields.joinToString(",")).append('\n')
        }
        val target = file
        writer.execute {
            target.parentFile?.mkdirs()
            if (!target.exists()) target.writeText(HEADER)
            target.appendText(text.toString())
        }
    }

    companion object {
        const val HEADER = "gesture,t,x,y,phase,width,height,vx,vy,outcome,intent,back_progress\n"

        fun fixed(value: Double, digits: Int): String =
            if (value.isNaN() || value.isInfinite()) "" else String.format(Locale.US, "%.${digits}f", value)
    }
}

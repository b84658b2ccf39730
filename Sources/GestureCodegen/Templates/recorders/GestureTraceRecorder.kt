// GestureTraceRecorder.kt: records touch traces for gesturetune (written by
// `gesturetune recorder --platform android`).
//
// Three lines in the Activity or Fragment that owns the transition:
//
//     val recorder = GestureTraceRecorder(getExternalFilesDir(null)!!, "swipe-back")
//     recorder.attach(transitionView)                        // records its touches, consumes none
//     onBackPressedDispatcher.addCallback(this, recorder.backCallback(onBackPressedDispatcher))  // predictive back, optional
//
// Writes gesturetune's canonical trace CSV plus one column gesturetune ignores:
//
//     gesture,t,x,y,phase,width,height,vx,vy,outcome,intent,back_progress
//
// Recording never changes what the app does. `attach` keeps the view's own touch listener and
// calls it after recording, returning its answer (Android cannot hand a listener back, so the
// recorder reads it where View keeps it; if that fails it logs a warning: then pass yours,
// `attach(view, existing = listener)`). The back callback records, then steps aside and lets
// the dispatcher go on (the next callback, or the Activity's own Back). While it is registered
// the app, not the system, receives the back gesture: the system's back-to-home preview is not
// shown, Back itself works.
//
// Positions are in a frame that does not move with the finger, whatever view the recorder is
// attached to: the container (`container`, by default the view's parent) where it stood on
// screen when the finger went down, in dp (pixels divided by the display density); `width,
// height` are the container's size, the extent progress is measured against. A view that
// follows the finger does not move its own frame: the samples are taken from the event's screen
// position (`getRawX` minus `getX` is where the view stands). When the container itself moves
// during a gesture, the recorder logs a warning and writes a comment row after the gesture
// (`# g3: the frame moved ...`, which gesturetune skips); pass a still container then.
//
// Every historical sample of a MotionEvent is a row (`getHistoricalX`, ...), so input faster
// than the frame rate is kept; `t` is the event time (`SystemClock.uptimeMillis` base) in
// seconds, `phase` the action (down, move, up, cancel), `vx, vy` VelocityTracker's velocity in
// dp/s, fed the events in screen coordinates. The back callback records the system back swipe
// (`BackEventCompat.touchX/touchY`, in the same container frame), its `progress` in
// `back_progress`, and its outcome: `handleOnBackPressed` complete, `handleOnBackCancelled`
// cancel.
//
// Label OTHER the gestures not meant for this transition (a scroll, a tap): beginTrial(OTHER)
// before a scripted one, or labelLastGesture(OTHER) right after; without them gesturetune
// cannot measure false starts and keeps the start gate you have.
// Labelling: call `recorder.beginTrial(GestureTraceRecorder.Intent.COMPLETE)` (or CANCEL) before
// each scripted attempt; the next gesture gets that intent. Files land in the app's external
// files folder: `adb pull /sdcard/Android/data/<package>/files/GestureTraces`.
package gesturetrace

import android.os.SystemClock
import android.util.Log
import android.view.MotionEvent
import android.view.VelocityTracker
import android.view.View
import androidx.activity.BackEventCompat
import androidx.activity.OnBackPressedCallback
import androidx.activity.OnBackPressedDispatcher
import java.io.File
import java.text.SimpleDateFormat
import java.util.Date
import java.util.Locale
import java.util.concurrent.Executors

class GestureTraceRecorder(directory: File, name: String = "trace") {
    /** What the person meant, or what the app did; OTHER is an intent only (not meant for the transition). */
    enum class Intent(val csv: String) { COMPLETE("complete"), CANCEL("cancel"), OTHER("other") }

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

    /** The frame of the gesture being recorded: the container's screen position (px) when it
     *  began, its size (dp), the density, and the largest shift of the container seen since. */
    private class Frame(val container: View, val left: Int, val top: Int, val width: Float, val height: Float,
                        val density: Float) {
        var shiftX = 0
        var shiftY = 0
        var warned = false
    }

    private var frame: Frame? = null

    /** Starts a scripted trial: the next gesture is labelled [intent]. */
    fun beginTrial(intent: Intent) {
        trialIntent = intent
    }

    /** Ends the running trial without a gesture. */
    fun endTrial() {
        trialIntent = null
    }

    /** Records [view]'s touches, in the frame of [container] (default: the view's parent), through
     *  a touch listener that records and then calls [existing], the listener the view already had
     *  (read from the view when not given), and returns its answer: the app's touch handling is
     *  unchanged. */
    fun attach(view: View, container: View? = null,
               existing: View.OnTouchListener? = existingTouchListener(view)) {
        view.setOnTouchListener { v, event ->
            record(v, event, container)
            existing?.onTouch(v, event) ?: false
        }
    }

    /** Records one MotionEvent on [view] (call it from onTouchEvent or dispatchTouchEvent instead
     *  of [attach] if you prefer), in the frame of [container] (default: the view's parent). Only
     *  the first pointer is recorded. */
    fun record(view: View, event: MotionEvent, container: View? = null) {
        // Where the view stands on screen now: every sample of this event is shifted by it.
        val offsetX = event.rawX - event.x
        val offsetY = event.rawY - event.y
        when (event.actionMasked) {
            MotionEvent.ACTION_DOWN -> {
                begin()
                val f = newFrame(container ?: (view.parent as? View) ?: view)
                frame = f
                velocityTracker?.recycle()
                velocityTracker = VelocityTracker.obtain()
                val (vx, vy) = track(event, offsetX, offsetY, f.density)
                sample(f, event.eventTime, event.x + offsetX, event.y + offsetY, "began", vx, vy)
            }
            MotionEvent.ACTION_MOVE -> {
                val f = frame ?: return
                if (current == null) return
                checkFrame(f)
                val (vx, vy) = track(event, offsetX, offsetY, f.density)
                for (h in 0 until event.historySize) {
                    sample(f, event.getHistoricalEventTime(h), event.getHistoricalX(0, h) + offsetX,
                        event.getHistoricalY(0, h) + offsetY, "moved", vx, vy)
                }
                sample(f, event.eventTime, event.x + offsetX, event.y + offsetY, "moved", vx, vy)
            }
            MotionEvent.ACTION_UP, MotionEvent.ACTION_CANCEL -> {
                val f = frame ?: return
                if (current == null) return
                checkFrame(f)
                val (vx, vy) = track(event, offsetX, offsetY, f.density)
                val phase = if (event.actionMasked == MotionEvent.ACTION_UP) "ended" else "cancelled"
                sample(f, event.eventTime, event.x + offsetX, event.y + offsetY, phase, vx, vy)
                close()
                velocityTracker?.recycle()
                velocityTracker = null
            }
        }
    }

    /** A back callback that records the system back swipe (predictive back: started, progressed,
     *  cancelled, pressed) in the frame of [container] (`window.decorView` for the whole window),
     *  then lets [dispatcher] handle Back as it would without the recorder: it disables itself,
     *  calls `dispatcher.onBackPressed()` (the next enabled callback, or the Activity's fallback)
     *  and enables itself again. Register it last, so that it sees the gesture first. */
    fun backCallback(dispatcher: OnBackPressedDispatcher, container: View): OnBackPressedCallback {
        val recorder = this
        return object : OnBackPressedCallback(true) {
            private fun sample(event: BackEventCompat, phase: String) {
                val f = recorder.frame ?: return
                recorder.checkFrame(f)
                recorder.sample(f, SystemClock.uptimeMillis(), event.touchX, event.touchY, phase, null, null,
                    event.progress)
            }

            override fun handleOnBackStarted(backEvent: BackEventCompat) {
                recorder.begin()
                recorder.frame = recorder.newFrame(container)
                sample(backEvent, "began")
            }

            override fun handleOnBackProgressed(backEvent: BackEventCompat) {
                if (recorder.current != null) sample(backEvent, "moved")
            }

            override fun handleOnBackPressed() {
                recorder.endBack(Intent.COMPLETE)
                isEnabled = false
                try {
                    dispatcher.onBackPressed()
                } finally {
                    isEnabled = true
                }
            }

            override fun handleOnBackCancelled() {
                recorder.endBack(Intent.CANCEL)
            }
        }
    }

    /** What the app did with the last gesture; writes it. OTHER is not an outcome and writes none. */
    fun recordOutcome(outcome: Intent) {
        writePending(if (outcome == Intent.OTHER) null else outcome)
    }

    /**
     * Labels the last closed gesture while it waits for its outcome: what the person says they
     * meant right after it (OTHER: not meant for the transition). False when there is none.
     */
    fun labelLastGesture(intent: Intent): Boolean {
        if (pendingRows == null) return false
        pendingIntent = intent
        return true
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
        frame = null
    }

    private fun close() {
        val f = frame
        if (f != null && f.warned) {
            current?.add("# $currentId: the frame moved by " + fixed(f.shiftX / f.density.toDouble(), 1) + " " +
                fixed(f.shiftY / f.density.toDouble(), 1) +
                " dp during this gesture; positions are in the frame where it stood when the gesture began")
        }
        pendingRows = current
        pendingIntent = currentIntent
        current = null
        frame = null
    }

    private fun newFrame(container: View): Frame {
        val location = IntArray(2)
        container.getLocationOnScreen(location)
        val density = container.resources.displayMetrics.density
        return Frame(container, location[0], location[1], container.width / density, container.height / density,
            density)
    }

    /** Notes the largest shift of the container since the gesture began; warns once. */
    private fun checkFrame(f: Frame) {
        val location = IntArray(2)
        f.container.getLocationOnScreen(location)
        val dx = location[0] - f.left
        val dy = location[1] - f.top
        if (Math.abs(dx) + Math.abs(dy) <= Math.abs(f.shiftX) + Math.abs(f.shiftY)) return
        f.shiftX = dx
        f.shiftY = dy
        if (!f.warned) {
            Log.w(TAG, "the container moved during gesture $currentId; positions stay in the frame where it " +
                "stood when the gesture began: attach with a still container")
            f.warned = true
        }
    }

    /** Feeds the tracker [event] in screen coordinates (a moving view's own coordinates would
     *  mix its motion into the finger's) and returns its velocity in dp/s. */
    private fun track(event: MotionEvent, offsetX: Float, offsetY: Float, density: Float): Pair<Float?, Float?> {
        val tracker = velocityTracker ?: return Pair(null, null)
        val screen = MotionEvent.obtain(event)
        screen.offsetLocation(offsetX, offsetY)
        tracker.addMovement(screen)
        screen.recycle()
        if (event.actionMasked == MotionEvent.ACTION_DOWN) return Pair(null, null)
        tracker.computeCurrentVelocity(1000)
        return Pair(tracker.getXVelocity(event.getPointerId(0)) / density,
            tracker.getYVelocity(event.getPointerId(0)) / density)
    }

    /** A row for a sample at screen position ([screenX], [screenY]) px, in [f]'s frame in dp. */
    private fun sample(f: Frame, timeMillis: Long, screenX: Float, screenY: Float, phase: String, vx: Float?,
                       vy: Float?, backProgress: Float? = null) {
        row(timeMillis, (screenX - f.left) / f.density, (screenY - f.top) / f.density, phase, f.width, f.height,
            vx, vy, backProgress)
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
            if (row.startsWith("#")) {
                text.append(row).append('\n')
                continue
            }
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
        private const val TAG = "GestureTraceRecorder"
        const val HEADER = "gesture,t,x,y,phase,width,height,vx,vy,outcome,intent,back_progress\n"

        fun fixed(value: Double, digits: Int): String =
            if (value.isNaN() || value.isInfinite()) "" else String.format(Locale.US, "%.${digits}f", value)

        /** The touch listener [view] already has, read where View keeps it (Android has no getter),
         *  or null; logs a warning when it cannot be read. */
        fun existingTouchListener(view: View): View.OnTouchListener? = try {
            val infoField = View::class.java.getDeclaredField("mListenerInfo")
            infoField.isAccessible = true
            val info = infoField.get(view)
            if (info == null) {
                null
            } else {
                val listenerField = info.javaClass.getDeclaredField("mOnTouchListener")
                listenerField.isAccessible = true
                listenerField.get(info) as? View.OnTouchListener
            }
        } catch (e: Exception) {
            Log.w(TAG, "cannot read the view's touch listener ($e): if it has one, pass it as " +
                "attach(view, existing = listener), or it is replaced")
            null
        }
    }
}

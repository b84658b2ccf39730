// Drives GestureTraceRecorder.kt on the JVM against the Android stubs (Tests/Fixtures/PlatformStubs/
// android), as an app would: a sheet inside a container follows the finger through the app's own
// touch listener, set before the recorder is attached; a back dispatcher with the Activity's
// fallback. Prints what the test checks, then the recorded files.
//
// usage: java -cp ... gesturetrace.AndroidRecorderDriverKt OUT_DIR
package gesturetrace

import android.content.Context
import android.content.res.Resources
import android.util.DisplayMetrics
import android.view.MotionEvent
import android.view.View
import android.view.ViewGroup
import androidx.activity.BackEventCompat
import androidx.activity.OnBackPressedCallback
import androidx.activity.OnBackPressedDispatcher
import java.io.File

class Screen(density: Float) : Context() {
    private val res = Resources(null, DisplayMetrics().also { it.density = density }, null)
    override fun getResources(): Resources = res
}

class Container(context: Context) : ViewGroup(context) {
    override fun onLayout(changed: Boolean, l: Int, t: Int, r: Int, b: Int) {}
}

/** An event at screen position ([x], [y]) px with earlier samples [history] (time, x, y), as
 *  ViewGroup hands it to [view]: shifted into the view's frame. */
fun event(view: View, action: Int, time: Long, x: Float, y: Float, history: List<Triple<Long, Float, Float>> = listOf()): MotionEvent {
    val all = history + Triple(time, x, y)
    val e = MotionEvent.obtain(0, all[0].first, action, all[0].second, all[0].third, 0)
    for (s in all.drop(1)) e.addBatch(s.first, s.second, s.third, 1f, 1f, 0)
    val at = IntArray(2)
    view.getLocationOnScreen(at)
    e.offsetLocation(-at[0].toFloat(), -at[1].toFloat())
    return e
}

/** One swipe over [sheet]: the finger moves at 2.5 px/ms from (100, 700) to (200, 700) on screen,
 *  in samples 8 ms apart, three events after the down; returns what the sheet's dispatch said. */
fun swipe(sheet: View): List<Boolean> = listOf(
    sheet.dispatchTouchEvent(event(sheet, MotionEvent.ACTION_DOWN, 1000, 100f, 700f)),
    sheet.dispatchTouchEvent(event(sheet, MotionEvent.ACTION_MOVE, 1016, 140f, 700f, listOf(Triple(1008L, 120f, 700f)))),
    sheet.dispatchTouchEvent(event(sheet, MotionEvent.ACTION_MOVE, 1032, 180f, 700f, listOf(Triple(1024L, 160f, 700f)))),
    sheet.dispatchTouchEvent(event(sheet, MotionEvent.ACTION_UP, 1040, 200f, 700f)))

fun main(args: Array<String>) {
    val out = File(args[0])
    val screen = Screen(2f)
    // The container stands at (0, 100) on screen (below a status bar), 800 x 1200 px; the sheet
    // fills it and follows the finger horizontally.
    val container = Container(screen)
    container.layout(0, 100, 800, 1300)
    val sheet = View(screen)
    container.addView(sheet)
    sheet.layout(0, 0, 800, 1200)
    var downX = 0f
    var appCalls = 0
    sheet.setOnTouchListener { v, e ->
        appCalls += 1
        if (e.actionMasked == MotionEvent.ACTION_DOWN) downX = e.rawX
        v.translationX = e.rawX - downX
        true
    }

    val recorder = GestureTraceRecorder(out, "sheet")
    recorder.attach(sheet)
    recorder.beginTrial(GestureTraceRecorder.Intent.COMPLETE)
    println("consumed " + swipe(sheet).joinToString(" "))
    println("app listener calls $appCalls, sheet translation ${sheet.translationX}")
    recorder.recordOutcome(GestureTraceRecorder.Intent.COMPLETE)

    // The moving sheet as the frame: said so. The first recorder's listener is kept too (its g2).
    sheet.translationX = 0f
    val moving = GestureTraceRecorder(File(out, "moving"), "sheet")
    moving.attach(sheet, container = sheet)
    swipe(sheet)
    moving.flush()

    // Back: an earlier callback (a fragment's) is disabled; the Activity's fallback navigates.
    var navigated = 0
    val dispatcher = OnBackPressedDispatcher { navigated += 1 }
    dispatcher.addCallback(object : OnBackPressedCallback(false) {
        override fun handleOnBackPressed() {}
    })
    val back = GestureTraceRecorder(File(out, "back"), "back")
    val callback = back.backCallback(dispatcher, container)
    dispatcher.addCallback(callback)
    // A predictive back swipe from the left edge, cancelled: no navigation.
    dispatcher.dispatchOnBackStarted(BackEventCompat(4f, 600f, 0f, BackEventCompat.EDGE_LEFT))
    dispatcher.dispatchOnBackProgressed(BackEventCompat(60f, 604f, 0.1f, BackEventCompat.EDGE_LEFT))
    dispatcher.dispatchOnBackCancelled()
    println("after cancel: navigated $navigated")
    // Completed: recorded, then the Activity's Back runs once, and the callback is enabled again.
    dispatcher.dispatchOnBackStarted(BackEventCompat(2f, 500f, 0f, BackEventCompat.EDGE_LEFT))
    dispatcher.dispatchOnBackProgressed(BackEventCompat(100f, 500f, 0.25f, BackEventCompat.EDGE_LEFT))
    dispatcher.dispatchOnBackProgressed(BackEventCompat(300f, 520f, 0.5f, BackEventCompat.EDGE_LEFT))
    dispatcher.onBackPressed()
    println("after press: navigated $navigated, enabled ${callback.isEnabled}")
    // A back button press (no gesture): still navigates.
    dispatcher.onBackPressed()
    println("after button: navigated $navigated")

    for (r in listOf(recorder, moving, back)) r.flush()
    Thread.sleep(500) // the files are written on the recorders' own threads
    for (r in listOf(recorder, moving, back)) println("== " + r.file.readText())
    System.exit(0)
}

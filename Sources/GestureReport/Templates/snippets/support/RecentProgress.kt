/** The last three (time, progress) samples of the drag: their mean velocity (progress/s) and
 *  acceleration (progress/s², clamped to ±5), as gesturetune's kinematic rule measures them.
 *  Only the kinematic rule reads it; the other rules take it and ignore it. */
class RecentProgress {
    private val times = ArrayList<Double>()
    private val progresses = ArrayList<Double>()
    val count: Int get() = times.size

    fun reset() {
        times.clear()
        progresses.clear()
    }

    fun add(time: Double, progress: Double) {
        if (times.isNotEmpty() && time <= times[times.size - 1]) {
            times.removeAt(times.size - 1)
            progresses.removeAt(progresses.size - 1)
        }
        times.add(time)
        progresses.add(progress)
        if (times.size > 3) {
            times.removeAt(0)
            progresses.removeAt(0)
        }
    }

    /** The mean of the segment velocities (one segment with two samples). */
    val meanVelocity: Double
        get() {
            if (times.size < 2) return 0.0
            var sum = 0.0
            for (k in 1 until times.size) {
                if (times[k] <= times[k - 1]) return 0.0
                sum += (progresses[k] - progresses[k - 1]) / (times[k] - times[k - 1])
            }
            return sum / (times.size - 1)
        }

    val meanAcceleration: Double
        get() {
            if (times.size != 3) return 0.0
            if (times[1] <= times[0] || times[2] <= times[1]) return 0.0
            val v1 = (progresses[1] - progresses[0]) / (times[1] - times[0])
            val v2 = (progresses[2] - progresses[1]) / (times[2] - times[1])
            val acceleration = (v2 - v1) / ((times[2] - times[0]) / 2)
            return Math.min(Math.max(acceleration, -5.0), 5.0)
        }
}

package android.view;

import java.util.ArrayList;

/** Velocity as the slope between the first and the last sample added (every historical sample of
 *  an event included, as on Android), in the event's location frame: exact for a steady motion. */
public final class VelocityTracker {
    private final ArrayList<float[]> samples = new ArrayList<>();
    private float vx, vy;

    public static VelocityTracker obtain() { return new VelocityTracker(); }
    public void recycle() {}
    public void clear() { samples.clear(); }

    public void addMovement(MotionEvent event) {
        for (int h = 0; h < event.getHistorySize(); h++) {
            samples.add(new float[] {event.getHistoricalEventTime(h), event.getHistoricalX(h), event.getHistoricalY(h)});
        }
        samples.add(new float[] {event.getEventTime(), event.getX(), event.getY()});
    }

    public void computeCurrentVelocity(int units) {
        float[] first = samples.get(0), last = samples.get(samples.size() - 1);
        float dt = last[0] - first[0];
        vx = dt > 0 ? (last[1] - first[1]) / dt * units : 0;
        vy = dt > 0 ? (last[2] - first[2]) / dt * units : 0;
    }

    public void computeCurrentVelocity(int units, float maxVelocity) { computeCurrentVelocity(units); }
    public float getXVelocity() { return vx; }
    public float getYVelocity() { return vy; }
    public float getXVelocity(int id) { return vx; }
    public float getYVelocity(int id) { return vy; }
}

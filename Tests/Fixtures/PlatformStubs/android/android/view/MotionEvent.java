package android.view;

import java.util.ArrayList;

/** Samples of one pointer; `obtain`, `addBatch` and `offsetLocation` work as on Android: the
 *  event's location is shifted into a view's frame by `offsetLocation` (as ViewGroup does when it
 *  dispatches to a child), its raw (screen) location is not. */
public final class MotionEvent {
    public static final int ACTION_DOWN = 0;
    public static final int ACTION_UP = 1;
    public static final int ACTION_MOVE = 2;
    public static final int ACTION_CANCEL = 3;
    public static final int ACTION_POINTER_DOWN = 5;
    public static final int ACTION_POINTER_UP = 6;

    private long downTime;
    private int action;
    private float offsetX, offsetY;
    private final ArrayList<long[]> times = new ArrayList<>();
    private final ArrayList<float[]> points = new ArrayList<>();

    private MotionEvent() {}

    public static MotionEvent obtain(long downTime, long eventTime, int action, float x, float y, int metaState) {
        MotionEvent event = new MotionEvent();
        event.downTime = downTime;
        event.action = action;
        event.times.add(new long[] {eventTime});
        event.points.add(new float[] {x, y});
        return event;
    }

    public static MotionEvent obtain(MotionEvent other) {
        MotionEvent event = new MotionEvent();
        event.downTime = other.downTime;
        event.action = other.action;
        event.offsetX = other.offsetX;
        event.offsetY = other.offsetY;
        event.times.addAll(other.times);
        event.points.addAll(other.points);
        return event;
    }

    public final void addBatch(long eventTime, float x, float y, float pressure, float size, int metaState) {
        times.add(new long[] {eventTime});
        points.add(new float[] {x - offsetX, y - offsetY});
    }

    public final void offsetLocation(float deltaX, float deltaY) {
        offsetX += deltaX;
        offsetY += deltaY;
    }

    public final void setLocation(float x, float y) {
        float[] last = points.get(points.size() - 1);
        offsetLocation(x - (last[0] + offsetX), y - (last[1] + offsetY));
    }

    public final void recycle() {}

    private int last() { return points.size() - 1; }

    public final int getAction() { return action; }
    public final int getActionMasked() { return action & 0xff; }
    public final int getActionIndex() { return 0; }
    public final long getEventTime() { return times.get(last())[0]; }
    public final long getDownTime() { return downTime; }
    public final float getX() { return points.get(last())[0] + offsetX; }
    public final float getY() { return points.get(last())[1] + offsetY; }
    public final float getX(int pointerIndex) { return getX(); }
    public final float getY(int pointerIndex) { return getY(); }
    public final float getRawX() { return points.get(last())[0]; }
    public final float getRawY() { return points.get(last())[1]; }
    public final int getPointerCount() { return 1; }
    public final int getPointerId(int pointerIndex) { return 0; }
    public final int getHistorySize() { return points.size() - 1; }
    public final long getHistoricalEventTime(int pos) { return times.get(pos)[0]; }
    public final float getHistoricalX(int pointerIndex, int pos) { return points.get(pos)[0] + offsetX; }
    public final float getHistoricalY(int pointerIndex, int pos) { return points.get(pos)[1] + offsetY; }
    public final float getHistoricalX(int pos) { return getHistoricalX(0, pos); }
    public final float getHistoricalY(int pos) { return getHistoricalY(0, pos); }
}

package android.view;

public final class VelocityTracker {
    public static VelocityTracker obtain() { return new VelocityTracker(); }
    public void recycle() {}
    public void clear() {}
    public void addMovement(MotionEvent event) {}
    public void computeCurrentVelocity(int units) {}
    public void computeCurrentVelocity(int units, float maxVelocity) {}
    public float getXVelocity() { return 0; }
    public float getYVelocity() { return 0; }
    public float getXVelocity(int id) { return 0; }
    public float getYVelocity(int id) { return 0; }
}

package androidx.activity;

public final class BackEventCompat {
    public static final int EDGE_LEFT = 0;
    public static final int EDGE_RIGHT = 1;

    private final float touchX, touchY, progress;
    private final int swipeEdge;

    public BackEventCompat(float touchX, float touchY, float progress, int swipeEdge) {
        this.touchX = touchX;
        this.touchY = touchY;
        this.progress = progress;
        this.swipeEdge = swipeEdge;
    }

    public float getTouchX() { return touchX; }
    public float getTouchY() { return touchY; }
    public float getProgress() { return progress; }
    public int getSwipeEdge() { return swipeEdge; }
}

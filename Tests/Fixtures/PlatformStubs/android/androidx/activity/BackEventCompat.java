package androidx.activity;

public final class BackEventCompat {
    public static final int EDGE_LEFT = 0;
    public static final int EDGE_RIGHT = 1;

    public BackEventCompat(float touchX, float touchY, float progress, int swipeEdge) {}
    public float getTouchX() { return 0; }
    public float getTouchY() { return 0; }
    public float getProgress() { return 0; }
    public int getSwipeEdge() { return 0; }
}

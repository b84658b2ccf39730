package android.util;

public class DisplayMetrics {
    public float density;
    public int widthPixels;
    public int heightPixels;

    public DisplayMetrics() {}
}

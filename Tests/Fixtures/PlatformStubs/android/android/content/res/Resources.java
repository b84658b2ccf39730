package android.content.res;

import android.util.DisplayMetrics;

public class Resources {
    private final DisplayMetrics metrics;

    public Resources(AssetManager assets, DisplayMetrics metrics, Configuration config) { this.metrics = metrics; }
    public DisplayMetrics getDisplayMetrics() { return metrics; }
}

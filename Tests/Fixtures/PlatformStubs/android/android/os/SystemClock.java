package android.os;

public final class SystemClock {
    private SystemClock() {}
    public static long uptimeMillis() { return System.nanoTime() / 1000000; }
    public static long elapsedRealtime() { return System.nanoTime() / 1000000; }
}

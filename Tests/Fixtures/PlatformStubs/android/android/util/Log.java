package android.util;

/** Writes to standard error, as logcat would show it. */
public final class Log {
    private Log() {}

    public static int w(String tag, String msg) {
        System.err.println("W/" + tag + ": " + msg);
        return 0;
    }
}

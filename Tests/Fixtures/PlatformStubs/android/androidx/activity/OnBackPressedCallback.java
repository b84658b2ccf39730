package androidx.activity;

public abstract class OnBackPressedCallback {
    public OnBackPressedCallback(boolean enabled) {}
    public final boolean isEnabled() { return true; }
    public final void setEnabled(boolean enabled) {}
    public final void remove() {}
    public void handleOnBackStarted(BackEventCompat backEvent) {}
    public void handleOnBackProgressed(BackEventCompat backEvent) {}
    public abstract void handleOnBackPressed();
    public void handleOnBackCancelled() {}
}

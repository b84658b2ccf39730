package androidx.activity;

public abstract class OnBackPressedCallback {
    private boolean enabled;

    public OnBackPressedCallback(boolean enabled) { this.enabled = enabled; }
    public final boolean isEnabled() { return enabled; }
    public final void setEnabled(boolean enabled) { this.enabled = enabled; }
    public final void remove() {}
    public void handleOnBackStarted(BackEventCompat backEvent) {}
    public void handleOnBackProgressed(BackEventCompat backEvent) {}
    public abstract void handleOnBackPressed();
    public void handleOnBackCancelled() {}
}

package androidx.activity;

import androidx.lifecycle.LifecycleOwner;
import java.util.ArrayList;

/** Dispatches as androidx.activity does: to the most recently added enabled callback (the one a
 *  predictive back gesture started on, while it runs), else to the fallback (the Activity's own
 *  back handling: finish, or pop the fragment back stack). */
public final class OnBackPressedDispatcher {
    private final Runnable fallbackOnBackPressed;
    private final ArrayList<OnBackPressedCallback> callbacks = new ArrayList<>();
    private OnBackPressedCallback inProgressCallback;

    public OnBackPressedDispatcher(Runnable fallbackOnBackPressed) { this.fallbackOnBackPressed = fallbackOnBackPressed; }

    public void addCallback(OnBackPressedCallback onBackPressedCallback) { callbacks.add(onBackPressedCallback); }

    public void addCallback(LifecycleOwner owner, OnBackPressedCallback onBackPressedCallback) {
        callbacks.add(onBackPressedCallback);
    }

    public boolean hasEnabledCallbacks() { return top() != null; }

    private OnBackPressedCallback top() {
        for (int i = callbacks.size() - 1; i >= 0; i--) {
            if (callbacks.get(i).isEnabled()) return callbacks.get(i);
        }
        return null;
    }

    public void dispatchOnBackStarted(BackEventCompat backEvent) {
        inProgressCallback = top();
        if (inProgressCallback != null) inProgressCallback.handleOnBackStarted(backEvent);
    }

    public void dispatchOnBackProgressed(BackEventCompat backEvent) {
        OnBackPressedCallback callback = inProgressCallback != null ? inProgressCallback : top();
        if (callback != null) callback.handleOnBackProgressed(backEvent);
    }

    public void dispatchOnBackCancelled() {
        OnBackPressedCallback callback = inProgressCallback != null ? inProgressCallback : top();
        inProgressCallback = null;
        if (callback != null) callback.handleOnBackCancelled();
    }

    public void onBackPressed() {
        OnBackPressedCallback callback = inProgressCallback != null ? inProgressCallback : top();
        inProgressCallback = null;
        if (callback != null) {
            callback.handleOnBackPressed();
            return;
        }
        if (fallbackOnBackPressed != null) fallbackOnBackPressed.run();
    }
}

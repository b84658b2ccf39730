package android.view;

import android.content.Context;
import android.content.res.Resources;

/** Layout, translation, on-screen location and touch dispatch work as on Android; the touch
 *  listener is kept where Android keeps it (`mListenerInfo.mOnTouchListener`). */
public class View {
    public interface OnTouchListener {
        boolean onTouch(View v, MotionEvent event);
    }

    static class ListenerInfo {
        OnTouchListener mOnTouchListener;
    }

    private final Context mContext;
    ListenerInfo mListenerInfo;
    private ViewParent mParent;
    private int mLeft, mTop, mRight, mBottom;
    private float mTranslationX, mTranslationY;

    public View(Context context) { mContext = context; }

    void setParent(ViewParent parent) { mParent = parent; }

    public void setOnTouchListener(OnTouchListener l) {
        if (mListenerInfo == null) mListenerInfo = new ListenerInfo();
        mListenerInfo.mOnTouchListener = l;
    }

    public boolean dispatchTouchEvent(MotionEvent event) {
        ListenerInfo li = mListenerInfo;
        if (li != null && li.mOnTouchListener != null && li.mOnTouchListener.onTouch(this, event)) return true;
        return onTouchEvent(event);
    }

    public boolean onTouchEvent(MotionEvent event) { return false; }
    public final ViewParent getParent() { return mParent; }
    public final Context getContext() { return mContext; }
    public Resources getResources() { return mContext == null ? null : mContext.getResources(); }

    public void layout(int l, int t, int r, int b) {
        mLeft = l;
        mTop = t;
        mRight = r;
        mBottom = b;
    }

    public final int getLeft() { return mLeft; }
    public final int getTop() { return mTop; }
    public final int getWidth() { return mRight - mLeft; }
    public final int getHeight() { return mBottom - mTop; }
    public void setTranslationX(float translationX) { mTranslationX = translationX; }
    public void setTranslationY(float translationY) { mTranslationY = translationY; }
    public float getTranslationX() { return mTranslationX; }
    public float getTranslationY() { return mTranslationY; }

    public void getLocationOnScreen(int[] outLocation) {
        float x = mLeft + mTranslationX, y = mTop + mTranslationY;
        if (mParent instanceof View) {
            int[] parent = new int[2];
            ((View) mParent).getLocationOnScreen(parent);
            x += parent[0];
            y += parent[1];
        }
        outLocation[0] = Math.round(x);
        outLocation[1] = Math.round(y);
    }
}

package android.view;

import android.content.res.Resources;

public class View {
    public interface OnTouchListener {
        boolean onTouch(View v, MotionEvent event);
    }

    public void setOnTouchListener(OnTouchListener l) {}
    public boolean onTouchEvent(MotionEvent event) { return false; }
    public final int getWidth() { return 0; }
    public final int getHeight() { return 0; }
    public Resources getResources() { return null; }
    public void setTranslationX(float translationX) {}
    public void setTranslationY(float translationY) {}
    public float getTranslationX() { return 0; }
    public float getTranslationY() { return 0; }
}

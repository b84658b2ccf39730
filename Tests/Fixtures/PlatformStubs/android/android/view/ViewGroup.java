package android.view;

import android.content.Context;

public abstract class ViewGroup extends View implements ViewParent {
    public ViewGroup(Context context) { super(context); }

    public void addView(View child) { child.setParent(this); }

    protected abstract void onLayout(boolean changed, int l, int t, int r, int b);
}

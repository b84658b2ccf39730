package android.content;

import android.content.res.Resources;

public abstract class Context {
    public abstract Resources getResources();
}

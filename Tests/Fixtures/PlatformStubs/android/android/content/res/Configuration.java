package android.content.res;

public final class Configuration {
    public Configuration() {}
}

// The app (nothing here: its transitions are what the traces record).
public enum PluginApp {}

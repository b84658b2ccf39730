# A labels file (report.html's "Export labels CSV", docs/labels.md): which gestures it relabels,
# the trace's label beside the new one. `gesturetune analyze --relabel labels.csv` applies it.
import os

labels_path = "labels.csv"  # beside this notebook; point it at the exported file


def read_labels(path):
    """The labels file joined with the report's gestures (by file name and gesture id)."""
    labels = pd.read_csv(path, dtype=str, keep_default_na=False)
    missing = {"file", "gesture", "intent"} - set(labels.columns)
    if missing:
        raise ValueError(f"{path}: the header lacks {', '.join(sorted(missing))}")
    if "line" not in labels.columns:
        labels["line"] = ""
    labels["name"] = labels["file"].map(os.path.basename)
    labels["intent"] = labels["intent"].replace("", "none")
    trace = pd.DataFrame({
        "name": gestures["file"].map(os.path.basename),
        "gesture": gestures["id"].astype(str),
        "trace_intent": gestures["intent"].fillna("none"),
    })
    out = labels.merge(trace, on=["name", "gesture"], how="left")
    out["changes"] = out["trace_intent"].notna() & (out["trace_intent"] != out["intent"])
    return out[["file", "line", "gesture", "trace_intent", "intent", "changes"]]


if os.path.exists(labels_path):
    relabelled = read_labels(labels_path)
    print(f"{labels_path}: {len(relabelled)} labels, {int(relabelled['changes'].sum())} change the report's")
    display(relabelled)
else:
    print(f"no {labels_path} beside the notebook: export one from report.html (Export labels CSV); gesturetune analyze --relabel {labels_path} applies it")

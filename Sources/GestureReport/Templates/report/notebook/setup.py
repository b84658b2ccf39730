import json
from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd

report = json.loads(Path("report.json").read_text(encoding="utf-8"))
assert report["schema"] == "gesturetune.report/1", report["schema"]
gestures = pd.DataFrame(report["gestures"])
figures = report["figures"]

# Okabe-Ito colours; marker shape and dash are the second cue.
COLOURS = {"complete": "#0072B2", "cancel": "#D55E00", "unlabelled": "#CC79A7",
           "current": "#E69F00", "suggested": "#009E73", "reference": "#000000"}
MARKERS = {"complete": "o", "cancel": "^", "unlabelled": "D"}
DASHES = {"complete": "-", "cancel": "--", "unlabelled": ":",
          "current": "--", "suggested": "-", "reference": ":"}
LABELS = {"complete": "meant complete", "cancel": "meant cancel", "unlabelled": "unlabelled"}


def draw_histogram(h, ylabel):
    fig, ax = plt.subplots(figsize=(6.4, 4))
    for s in h["series"]:
        ax.stairs(s["counts"], h["edges"], fill=True, alpha=0.25, color=COLOURS[s["style"]])
        ax.stairs(s["counts"], h["edges"], color=COLOURS[s["style"]],
                  linestyle=DASHES[s["style"]], linewidth=1.8, label=s["name"])
    # Current and reference lines in black (as the scatter's current boundary), drawn last.
    for m in sorted(h["markers"], key=lambda m: m["style"] != "suggested"):
        if m["x"] is not None:
            colour = COLOURS["suggested"] if m["style"] == "suggested" else "#000000"
            ax.axvline(m["x"], color=colour, linestyle=DASHES[m["style"]], linewidth=2, label=m["name"])
    ax.set_xlabel(h["xLabel"])
    ax.set_ylabel(ylabel)
    ax.legend(fontsize=8)
    plt.show()


print(f"{len(gestures)} gestures loaded from report.json")
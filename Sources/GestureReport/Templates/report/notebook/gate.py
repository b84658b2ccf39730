import numpy as np

gt = figures.get("gateTradeoff")
if gt:
    # One curve per lock (colour and dash), the marked gates on top; counts on both axes.
    STYLES = [(20, "#56B4E9", ":"), (35, "#0072B2", "-"), (50, "#E69F00", "--"),
              (75, "#D55E00", "-."), (999, "#CC79A7", (0, (1.5, 2.5)))]
    fig, ax = plt.subplots(figsize=(6.4, 4))
    # Square-root scales, as the report's figure: the few misses and false triggers near the
    # corner are what tell gates apart.
    root = (lambda v: np.sqrt(np.clip(v, 0, None)), np.square)
    ax.set_xscale("function", functions=root)
    ax.set_yscale("function", functions=root)
    for c in gt["curves"]:
        _, colour, dash = next(s for s in STYLES if c["lockAngle"] < s[0])
        ax.plot(c["misses"], c["falseTriggers"], color=colour, linestyle=dash, linewidth=2,
                label=f"lock {c['lockAngle']:g}°")
    placed = {}
    for m in reversed(gt["marks"]):
        style = {"suggested": dict(marker="o", color=COLOURS["suggested"], s=60),
                 "current": dict(marker="s", facecolors="none", edgecolors="black", s=90)}
        ax.scatter([m["misses"]], [m["falseTriggers"]], zorder=3, clip_on=False,
                   **style.get(m["key"], dict(marker="D", facecolors="none", edgecolors="black", s=90)))
        # Labels of marks on one spot stacked below each other.
        spot = (m["misses"], m["falseTriggers"])
        k = placed[spot] = placed.get(spot, -1) + 1
        ax.annotate(m["label"], spot, xytext=(8, 4 - 11 * k), textcoords="offset points",
                    fontsize=8)
    ax.set_xlim(0, max(gt["meant"], 1))
    ax.set_ylim(0, max(gt["others"], 1))
    ax.set_xlabel(f"misses: meant swipes refused (count of {gt['meant']}, √ scale)")
    ax.set_ylabel(f"false triggers (count of {gt['others']} other, √ scale)")
    ax.legend(fontsize=8)
    plt.show()
else:
    print("false triggers not measured: no gesture labelled other")

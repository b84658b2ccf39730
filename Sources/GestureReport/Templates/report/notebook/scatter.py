sc = figures["releaseScatter"]
vlo, vhi = sc["vRange"]
fig, ax = plt.subplots(figsize=(6.4, 4))
if not gestures.empty:
    groups = gestures["intent"].fillna("unlabelled")
    for group, rows in gestures.groupby(groups):
        ax.scatter(rows["p_r"].clip(0, 1), rows["v_p"].clip(vlo, vhi), s=10, alpha=0.6,
                   color=COLOURS[group], marker=MARKERS[group], label=LABELS[group])
    miss = gestures[gestures["misdecidedBySuggested"]]
    ax.scatter(miss["p_r"].clip(0, 1), miss["v_p"].clip(vlo, vhi), s=70, facecolors="none",
               edgecolors="black", label="misdecided (suggested)")
    only = gestures[gestures["misdecidedByCurrent"] & ~gestures["misdecidedBySuggested"]]
    ax.scatter(only["p_r"].clip(0, 1), only["v_p"].clip(vlo, vhi), s=70, facecolors="none",
               edgecolors="black", linestyle=":", label="misdecided (current only)")
# The current boundary last: its dashes stay visible where the two coincide.
for key, colour, dash in [("suggestedBoundary", COLOURS["suggested"], "-"), ("currentBoundary", "black", "--")]:
    for k, line in enumerate(sc[key]):
        ax.plot([pt[0] for pt in line], [pt[1] for pt in line], color=colour, linestyle=dash,
                linewidth=2, label=key.replace("Boundary", " boundary") if k == 0 else None)
ax.set_xlim(*sc["pRange"])
ax.set_ylim(vlo, vhi)
ax.set_xlabel("release progress p_r")
ax.set_ylabel("release velocity v_p (progress/s)")
ax.legend(fontsize=8)
plt.show()
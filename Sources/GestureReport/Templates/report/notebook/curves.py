pc = figures["progressCurves"]
fig, ax = plt.subplots(figsize=(6.4, 4))
seen = set()
for c in pc["curves"]:
    g = c["group"]
    ax.plot(c["t"], c["p"], color=COLOURS[g], linestyle=DASHES[g], linewidth=0.8, alpha=0.4,
            label=None if g in seen else LABELS[g])
    seen.add(g)
ax.set_xlim(0, pc["tMax"])
ax.set_ylim(0, 1)
ax.set_xlabel("time since the first sample (s)")
ax.set_ylabel("progress p(t)")
ax.set_title(f"showing {pc['shown']} of {pc['total']} gestures", fontsize=9)
ax.legend(fontsize=8)
plt.show()
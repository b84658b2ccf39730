g = report["groups"]
name = next(iter(g["pooledParameters"]), None)
if name:
    rows = [x for x in g["groups"] if x["enough"]]
    fig, ax = plt.subplots(figsize=(6.4, 0.5 + 0.4 * (len(rows) + 1)))
    for i, x in enumerate(rows):
        p = x["parameters"][name]
        ax.errorbar(p["estimate"], i, xerr=[[p["estimate"] - p["lower"]], [p["upper"] - p["estimate"]]], fmt="o", color="#0072B2")
    pooled = g["pooledParameters"][name]
    ax.axvline(pooled["estimate"], color="#009E73", linestyle="--")
    ax.axvspan(pooled["lower"], pooled["upper"], color="#009E73", alpha=0.15)
    ax.set_yticks(range(len(rows)), [x["name"] for x in rows])
    ax.set_xlabel(name)
    plt.show()

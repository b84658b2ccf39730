rules = pd.DataFrame([
    {"rule": r["family"], "crossValidatedError": r["crossValidatedError"],
     "inSampleError": r["inSampleError"], "misclassified": len(r["misclassified"]),
     **(r["confusion"] or {}), "note": r["note"]}
    for r in report["rules"]
])
presets = pd.DataFrame(report["presets"])[["name", "error", "misdecided", "completes"]]
rules
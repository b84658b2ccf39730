parameters = pd.DataFrame(report["parameters"]["rows"])
parameters[["name", "symbol", "unit", "suggested", "interval", "current", "defaults"]]
summary = report["summary"]
keys = ["gesturesRead", "gesturesUsed", "skippedTotal", "labelled", "currentSource",
        "currentError", "suggestedError", "errorChange", "currentMisdecided", "suggestedMisdecided"]
pd.DataFrame({"value": [summary[k] for k in keys]}, index=keys)
columns = ["id", "samples", "duration", "p_r", "v", "v_p", "intent", "currentDecision", "suggestedDecision", "flags"]
gestures[[c for c in columns if c in gestures.columns]].head({{gestureRows}})
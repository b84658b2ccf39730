import GesturePhysics
import GestureTrace

extension NotebookRenderer {
    /// Loads the raw traces named in the summary with pandas (paths as given to `analyze`, tried
    /// from the notebook's folder and up to three folders above; standard input is skipped).
    static let tracesCode = #"""
        # The raw traces, one row per sample.
        frames = []
        for name in report["summary"]["files"]:
            found = next((c for c in [Path(name)] + [Path(*[".."] * k) / name for k in (1, 2, 3)] if c.is_file()), None)
            if name == "-" or found is None:
                print(f"{name}: not found from here; skipped")
                continue
            frame = pd.read_csv(found)
            frame.insert(0, "file", name)
            frames.append(frame)
        traces = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
        print(f"{len(traces)} samples from {len(frames)} of {len(report['summary']['files'])} files")
        """#

    /// The page's what-if in Python: gesturetune's decision formulas (`Rule.completes`) on each
    /// gesture's release state, counted over labelled gestures not interrupted by the system.
    static let whatIfCode = #"""
        import math


        def completes(family, q, g):
            p, v = g["p_r"], g["v_p"]
            if family == "threshold":
                return v >= q[1] or (abs(v) < q[1] and p >= q[0])
            if family == "forward":
                return v >= 0 and (v > q[1] or p > q[0])
            if family == "projection":
                return p + q[1] * v >= q[0]
            if family == "kinematic":
                if g["kinematicSamples"] < 3:
                    return g["kinematicVelocity"] > 0
                target, d = min(q[0] / g["extent"], 0.5), q[1]
                return p + g["kinematicVelocity"] * d + g["kinematicAcceleration"] * d * d / 2 >= target
            return q[0] + q[1] * p + q[2] * v >= 0


        def percent(fraction):
            """A fraction as the report writes it (NumberText.percent): one decimal, half away from zero."""
            scaled = abs(fraction * 100) * 10
            n = math.floor(scaled)
            n += 1 if scaled - n >= 0.5 else 0
            return ("-" if fraction < 0 and n else "") + f"{n // 10}.{n % 10}%"


        def what_if(rule=None, **values):
            """Misdecided labelled gestures under `rule` (a summary rule object) with `values` changed."""
            rule = dict(rule or report["summary"]["suggestedRule"], **values)
            q = [float(rule[k]) for k in rule if k != "family"]
            counted = [g for g in report["gestures"] if g["intent"] is not None and "interrupted" not in g["flags"]]
            wrong = sum(completes(rule["family"], q, g) != (g["intent"] == "complete") for g in counted)
            share = percent(wrong / len(counted)) if counted else "n/a"
            return f"{rule['family']}: {wrong} of {len(counted)} labelled gestures misdecided ({share})"


        print(what_if())
        try:
            import ipywidgets as widgets
        except ImportError:
            widgets = None  # call what_if(progressThreshold=0.45, ...) instead
        if widgets is not None:
            rule = report["summary"]["suggestedRule"]
            sliders = {k: widgets.FloatText(value=float(v), description=k) for k, v in rule.items() if k != "family"}
            widgets.interact(lambda **values: print(what_if(**values)), **sliders)
        """#

    /// What `whatIfCode` prints for the suggested rule, decided here by `Rule.completes`.
    var whatIfOutput: String {
        let rule = model.summary.suggestedRule
        let counted = model.gestures.filter { $0.intent != nil && !$0.flags.interruptedBySystem }
        let wrong = counted.filter { (rule.completes($0.release) ? Intent.complete : .cancel) != $0.intent }.count
        let share = counted.isEmpty ? "n/a" : NumberText.percent(Double(wrong) / Double(counted.count))
        return "\(rule.family.rawValue): \(wrong) of \(counted.count) labelled gestures misdecided (\(share))\n"
    }

    /// The two cells after the gesture table: raw traces, what-if.
    var exploreCells: [Cell] {
        let files = model.summary.files.count
        return [
            .markdown("## Explore\n\nThe raw traces with pandas, and what the suggested rule would decide with other parameters (`what_if(progressThreshold=0.45)`; sliders when `ipywidgets` is installed).\n"),
            .code(Self.tracesCode, [.stream("\(model.summary.rowsRead) samples from \(files) of \(files) files\n")]),
            .code(Self.whatIfCode, [.stream(whatIfOutput)]),
        ]
    }
}

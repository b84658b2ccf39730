#!/usr/bin/env python3
"""Small studies (issue 29): tune on a few labelled gestures, apply to 5,000 fresh ones.

For each study size and seed: `simulate` a labelled training set and a fresh set of the same
people (same --people, --spread and --people-seed, so the same people's speeds, hesitations
and habits; another --seed, so new gestures; `--new-people` draws the fresh set's people
anew as well), `analyze` the training set, then `batch` the
fresh set under what would ship (params.json: the recommendation), under the tuned rule before
selection (report.json's suggestedRule), under every preset, and under the current set. The
oracle is the best in-sample rule on the fresh set (analyze's lowest fitted error over the
searched families); the issue's own oracle, the best threshold rule on the fresh set, is
printed beside it. Prints, per size, the mean and worst fresh error of each, and how often the
recommendation was the tuned rule, a preset or the current set.

    bench/small_studies.py [--bin .build/release/gesturetune] [--sizes 50,100,300,1000]
                           [--seeds 5] [--fresh 5000] [--people 8] [--spread 0.3]
                           [--new-people]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

PRESETS = ["flutter-cupertino", "android-drawer", "uikit-system", "react-navigation", "ionic"]


def run(args, **kw):
    r = subprocess.run(args, capture_output=True, text=True, **kw)
    if r.returncode not in (0, 1):
        sys.exit(f"{' '.join(args)} exited {r.returncode}: {r.stderr}")
    return r.stdout


def fresh_error(binary, trace, params):
    out = run([binary, "batch", trace, "--params", params, "--max-error", "1", "--format", "json"])
    return json.loads(out)["totals"]["errorRate"]


def rule_params(rule, direction="right"):
    """A params.json holding `rule` (report.json writes rules under params.json's keys)."""
    doc = {"schema": "gesturetune.params/1", "rule": rule["family"], "direction": direction}
    doc.update({k: v for k, v in rule.items() if k != "family"})
    return doc


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=".build/release/gesturetune")
    ap.add_argument("--sizes", default="50,100,300,1000")
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--fresh", type=int, default=5000)
    ap.add_argument("--people", type=int, default=8)
    ap.add_argument("--spread", type=float, default=0.3,
                    help="people's own thresholds (simulate --spread); 0: none, intent from the motion")
    ap.add_argument("--new-people", action="store_true",
                    help="the fresh set's people drawn anew (another population), not the study's")
    a = ap.parse_args()
    binary = os.path.abspath(a.bin)
    sizes = [int(s) for s in a.sizes.split(",")]
    people = ["--people", str(a.people)] + (["--spread", str(a.spread)] if a.spread > 0 else [])
    with tempfile.TemporaryDirectory() as tmp:
        print(f"fresh sets of {a.fresh}, {a.people} people, spread {a.spread}, "
              f"{'new people' if a.new_people else 'the same people'}; errors in %")
        print(f"{'size':>5} {'seed':>4} {'oracle':>6} {'ships':>6} {'tuned':>6} {'current':>7} "
              f"{'bestPreset':>10}  recommendation")
        rows = {}
        for seed in range(1, a.seeds + 1):
            fresh = os.path.join(tmp, f"fresh-{seed}.csv")
            with open(fresh, "w") as f:
                same = [] if a.new_people else ["--people-seed", str(seed)]
                subprocess.run([binary, "simulate", "--gestures", str(a.fresh), "--seed",
                                str(10_000 + seed)] + people + same, stdout=f, check=True)
            run([binary, "analyze", fresh, "--out", tmp, "--name", f"oracle-{seed}",
                 "--resamples", "0"])
            with open(os.path.join(tmp, f"oracle-{seed}", "report.json")) as f:
                report = json.load(f)
            fitted = [r.get("inSampleError") for r in report.get("rules", [])]
            fitted = [e for e in fitted if isinstance(e, (int, float))]
            oracle = min(fitted) if fitted else report["summary"]["suggestedError"]
            # The issue's own oracle: the best threshold rule on the fresh set.
            thresholds = [r.get("inSampleError") for r in report.get("rules", [])
                          if r.get("family") == "threshold"]
            oracle_threshold = thresholds[0] if thresholds else oracle
            presets = {p: fresh_error(binary, fresh, p) for p in PRESETS}
            current = presets["flutter-cupertino"]
            for n in sizes:
                train = os.path.join(tmp, f"train-{n}-{seed}.csv")
                with open(train, "w") as f:
                    same = [] if a.new_people else ["--people-seed", str(seed)]
                    subprocess.run([binary, "simulate", "--gestures", str(n), "--seed", str(seed)]
                                   + people + same, stdout=f, check=True)
                name = f"study-{n}-{seed}"
                run([binary, "analyze", train, "--out", tmp, "--name", name])
                folder = os.path.join(tmp, name)
                with open(os.path.join(folder, "report.json")) as f:
                    summary = json.load(f)["summary"]
                ships = fresh_error(binary, fresh, os.path.join(folder, "params.json"))
                tuned_file = os.path.join(tmp, f"{name}-tuned.json")
                with open(tuned_file, "w") as f:
                    json.dump(rule_params(summary["suggestedRule"]), f)
                tuned = fresh_error(binary, fresh, tuned_file)
                choice = summary.get("recommendation", "?")
                if summary.get("recommendedPreset"):
                    choice += " " + summary["recommendedPreset"]
                best = min(presets.values())
                rows.setdefault(n, []).append(
                    (oracle, ships, tuned, current, best, choice, oracle_threshold))
                print(f"{n:>5} {seed:>4} {oracle*100:6.1f} {ships*100:6.1f} {tuned*100:6.1f} "
                      f"{current*100:7.1f} {best*100:10.1f}  {choice}", flush=True)
        print()
        print(f"{'size':>5}  {'ships mean/worst':>17}  {'tuned mean/worst':>17}  "
              f"{'best preset':>11}  {'oracle':>6}  worst (ships − oracle)  "
              f"{'threshold oracle':>16}  worst (ships − it)")
        for n in sizes:
            r = rows[n]
            col = lambda i: [x[i] * 100 for x in r]
            gap = max(x[1] - x[0] for x in r) * 100
            gap_threshold = max(x[1] - x[6] for x in r) * 100
            print(f"{n:>5}  {statistics.mean(col(1)):8.1f}/{max(col(1)):<8.1f}  "
                  f"{statistics.mean(col(2)):8.1f}/{max(col(2)):<8.1f}  "
                  f"{statistics.mean(col(4)):11.1f}  {statistics.mean(col(0)):6.1f}  {gap:+22.1f}  "
                  f"{statistics.mean(col(6)):16.1f}  {gap_threshold:+.1f}")


if __name__ == "__main__":
    main()

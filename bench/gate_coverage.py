#!/usr/bin/env python3
"""The start-of-gesture gate on simulated truth: tune on a small set, apply to a fresh one.

For each seed: `simulate` a training set of --meant labelled swipes plus --others × as many
gestures not meant for the transition (intent other: scrolls with drift, mid-screen carousel
swipes, diagonal thumbs, taps), and a fresh set of --fresh swipes of the same generator (another
seed). `analyze` the training set (bootstrap intervals of the gate's edge and lock), then `batch`
the fresh set under its params.json: the fresh miss and false-trigger rates. The best gates on
the fresh set are `analyze`'s flat optimum there (report.json `gate.optimum`: the lowest and
highest edge and lock among the gates with the fewest misses + false triggers over the same
grid), and its suggestion (the middle of that region).

What the intervals should cover (docs/gate.md): the generator's separation has sharp upper
ends (carousel swipes start at 25% of the extent, diagonal thumbs head 30° or more) but its
lower ends are the meant swipes' Gaussian tails, so no point is "the" generating gate. The
fresh optimum (7,500 gestures) stands for it: an interval covers when it contains the fresh
optimum's whole range (low end at or below its lowest, high end at or above its highest), so
it covers every gate that is best on fresh data, the middle included. So that covering
everything does not pass for an answer, it also prints the median interval widths beside the
fresh optimum's, and the fresh rates of the interval's extreme gates: (low edge, low lock)
misses the most of any gate in the interval box, (high edge, high lock) false-triggers the most.

Prints per seed and in total: fresh miss and false-trigger rates of the tuned gate against the
best gate's, how many seeds are within one point on both, how many training intervals contain
the fresh optimum (edge, lock, both) and the best gate (the old figure), the median widths, and
the worst fresh rates inside the intervals.

    bench/gate_coverage.py [--bin .build/release/gesturetune] [--seeds 100] [--meant 200]
                           [--others 0.5] [--fresh 5000] [--resamples 200]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile


def run(args):
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode not in (0, 1):
        sys.exit(f"{' '.join(args)} exited {r.returncode}: {r.stderr}")
    return r.stdout


def high(x):
    """An interval's or region's upper edge: null in report.json is the whole extent."""
    return float("inf") if x is None else x


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return (xs[(n - 1) // 2] + xs[n // 2]) / 2


def fresh_rates(binary, fresh, params, tmp, edge, lock):
    """Fresh miss and false-trigger rates of params.json with its gate set to (edge, lock)."""
    p = json.load(open(params))
    gate = dict(p.get("gate", {}))
    if edge == float("inf"):
        gate.pop("edgeWidth", None)
    else:
        gate["edgeWidth"] = edge
    gate["lockAngle"] = lock
    p["gate"] = gate
    path = os.path.join(tmp, "corner.json")
    json.dump(p, open(path, "w"))
    r = json.loads(run([binary, "batch", fresh, "--params", path, "--format", "json",
                        "--max-error", "1"]))["files"][0]
    return r["missRate"], r["falseTriggerRate"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=".build/release/gesturetune")
    ap.add_argument("--seeds", type=int, default=100)
    ap.add_argument("--meant", type=int, default=200)
    ap.add_argument("--others", type=float, default=0.5)
    ap.add_argument("--fresh", type=int, default=5000)
    ap.add_argument("--resamples", type=int, default=200)
    a = ap.parse_args()
    binary = os.path.abspath(a.bin)
    within = contains_edge = contains_lock = contains_both = 0
    covered_edge = covered_lock = 0
    widths_edge, widths_lock, optimum_edge, optimum_lock = [], [], [], []
    worst_miss = worst_false = 0.0
    whole_extent = 0
    print("seed  tuned edge/lock  [edge interval] [lock interval]  fresh optimum edge; lock  "
          "best  fresh miss/false tuned  best  worst in the interval")
    fmt = lambda lo, hi: f"[{lo:g}, {'full' if hi == float('inf') else f'{hi:g}'}]"
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(1, a.seeds + 1):
            train = os.path.join(tmp, "train.csv")
            fresh = os.path.join(tmp, "fresh.csv")
            run([binary, "simulate", "--gestures", str(a.meant), "--others", str(a.others),
                 "--seed", str(seed), "--out", train])
            run([binary, "simulate", "--gestures", str(a.fresh), "--others", str(a.others),
                 "--seed", str(100000 + seed), "--out", fresh])
            out = os.path.join(tmp, "out")
            run([binary, "analyze", train, "--out", out, "--name", "t",
                 "--resamples", str(a.resamples)])
            gate = json.load(open(os.path.join(out, "t", "report.json")))["gate"]
            params = os.path.join(out, "t", "params.json")
            tuned = json.load(open(params)).get("gate", {})
            result = json.loads(run([binary, "batch", fresh, "--params", params, "--format",
                                     "json", "--max-error", "1"]))["files"][0]
            run([binary, "analyze", fresh, "--out", out, "--name", "f", "--resamples", "0"])
            best = json.load(open(os.path.join(out, "f", "report.json")))["gate"]
            meant, others = best["meant"], best["others"]
            best_miss = best["misses"] / meant
            best_false = best["falseTriggers"] / others
            ok = (result["missRate"] - best_miss <= 0.01
                  and result["falseTriggerRate"] - best_false <= 0.01)
            within += ok
            ei, li = gate["edgeWidthInterval"], gate["lockAngleInterval"]
            e_lo, e_hi = ei["low"], high(ei["high"])
            l_lo, l_hi = li["low"], li["high"]
            o = best["optimum"]
            o_e_lo, o_e_hi = o["edgeWidth"]["low"], high(o["edgeWidth"]["high"])
            o_l_lo, o_l_hi = o["lockAngle"]["low"], o["lockAngle"]["high"]
            ce = e_lo <= o_e_lo and o_e_hi <= e_hi
            cl = l_lo <= o_l_lo and o_l_hi <= l_hi
            contains_edge += ce
            contains_lock += cl
            contains_both += ce and cl
            be = high(best["suggested"]["edgeWidth"])
            bl = best["suggested"]["lockAngle"]
            covered_edge += e_lo <= be <= e_hi
            covered_lock += l_lo <= bl <= l_hi
            whole_extent += e_hi == float("inf")
            widths_edge.append(e_hi - e_lo)
            widths_lock.append(l_hi - l_lo)
            optimum_edge.append(o_e_hi - o_e_lo)
            optimum_lock.append(o_l_hi - o_l_lo)
            corner_miss, _ = fresh_rates(binary, fresh, params, tmp, e_lo, l_lo)
            _, corner_false = fresh_rates(binary, fresh, params, tmp, e_hi, l_hi)
            worst_miss = max(worst_miss, corner_miss)
            worst_false = max(worst_false, corner_false)
            print(f"{seed:4d}  {tuned.get('edgeWidth', 'full')}/{tuned.get('lockAngle')}  "
                  f"{fmt(e_lo, e_hi)} {fmt(l_lo, l_hi)}  "
                  f"{fmt(o_e_lo, o_e_hi)}; {fmt(o_l_lo, o_l_hi)}  {be:g}/{bl:g}  "
                  f"{result['missRate']:.2%}/{result['falseTriggerRate']:.2%}  "
                  f"{best_miss:.2%}/{best_false:.2%}  {corner_miss:.2%}/{corner_false:.2%}"
                  f"{'' if ok else '  beyond one point'}{'' if ce else '  edge not covered'}"
                  f"{'' if cl else '  lock not covered'}", flush=True)
    n = a.seeds
    print(f"within one point of the best gate on the fresh set (misses and false triggers): "
          f"{within}/{n}")
    print(f"intervals containing the fresh optimum: edge {contains_edge}/{n}, "
          f"lock {contains_lock}/{n}, both {contains_both}/{n}")
    print(f"intervals containing the best fresh gate (its middle): edge {covered_edge}/{n}, "
          f"lock {covered_lock}/{n}")
    print(f"median width: edge interval {median(widths_edge):g} pt (fresh optimum "
          f"{median(optimum_edge):g} pt), lock interval {median(widths_lock):g}° (fresh optimum "
          f"{median(optimum_lock):g}°); edge intervals reaching the whole extent: "
          f"{whole_extent}/{n}")
    print(f"worst fresh rates of a gate inside the intervals: misses {worst_miss:.2%} "
          f"(low edge, low lock), false triggers {worst_false:.2%} (high edge, high lock)")


if __name__ == "__main__":
    main()

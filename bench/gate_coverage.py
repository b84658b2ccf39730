#!/usr/bin/env python3
"""The start-of-gesture gate on simulated truth: tune on a small set, apply to a fresh one.

For each seed: `simulate` a training set of --meant labelled swipes plus --others × as many
gestures not meant for the transition (intent other: scrolls with drift, mid-screen carousel
swipes, diagonal thumbs, taps), and a fresh set of --fresh swipes of the same generator (another
seed). `analyze` the training set (bootstrap intervals of the gate's edge and lock), then `batch`
the fresh set under its params.json: the fresh miss and false-trigger rates. The best gate on the
fresh set is `analyze`'s in-sample gate there (the fewest misses + false triggers over the same
grid); its edge and lock are the truth the training intervals should cover.

Prints per seed and in total: fresh miss and false-trigger rates of the tuned gate against the
best gate's, how many seeds are within one point on both, and how many training intervals cover
the best gate's edge and lock.

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
    within = covered_edge = covered_lock = 0
    print("seed  tuned edge/lock  [edge interval] [lock interval]  best edge/lock  "
          "fresh miss/false tuned  best")
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
            ei, li = gate.get("edgeWidthInterval"), gate.get("lockAngleInterval")
            be = best["suggested"]["edgeWidth"]
            bl = best["suggested"]["lockAngle"]
            ce = ei is not None and be is not None and ei["low"] <= be <= ei["high"]
            cl = li is not None and li["low"] <= bl <= li["high"]
            covered_edge += ce
            covered_lock += cl
            fmt = lambda i: f"[{i['low']:g}, {i['high']:g}]" if i else "[none]"
            print(f"{seed:4d}  {tuned.get('edgeWidth', 'full')}/{tuned.get('lockAngle')}  "
                  f"{fmt(ei)} {fmt(li)}  {be}/{bl}  "
                  f"{result['missRate']:.2%}/{result['falseTriggerRate']:.2%}  "
                  f"{best_miss:.2%}/{best_false:.2%}"
                  f"{'' if ok else '  beyond one point'}{'' if ce else '  edge not covered'}"
                  f"{'' if cl else '  lock not covered'}", flush=True)
    n = a.seeds
    print(f"within one point of the best gate on the fresh set (misses and false triggers): "
          f"{within}/{n}")
    print(f"intervals covering the best gate's edge: {covered_edge}/{n}, lock: {covered_lock}/{n}")


if __name__ == "__main__":
    main()

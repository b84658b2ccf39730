#!/usr/bin/env python3
"""Issue 29: which estimator of the tuned rule chases the study's noise least? (run by hand)

The tool ships the bagged grid minimum (the median row and column of the bootstrap resamples'
minima). This compares it, on many populations and seeds, with the plain grid minimum and with
a smoothed empirical risk (the error surface convolved with a Gaussian of h grid steps before
its minimum is taken: Horowitz's smoothed maximum score, h = 4 (300/n)^(1/5) steps), alone
and bagged. It is an independent numpy re-implementation of the `projection` family's search
(p_th 0.05-0.95 step 0.01 by tau 0-1 s step 0.01, ties to their centre) on what `measure`
writes per gesture, not the tool's search: a quick way to try estimators before building one.

For each population and seed: `simulate` 1,000 labelled gestures (a study of n is the first n)
and 5,000 fresh gestures of the same people (`--people-seed`), `measure` both, tune on the
study, and print the fresh error of each estimator's rule minus the fresh set's best
`projection` rule (the oracle), mean/worst over the seeds, in points.

    bench/estimator_study.py [--bin .build/release/gesturetune] [--seeds 10] [--first-seed 1]
                             [--populations A,B,C,D,E,F] [--sizes 100,300,1000]
                             [--bandwidth 4,0.2]

Needs numpy and scipy (not the test suite's dependencies).
"""
import argparse
import csv
import io
import os
import subprocess

import numpy as np
from scipy.ndimage import gaussian_filter1d

P = np.arange(5, 96) / 100.0  # p_th rows
T = np.arange(0, 101) / 100.0  # tau columns

POPULATIONS = {  # name: simulate options
    "A": ["--people", "8", "--spread", "0.3"],
    "B": ["--people", "8"],
    "C": ["--people", "30", "--spread", "0.1"],
    "D": ["--people", "4", "--spread", "0.5"],
    "E": ["--people", "15", "--spread", "0.2", "--ambiguous", "0.1"],
    "F": ["--people", "8", "--ambiguous", "0.15"],
}


def measured(binary, options, gestures, seed, people_seed):
    trace = subprocess.run([binary, "simulate", "--gestures", str(gestures), "--seed", str(seed),
                            "--people-seed", str(people_seed)] + options,
                           capture_output=True, check=True).stdout
    rows = subprocess.run([binary, "measure", "-"], input=trace, capture_output=True,
                          check=True).stdout.decode()
    p, v, y = [], [], []
    for r in csv.DictReader(io.StringIO(rows)):
        if r["intent"] in ("complete", "cancel") and r["interrupted"] != "true":
            p.append(float(r["p_r"]))
            v.append(float(r["v_p"]))
            y.append(r["intent"] == "complete")
    return np.array(p), np.array(v), np.array(y)


def errors(p, v, y, w=None):
    """errors[row, column]: weighted misdecided gestures of `p + tau v >= p_th`."""
    w = np.ones(len(p)) if w is None else w
    landing = p[None, :] + T[:, None] * v[None, :]
    wrong = (landing[:, :, None] >= P[None, None, :]) != y[None, :, None]
    return np.einsum("cnr,n->rc", wrong, w)


def centre_of_minimum(e):
    rows, columns = np.nonzero(e <= e.min() + 1e-9)
    k = np.argmin((rows - rows.mean()) ** 2 + (columns - columns.mean()) ** 2)
    return rows[k], columns[k]


def smoothed(h):
    return lambda e: centre_of_minimum(
        gaussian_filter1d(gaussian_filter1d(e.astype(float), h, axis=0, mode="nearest"),
                          h, axis=1, mode="nearest"))


SCALE, RATE = 4.0, 0.2  # h(n) = SCALE (300/n)^RATE grid steps (--bandwidth)


def bandwidth(n):
    return SCALE * (300 / n) ** RATE


def box_radius(n):
    """The box half-width r = floor(h(n)): three passes have sd sqrt(r(r+1)) ≈ r + 1/2 steps."""
    return max(0, int(np.floor(bandwidth(n))))


def box3(e, r):
    """Three passes of a (2r+1)-wide box along each axis, edges clamped (what the tool does)."""
    if r == 0:
        return e
    out = e.astype(np.int64)
    for axis in (0, 1):
        for _ in range(3):
            padded = np.pad(out, [(r, r) if a == axis else (0, 0) for a in (0, 1)], mode="edge")
            c = np.cumsum(padded, axis=axis)
            c = np.concatenate([np.zeros_like(np.take(c, [0], axis=axis)), c], axis=axis)
            n = out.shape[axis]
            out = np.take(c, np.arange(2 * r + 1, 2 * r + 1 + n), axis=axis) - np.take(
                c, np.arange(0, n), axis=axis)
    return out


def boxed(r):
    return lambda e: centre_of_minimum(box3(e, r))


def bagged(rng, p, v, y, pick, resamples=60):
    choices = [pick(errors(p, v, y, rng.poisson(1.0, len(p)).astype(float)))
               for _ in range(resamples)]
    rows, columns = zip(*choices)
    middle = (resamples - 1) // 2
    return int(np.sort(rows)[middle]), int(np.sort(columns)[middle])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=".build/release/gesturetune")
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--populations", default="A,B,C,D,E,F")
    ap.add_argument("--sizes", default="100,300,1000")
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--bandwidth", default="4,0.2", help="SCALE,RATE: h = SCALE (300/n)^RATE steps")
    a = ap.parse_args()
    global SCALE, RATE
    SCALE, RATE = (float(x) for x in a.bandwidth.split(","))
    binary = os.path.abspath(a.bin)
    sizes = [int(s) for s in a.sizes.split(",")]
    names = ["minimum", "bagged (ships)", "smoothed", "smoothed+bagged", "box+bagged"]
    print("fresh error minus the fresh set's best projection rule, points, mean/worst")
    for population in a.populations.split(","):
        options = POPULATIONS[population]
        rng = np.random.default_rng(7)
        gaps = {(n, name): [] for n in sizes for name in names}
        for seed in range(a.first_seed, a.first_seed + a.seeds):
            pf, vf, yf = measured(binary, options, 5000, 10_000 + seed, seed)
            fresh = errors(pf, vf, yf) / len(pf)
            study = measured(binary, options, max(sizes), seed, seed)
            for n in sizes:
                p, v, y = (x[:n] for x in study)
                h = bandwidth(n)
                e = errors(p, v, y)
                choices = [centre_of_minimum(e), bagged(rng, p, v, y, centre_of_minimum),
                           smoothed(h)(e), bagged(rng, p, v, y, smoothed(h)),
                           bagged(rng, p, v, y, boxed(box_radius(n)), resamples=100)]
                for name, (r, c) in zip(names, choices):
                    gaps[(n, name)].append(100 * (fresh[r, c] - fresh.min()))
        print(f"{population} ({' '.join(options)})")
        for n in sizes:
            print(f"  {n:5}  " + "  ".join(
                f"{name} {np.mean(gaps[(n, name)]):.2f}/{np.max(gaps[(n, name)]):.2f}"
                for name in names), flush=True)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The pandas + numpy comparison of issue 13: what a notebook does for one rule family.

Reads a labelled canonical trace CSV (gesture,t,x,y,phase,intent,width; swipe-back to the
right, progress = displacement along x / width), computes per gesture the release progress
p_r (from the `ended` sample) and the lsq2 release velocity over physics.md's window
(newest began/moved sample back while age <= 100 ms, gap <= 40 ms, at most 20 samples;
equal timestamps keep the later sample; the lift-off position is never fitted; a rest of
more than 40 ms before lift-off gives 0) with np.polyfit of degree 2, then searches the
`threshold` grid (p_th 0.05..0.95 step 0.01 x v_th 0..5 step 0.02) by brute force: every
candidate decides every gesture. No cross-validation, no bootstrap.

    python3 bench/pandas_pipeline.py FILE

Prints the gesture count, the chosen (p_th, v_th) with its error count, and on the last
line `pipeline_seconds S` (after the imports: read + per-gesture fits + grid).
"""
import sys
import time

import numpy as np
import pandas as pd

H, G, N = 0.100, 0.040, 20


def lsq2_velocity(t, x, t_release):
    """Slope at the newest sample of the degree-2 least-squares fit over the window (pt/s)."""
    # Equal timestamps: the later sample replaces the earlier.
    keep = np.append(t[1:] != t[:-1], True)
    t, x = t[keep], x[keep]
    tn = t[-1]
    if t_release - tn > G:
        return 0.0
    k = len(t) - 1
    kept = 1
    while k > 0 and kept < N and tn - t[k - 1] <= H and t[k] - t[k - 1] <= G:
        k -= 1
        kept += 1
    tw, xw = t[k:] - tn, x[k:]
    if len(tw) >= 3:
        return float(np.polyfit(tw, xw, 2)[1])
    if len(tw) == 2:
        return float((xw[1] - xw[0]) / (tw[1] - tw[0]))
    return 0.0


def main(path):
    start = time.perf_counter()
    df = pd.read_csv(path)
    rows = []
    for gesture, g in df.groupby("gesture", sort=False):
        g = g.sort_values("t", kind="stable")
        ended = g[g["phase"] == "ended"]
        moving = g[g["phase"].isin(["began", "moved"])]
        if ended.empty or moving.empty or pd.isna(ended["intent"].iloc[0]):
            continue
        width = float(g["width"].iloc[0])
        x0 = float(g["x"].iloc[0])
        t_release = float(ended["t"].iloc[0])
        p_r = min(max((float(ended["x"].iloc[0]) - x0) / width, 0.0), 1.0)
        v = lsq2_velocity(moving["t"].to_numpy(), moving["x"].to_numpy(), t_release)
        rows.append((p_r, v / width, ended["intent"].iloc[0] == "complete"))
    table = pd.DataFrame(rows, columns=["p", "v", "complete"])
    p = table["p"].to_numpy()
    v = table["v"].to_numpy()
    y = table["complete"].to_numpy()
    p_th = np.arange(5, 96) / 100
    v_th = np.arange(0, 251) / 50
    best = None
    for vt in v_th:
        # threshold rule: v >= v_th completes; v <= -v_th cancels; otherwise p >= p_th.
        fast = v >= vt
        slow = np.abs(v) < vt
        decided = fast[None, :] | (slow[None, :] & (p[None, :] >= p_th[:, None]))
        errors = (decided != y[None, :]).sum(axis=1)
        i = int(errors.argmin())
        if best is None or errors[i] < best[0]:
            best = (int(errors[i]), p_th[i], vt)
    elapsed = time.perf_counter() - start
    print(f"gestures {len(table)}")
    print(f"threshold p_th={best[1]:.2f} v_th={best[2]:.2f} errors={best[0]}")
    print(f"pipeline_seconds {elapsed:.3f}")


if __name__ == "__main__":
    main(sys.argv[1])

#!/usr/bin/env python3
"""Labelled canonical traces for the benchmarks (a stand-in for `gesturetune simulate`).

    gen-traces.py corpus DIR --files 2000 --gestures 40 [--seed 1]
    gen-traces.py file PATH --mb 200 [--seed 1]

Columns `gesture,t,x,y,phase,intent,width` (t in seconds, x/y in pt, width 390 pt).
Each gesture is a rightward minimum-jerk drag of ~30 samples at 120 Hz released part-way
through its profile (so it leaves with a velocity); `complete` gestures travel further and
faster than `cancel` ones, and 5% of the labels are flipped (ambiguous intents).
Same seed, same bytes.
"""
import argparse
import os
import random

HEADER = "gesture,t,x,y,phase,intent,width\n"


def gesture_rows(rng, gid, t0):
    """The rows of one gesture, as one string, and its end time."""
    complete = rng.random() < 0.5
    n = rng.randint(24, 36)  # samples, 120 Hz
    dt = 1.0 / 120.0
    x0 = rng.uniform(5.0, 60.0)
    y0 = rng.uniform(100.0, 700.0)
    if complete:
        dist = rng.uniform(160.0, 380.0)
        cut = rng.uniform(0.55, 0.85)  # released part-way: still moving
    else:
        dist = rng.uniform(40.0, 220.0)
        cut = rng.uniform(0.85, 1.0)  # nearly stopped
    label = complete if rng.random() >= 0.05 else not complete
    intent = "complete" if label else "cancel"
    drift = rng.uniform(-0.3, 0.3)
    out = []
    for k in range(n):
        tau = cut * k / (n - 1)
        s = tau * tau * tau * (10.0 - 15.0 * tau + 6.0 * tau * tau)
        x = x0 + dist * s + rng.gauss(0.0, 0.5)
        y = y0 + drift * dist * s + rng.gauss(0.0, 0.5)
        t = t0 + k * dt + rng.gauss(0.0, 0.0005) * (0 < k < n - 1)
        phase = "began" if k == 0 else ("ended" if k == n - 1 else "moved")
        out.append(f"g{gid},{t:.6f},{x:.2f},{y:.2f},{phase},{intent},390\n")
    return "".join(out), t0 + n * dt + rng.uniform(0.2, 1.0)


def write_file(path, rng, gestures=None, size=None):
    """Writes gestures until `gestures` are written or the file reaches `size` bytes."""
    tmp = path + ".tmp"
    written = len(HEADER)
    gid = 0
    t = 1000.0
    chunk = [HEADER]
    with open(tmp, "w") as f:
        while (gestures is not None and gid < gestures) or (size is not None and written < size):
            gid += 1
            rows, t = gesture_rows(rng, gid, t)
            chunk.append(rows)
            written += len(rows)
            if len(chunk) >= 512:
                f.write("".join(chunk))
                chunk = []
        f.write("".join(chunk))
    os.replace(tmp, path)
    return gid


def main():
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=["corpus", "file"])
    p.add_argument("path")
    p.add_argument("--files", type=int, default=2000)
    p.add_argument("--gestures", type=int, default=40)
    p.add_argument("--mb", type=float, default=200.0)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    rng = random.Random(a.seed)
    if a.mode == "corpus":
        os.makedirs(a.path, exist_ok=True)
        for i in range(a.files):
            write_file(os.path.join(a.path, f"trace-{i:05d}.csv"), rng, gestures=a.gestures)
    else:
        n = write_file(a.path, rng, size=int(a.mb * 1_000_000))
        print(f"{a.path}: {n} gestures")


if __name__ == "__main__":
    main()

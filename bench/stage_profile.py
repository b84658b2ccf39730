#!/usr/bin/env python3
"""Where analyze's time goes, by stage (issue 48): reads `perf script -F tid,ip,sym` of a
`perf record --call-graph dwarf` run on stdin (Swift names demangled with `swift demangle
--simplified` when that is on PATH) and prints each stage's share of the CPU samples and, given
--cpu SECONDS and --gestures N, its seconds and µs per gesture.

Each sample goes to the first stage below any of whose patterns one of its frames matches, so
a statistic's shared helpers (`CellCounts.add`) count under the statistic that called them.
"""
import argparse
import collections
import re
import sys

# (stage, regex on a frame's symbol), first match over the whole stack wins.
STAGES = [
    ("output (report files, JSON)", r"GestureReport\.|ReportModel|JSONRenderer|AtomicFile|StagedFolder"),
    ("bootstrap + bagging (1000 + 5 x 100 resamples, one pool)",
     r"Bootstrap\.|ColumnBlocks\.(choose|split)|Sampler|gsl_ran_|gsl_rng_|PoissonTables|RandomSource"),
    ("cross-validation", r"CrossValidator"),
    ("logistic fit", r"LogisticFit|fitLogistic"),
    ("gate tuning", r"GateTuner|GateStatistics\.(tune|answer)|GateAnswer"),
    ("estimator table", r"byEstimator"),
    ("summaries at tune time (suggestions, ambiguity)", r"summarize"),
    ("tuning (search, choice, end to end)", r"GestureTuning\.Tuner|Tuner\.|Analysis\.finish|EndToEnd"),
    ("statistic: estimator sample", r"EstimatorSample"),
    ("statistic: gate", r"GateStatistics"),
    ("statistic: logistic points", r"LogisticCells"),
    ("statistic: paired cells", r"PairedCells"),
    ("statistic: quantile sketches", r"QuantileSketch"),
    ("statistic: search cells", r"SearchStatistics|FamilyCells|ColumnCells|CellCounts"),
    ("statistic: summaries", r"SummaryStatistics|MeasurementTally|MotionTally"),
    ("statistic: sample", r"GestureSample"),
    ("statistic: other", r"TuningStatistics|DigestContext\.add|FileStage\.add\(measured"),
    ("gate features", r"gateFeatures|firstBeyond"),
    ("physics", r"GesturePhysics|PhysicsEngine|FileStage\.(measure|add\(_)|MeasurementCollector\.thin|gsl_"),
    ("read", r"GestureTrace|csv_parse|csv_fini|TraceReader|fieldCallback|rowCallback"),
]
COMPILED = [(name, re.compile(p)) for name, p in STAGES]


def stage(stack):
    for name, pattern in COMPILED:
        if any(pattern.search(f) for f in stack):
            return name
    return "other (start-up, runtime, kernel)"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cpu", type=float, help="the run's CPU seconds (user + sys)")
    ap.add_argument("--gestures", type=int, help="gestures in the file")
    args = ap.parse_args()
    counts = collections.Counter()
    stack = None
    header = re.compile(r"^\s*\d+\s*:?\s*$")
    for line in sys.stdin:
        if header.match(line):
            if stack is not None:
                counts[stage(stack)] += 1
            stack = []
        elif line.strip() and stack is not None:
            stack.append(line.strip().split(" ", 1)[-1])
    if stack is not None:
        counts[stage(stack)] += 1
    n = sum(counts.values())
    if n == 0:
        print("stage profile: no samples")
        return
    print(f"{'stage':58} {'share':>7} {'CPU s':>7} {'µs/gesture':>11}")
    order = [name for name, _ in STAGES] + ["other (start-up, runtime, kernel)"]
    for name in order:
        if counts[name] == 0:
            continue
        share = counts[name] / n
        cpu = f"{share * args.cpu:7.3f}" if args.cpu else f"{'':7}"
        per = (f"{1e6 * share * args.cpu / args.gestures:11.2f}"
               if args.cpu and args.gestures else "")
        print(f"{name:58} {100 * share:6.1f}% {cpu} {per}")
    print(f"({n} samples)")


if __name__ == "__main__":
    main()

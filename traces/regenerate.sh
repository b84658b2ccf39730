#!/bin/sh
# Regenerates the sample traces from the simulator (same seed, same bytes).
# Run from the package root after `swift build`:  sh traces/regenerate.sh
set -eu
bin="${GESTURETUNE:-.build/debug/gesturetune}"

# Labelled: drags, flicks, peeks, abandons and back-throws at 120 Hz, 5% of the labels
# disagreeing with the motion, so flutter-cupertino misdecides some.
"$bin" simulate --gestures 300 --seed 7 --out traces/swipe.csv

# Unlabelled: the same model without the intent column (fields 6 = intent dropped).
"$bin" simulate --gestures 120 --seed 1 | cut -d, -f1-5,7 > traces/unlabelled.csv.tmp
mv traces/unlabelled.csv.tmp traces/unlabelled.csv

# With an outcome column: what an app running the transition-treasury rule (p_th 0.3, velocity ignored) decided, to check against
# the current parameters (flutter-cupertino by default).
"$bin" simulate --gestures 150 --seed 5 --outcome transition-treasury --out traces/outcome.csv

# With gestures not meant for the transition (intent other): 100 scrolls with sideways
# drift, mid-screen carousel swipes, diagonal thumbs and taps beside 200 labelled swipes, for
# the start-of-gesture gate (docs/gate.md).
"$bin" simulate --gestures 200 --seed 11 --others 0.5 --out traces/accidental.csv

// GestureTuning: see README.md

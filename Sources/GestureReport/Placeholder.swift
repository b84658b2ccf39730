// GestureReport: see README.md

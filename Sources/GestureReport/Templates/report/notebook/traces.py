# The raw traces, one row per sample.
frames = []
for name in report["summary"]["files"]:
    found = next((c for c in [Path(name)] + [Path(*[".."] * k) / name for k in (1, 2, 3)] if c.is_file()), None)
    if name == "-" or found is None:
        print(f"{name}: not found from here; skipped")
        continue
    frame = pd.read_csv(found)
    frame.insert(0, "file", name)
    frames.append(frame)
traces = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
print(f"{len(traces)} samples from {len(frames)} of {len(report['summary']['files'])} files")
#!/usr/bin/env python3
"""The structure figures issue 42 asks for, from the tree as it is:

    python3 bench/code-figures.py

lines per module (swift format's layout, comments included; templates counted apart),
functions over 50 lines, hand-written codec functions (`init(from:)`, `encode(to:)`),
public declarations per module and the module import graph (targets of this package only).
"""
import os, re, sys
from collections import defaultdict

root = os.path.join(os.path.dirname(__file__), "..", "Sources")
modules = sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d)))
ours = set(modules)
lines, templates, public, imports = defaultdict(int), defaultdict(int), defaultdict(int), {}
long_functions, codecs = [], []
decl = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|package|private|fileprivate|internal|static|"
                  r"mutating|override|final|nonisolated|@discardableResult)\s+)*"
                  r"(?:func\s+\w+|init\??\s*[(<]|subscript\s*\()")
for m in modules:
    imports[m] = set()
    for folder, _, files in os.walk(os.path.join(root, m)):
        for name in files:
            path = os.path.join(folder, name)
            text = open(path, encoding="utf-8", errors="replace").read().split("\n")
            if "/Templates/" in path:
                templates[m] += len(text)
                continue
            if not name.endswith(".swift"):
                continue
            lines[m] += len(text)
            for i, line in enumerate(text):
                s = line.strip()
                if s.startswith("import "):
                    dep = s.split()[1]
                    if dep in ours:
                        imports[m].add(dep)
                if re.match(r"^(public|open)\s", s) or re.match(r"^(@\w+\s+)*public\s", s):
                    public[m] += 1
                if "func encode(to encoder" in s or "init(from decoder" in s:
                    codecs.append(f"{os.path.relpath(path, root)}:{i + 1}")
                if decl.match(line) and "{" in line and not s.startswith("//"):
                    depth, j = 0, i
                    started = False
                    while j < len(text):
                        code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', text[j]).split("//")[0]
                        depth += code.count("{") - code.count("}")
                        started = started or "{" in code
                        if started and depth <= 0:
                            break
                        j += 1
                    if j - i + 1 > 50:
                        long_functions.append((j - i + 1, f"{os.path.relpath(path, root)}:{i + 1}"))

print("lines per module (Swift; templates apart)")
for m in modules:
    extra = f" + {templates[m]} template lines" if templates[m] else ""
    print(f"  {m:18} {lines[m]:6}{extra}")
print(f"  {'total':18} {sum(lines.values()):6}")
print(f"\nfunctions over 50 lines: {len(long_functions)}")
for n, where in sorted(long_functions, reverse=True):
    print(f"  {n:4}  {where}")
print(f"\nhand-written codec functions (init(from:), encode(to:)): {len(codecs)}")
for c in codecs:
    print(f"  {c}")
print("\npublic declarations per module")
for m in modules:
    if public[m]:
        print(f"  {m:18} {public[m]}")
print("\nimport graph (this package's modules)")
for m in modules:
    if imports[m]:
        print(f"  {m} -> {', '.join(sorted(imports[m]))}")

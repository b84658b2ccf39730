"""Replays gestures in a report.html's drill-down, in headless Chromium through WebDriver, at
1280 x 900 and at 390 x 844 (touch emulation), and compares where each lane ends with
`gesturetune measure`.

usage: report-replay.py REPORT_HTML TRACES GESTURETUNE CHROMIUM SCREENSHOT_DIR

For a gesture the current and suggested sets decide differently (and, when there is one, a
gesture a set's gate refuses): the replay runs (its state goes from ready to playing to
ended), the finger's dot moves while the gesture lasts, and each lane ends in the decision
`measure TRACES --params SET` gives that gesture, SET being the lane's set as the page holds it
(the what-if's params.json); its sheet ends at 1 (complete) or 0 (cancel). The quarter speed
plays too. No console errors. Screenshots: replay-1280.png, replay-390.png.
"""
import csv
import io
import json
import os
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

report, traces, binary, chromium, shots = sys.argv[1:6]
os.makedirs(shots, exist_ok=True)
failures = []
work = tempfile.mkdtemp(prefix="gesturetune-replay-")


def check(ok, message):
    if not ok:
        failures.append(message)
        print("FAIL: " + message, file=sys.stderr)


def measured(params_text):
    """`measure TRACES --params FILE`: gesture id -> decision."""
    path = os.path.join(work, "set.json")
    with open(path, "w", encoding="utf-8") as f:
        f.write(params_text)
    r = subprocess.run([binary, "measure", traces, "--params", path], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("measure failed: " + r.stderr)
    return {row["id"]: (row["decision"], row["refused"]) for row in csv.DictReader(io.StringIO(r.stdout))}


options = webdriver.ChromeOptions()
options.binary_location = chromium
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900", "--hide-scrollbars"]:
    options.add_argument(argument)
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)


def replay(gid, rate, shot=None):
    driver.execute_script("""
        var row = document.querySelector("#gesture-table tr[data-gesture='" + arguments[0] + "']");
        if (row) { row.hidden = false; row.cells[0].click(); }""", gid)
    check(gid in driver.find_element(By.ID, "timeline-title").text, "%s: no drill-down" % gid)
    Select(driver.find_element(By.ID, "replay-speed")).select_by_value(rate)
    state = driver.find_element(By.ID, "replay-state")
    check(state.get_attribute("data-state") == "ready", "%s: replay not ready" % gid)
    start = driver.execute_script("return Array.from(document.querySelectorAll('#timeline .replay circle.finger')).map(function (c) { return c.getAttribute('cx'); });")
    driver.find_element(By.ID, "replay-play").click()
    seen_playing, moved = False, False
    for _ in range(600):
        s = state.get_attribute("data-state")
        if s == "playing":
            seen_playing = True
            now = driver.execute_script("return Array.from(document.querySelectorAll('#timeline .replay circle.finger')).map(function (c) { return c.getAttribute('cx'); });")
            moved = moved or now != start
        if s == "ended":
            break
        time.sleep(0.02)
    check(seen_playing and state.get_attribute("data-state") == "ended", "%s at %s: the replay did not run to its end (%s)" % (gid, rate, state.get_attribute("data-state")))
    if shot:
        driver.save_screenshot(os.path.join(shots, shot))
    ends = driver.execute_script("""
        var o = document.getElementById('replay-state'), out = {};
        ['current', 'suggested'].forEach(function (r) { out[r] = [o.dataset[r], o.dataset[r + 'End']]; });
        out.sheets = Array.from(document.querySelectorAll('#timeline .replay rect.sheet')).map(function (s) { return Number(s.getAttribute('x')); });
        out.text = o.textContent;
        return out;""")
    return ends, moved


try:
    results = []
    for width, height, mobile in ((1280, 900, False), (390, 844, True)):
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": mobile, "maxTouchPoints": 5})
        driver.get("file://" + os.path.abspath(report))
        data = driver.execute_script("return JSON.parse(document.getElementById('gt-data').textContent);")
        sets = {r["role"]: measured(r["params"]) for r in data["rules"]}
        G = data["gestures"]
        shown = [g for g in G["id"] if g in data["timelines"]]
        differ = [g for g in shown if sets["current"][g][0] != sets["suggested"][g][0]]
        refused = [g for g in shown if sets["current"][g][1] or sets["suggested"][g][1]]
        chosen = (differ[:1] or shown[:1]) + refused[:1]
        for k, gid in enumerate(chosen):
            ends, moved = replay(gid, "1", "replay-%d.png" % width if k == 0 else None)
            check(moved, "%s: the finger's dot never moved" % gid)
            for role in ("current", "suggested"):
                want = sets[role][gid][0]
                check(ends[role][0] == want, "%d px, %s, %s: the replay ends in %r, measure decides %r" % (width, gid, role, ends[role][0], want))
                check(ends[role][1] == ("1" if want == "complete" else "0"), "%s %s: the sheet ends at %r" % (gid, role, ends[role][1]))
                k = [r["role"] for r in data["rules"]].index(role)
                check(abs(ends["sheets"][k] - (8 + 304 * float(ends[role][1]))) < 0.5, "%s %s: the sheet is drawn at x %r" % (gid, role, ends["sheets"][k]))
            results.append("%d px %s: current %s, suggested %s" % (width, gid, ends["current"][0], ends["suggested"][0]))
        if chosen:
            ends, _ = replay(chosen[0], "0.25")
            check(ends["current"][0] == sets["current"][chosen[0]][0], "at quarter speed %s ends in %r" % (chosen[0], ends["current"][0]))
    check(len(results) >= 2, "no gesture replayed")
    errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
    check(not errors, "console errors: %r" % errors)
    print("replays agreeing with measure: %d (%s)" % (len(results), "; ".join(results)))
finally:
    driver.quit()

if failures:
    sys.exit(1)
print("ok")

"""Relabels three gestures in a report.html as a person would, in headless Chromium through
WebDriver at 390 x 844 (touch emulation), and exports the labels file.

usage: report-relabel.py REPORT_HTML CHROMIUM SCREENSHOT_DIR LABELS_OUT

- "doubtful first" puts the flagged gestures (near the boundary first) at the top of the table;
- one gesture is relabelled with its row's select, one with the drill-down's buttons, one (the
  first after "doubtful first") as not meant; each is a labelled gesture given another intent;
- the changes survive a reload (local storage), and "Export labels CSV" downloads a labels file
  (copied to LABELS_OUT) with exactly those three rows, `file,line,gesture,intent`;
- no console errors.
Prints `relabelled: {"id": "intent", ...}` (JSON) for the caller to check `analyze --relabel`.
Screenshots: relabel-390-table.png, relabel-390-sheet.png in SCREENSHOT_DIR.
"""
import csv
import json
import os
import shutil
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

report, chromium, shots, labels_out = sys.argv[1:5]
os.makedirs(shots, exist_ok=True)
failures = []


def check(ok, message):
    if not ok:
        failures.append(message)
        print("FAIL: " + message, file=sys.stderr)


options = webdriver.ChromeOptions()
options.binary_location = chromium
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=390,844", "--hide-scrollbars"]:
    options.add_argument(argument)
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
downloads = tempfile.mkdtemp(prefix="gesturetune-relabel-")
driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})

ROWS = "return Array.from(document.querySelectorAll('#gesture-table tbody tr')).filter(function (r) { return !r.hidden; }).map(function (r) { return r.dataset.gesture; });"


def opposite(intent):
    return "cancel" if intent == 1 else "complete"


try:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    driver.get("file://" + os.path.abspath(report))
    driver.execute_script("localStorage.clear();")
    driver.get("file://" + os.path.abspath(report))
    data = driver.execute_script("return JSON.parse(document.getElementById('gt-data').textContent);")
    G = data["gestures"]
    index = {g: k for k, g in enumerate(G["id"])}
    check(G.get("line") and all(n > 0 for n in G["line"]), "gestures without a line: %r" % G.get("line", [])[:5])

    # Doubtful first: the flagged rows lead, near the boundary before the others.
    driver.find_element(By.ID, "sort-doubt").click()
    order = driver.execute_script(ROWS)
    doubts = [G["doubt"][index[g]] for g in order]
    check(doubts == sorted(doubts, reverse=True), "doubtful first: flags in order %r" % doubts[:20])
    flagged = sum(1 for d in doubts if d > 0)
    print("doubtful first: %d flagged rows lead the first page" % flagged)

    chosen = {}
    # 1. The first doubtful labelled gesture: not meant, with its row's select.
    first = next(g for g in order if G["intent"][index[g]] is not None)
    Select(driver.find_element(By.CSS_SELECTOR, "select.relabel[data-gesture='%s']" % first)).select_by_value("other")
    chosen[first] = "other"
    # 2. Another labelled gesture: the opposite intent, with its row's select.
    second = next(g for g in order if G["intent"][index[g]] is not None and g not in chosen)
    Select(driver.find_element(By.CSS_SELECTOR, "select.relabel[data-gesture='%s']" % second)).select_by_value(opposite(G["intent"][index[second]]))
    chosen[second] = opposite(G["intent"][index[second]])
    driver.execute_script("document.getElementById('gestures').scrollIntoView();")
    driver.save_screenshot(os.path.join(shots, "relabel-390-table.png"))
    # 3. A third, from the drill-down's buttons.
    third = next(g for g in order if G["intent"][index[g]] is not None and g not in chosen)
    driver.execute_script("document.querySelector(\"#gesture-table tr[data-gesture='%s'] td\").click();" % third)
    check(third in driver.find_element(By.ID, "timeline-title").text, "the row of %s opened no drill-down" % third)
    want = opposite(G["intent"][index[third]])
    driver.find_element(By.CSS_SELECTOR, "#timeline .relabel-bar button[data-intent='%s']" % want).click()
    chosen[third] = want
    pressed = driver.find_element(By.CSS_SELECTOR, "#timeline .relabel-bar button[data-intent='%s']" % want).get_attribute("aria-pressed")
    check(pressed == "true", "the drill-down's %s button is not pressed after the click" % want)
    driver.save_screenshot(os.path.join(shots, "relabel-390-sheet.png"))
    check(driver.find_element(By.CSS_SELECTOR, "select.relabel[data-gesture='%s']" % third).get_attribute("value") == want, "the row of %s does not show the drill-down's label" % third)

    # Kept in the page's storage: a reload shows the same three.
    driver.get("file://" + os.path.abspath(report))
    count = driver.find_element(By.ID, "relabel-count").get_attribute("data-count")
    check(count == "3", "after a reload %s changes, not 3" % count)
    for g, intent in chosen.items():
        value = driver.find_element(By.CSS_SELECTOR, "select.relabel[data-gesture='%s']" % g).get_attribute("value")
        check(value == intent, "after a reload %s reads %r, not %r" % (g, value, intent))

    # Export.
    driver.find_element(By.ID, "relabel-export").click()
    path = os.path.join(downloads, "labels.csv")
    for _ in range(100):
        if os.path.exists(path) and os.path.getsize(path) > 0:
            break
        time.sleep(0.1)
    check(os.path.exists(path), "no labels.csv downloaded: %r" % os.listdir(downloads))
    with open(path, encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    check(rows and rows[0] == ["file", "line", "gesture", "intent"], "labels.csv header %r" % (rows[:1],))
    got = {r[2]: r[3] for r in rows[1:]}
    check(got == chosen, "labels.csv says %r, the page was given %r" % (got, chosen))
    for r in rows[1:]:
        k = index[r[2]]
        check(r[0] == G["files"][G["file"][k]] and r[1] == str(G["line"][k]), "labels.csv row %r: file or line is not the gesture's" % r)
    shutil.copy(path, labels_out)
    errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
    check(not errors, "console errors: %r" % errors)
    print("relabelled: " + json.dumps(chosen, sort_keys=True))
finally:
    driver.quit()

if failures:
    sys.exit(1)
print("ok")

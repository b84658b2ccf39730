"""Opens a report.html in headless Chromium through WebDriver and checks what a reader does with it.

usage: report-browser.py REPORT_HTML TRACES GESTURETUNE CHROMIUM SCREENSHOT_DIR [FORMAT_CASES]

Checks (each failure is printed and the exit status is 1):
- no console errors or uncaught exceptions;
- for a grid of parameter values typed into the what-if fields (and one slider moved with
  the keyboard), the page's misdecided count equals `gesturetune batch TRACES --params P`
  with the same rule and values (P is written here from the page's own parameter keys);
- the release scatter's misdecided rings: as the page loads they are the ones the Swift renderer
  drew; they follow the what-if fields and slider, the solid ones (misdecided by the suggested
  rule, counted gestures) numbering what `batch` counts for the same values, and the count
  changes over the grid;
- FORMAT_CASES (JSON, [[kind, value, text], ...] from Swift's `NumberText`): the page's number
  formatter (`window.gesturetuneFormat`) writes the same text for every value;
- take the values away: with values typed into each rule's what-if fields, the params.json the
  page downloads (a Blob, read from Chromium's download folder) is accepted by `measure --params`
  and makes `batch --params` count the end-to-end misdecided gestures the panel shows beside
  it; the parameters block the panel shows (Swift, Kotlin, JavaScript) makes `batch` count the
  same;
- clicking a scatter point and a table row opens that gesture's timeline;
- sorting the gesture table by p_r orders the shown rows, both ways;
- at 390 px (mobile emulation): the page does not scroll sideways and figure text is at least
  9 px on screen.
Screenshots `report-1400.png` and `report-390.png` go to SCREENSHOT_DIR.
"""
import json
import os
import re
from html import unescape as html_unescape
import subprocess
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

report, traces, binary, chromium, shots = sys.argv[1:6]
format_cases = sys.argv[6] if len(sys.argv) > 6 else None
os.makedirs(shots, exist_ok=True)
failures = []


def check(ok, message):
    if not ok:
        failures.append(message)
        print("FAIL: " + message, file=sys.stderr)


options = webdriver.ChromeOptions()
options.binary_location = chromium
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000", "--hide-scrollbars"]:
    options.add_argument(argument)
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
work = tempfile.mkdtemp(prefix="gesturetune-report-")
downloads = os.path.join(work, "downloads")
os.makedirs(downloads)
driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})


def batch_misdecided(family, values):
    """`batch` on TRACES with a parameter file naming `family` and `values` (key -> number or "inf")."""
    params = {"schema": "gesturetune.params/1", "rule": family}
    params.update(values)
    path = os.path.join(work, "params.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(params, f)
    return batch_counts(path)


def batch_counts(path):
    """`batch` on TRACES with the parameter file (or snippet) at `path`: (wrong end to end, counted)."""
    out = os.path.join(work, "batch.json")
    r = subprocess.run([binary, "batch", traces, "--params", path, "--json", out, "--max-error", "1"], capture_output=True, text=True)
    if r.returncode not in (0, 1):
        raise SystemExit("batch failed: " + r.stderr)
    with open(out, encoding="utf-8") as f:
        files = json.load(f)["files"]
    # End to end, as the page counts: refused and admitted-but-misdecided meant gestures and
    # admitted other ones, over the meant and other gestures.
    wrong = sum(f["misdecided"] + (f.get("misses") or 0) + (f.get("falseTriggers") or 0) for f in files)
    return wrong, sum(f["labelled"] + (f.get("others") or 0) for f in files)


def shown_error(role):
    o = driver.find_element(By.ID, "wi-%s-error" % role)
    return int(o.get_attribute("data-misdecided")), int(o.get_attribute("data-labelled")), o.text


def ring_counts(layout="wide"):
    """(solid, dashed) misdecided rings in the release scatter's wide (or narrow) layout, over counted gestures only (as batch counts)."""
    return tuple(driver.execute_script("""
        var D = JSON.parse(document.getElementById('gt-data').textContent), G = D.gestures, idx = {}, solid = 0, dashed = 0;
        G.id.forEach(function (id, i) { idx[id] = i; });
        document.querySelectorAll('#fig-release-scatter .fig-' + arguments[0] + ' g.rings circle').forEach(function (c) {
          var i = idx[c.getAttribute('data-ring')]; if (i === undefined || !G.counted[i]) return;
          if (c.hasAttribute('stroke-dasharray')) dashed++; else solid++;
        });
        return [solid, dashed];""", layout))


def swift_ring_counts(data):
    """The same count in report.html as the Swift renderer wrote it (before any script ran)."""
    with open(report, encoding="utf-8") as f:
        html = f.read()
    start = html.index('<g class="rings"', html.index('id="fig-release-scatter"'))
    group = html[start:html.index("</g>", start)]
    counted = {g: c for g, c in zip(data["gestures"]["id"], data["gestures"]["counted"])}
    solid = dashed = 0
    for m in re.finditer(r'<circle [^>]*data-ring="([^"]*)"[^>]*/>', group):
        if not counted.get(html_unescape(m.group(1)), 0):
            continue
        if "stroke-dasharray" in m.group(0):
            dashed += 1
        else:
            solid += 1
    return solid, dashed


def type_value(role, key, value):
    field = driver.find_element(By.CSS_SELECTOR, "#wi-%s input[type=text][data-key='%s']" % (role, key))
    field.clear()
    field.send_keys(str(value) + Keys.TAB)


try:
    driver.get("file://" + os.path.abspath(report))
    data = driver.execute_script("return JSON.parse(document.getElementById('gt-data').textContent);")

    # Numbers: the page's formatter against Swift's NumberText, value by value.
    if format_cases:
        with open(format_cases, encoding="utf-8") as f:
            cases = json.load(f)
        got = driver.execute_script("""
            var F = window.gesturetuneFormat;
            return arguments[0].map(function (c) {
              var x = c[1] === "inf" ? Infinity : c[1] === "-inf" ? -Infinity : c[1] === "nan" ? 0 / 0 : c[1];
              return F[c[0]](x);
            });""", cases)
        for (kind, value, want), text in zip(cases, got):
            check(text == want, "format %s(%r): page %r, Swift %r" % (kind, value, text, want))
        print("format cases agreeing with Swift: %d of %d" % (sum(1 for c, t in zip(cases, got) if c[2] == t), len(cases)))

    # Rings as loaded: the script's redraw equals the Swift renderer's.
    rings_at_load = ring_counts()
    if data["labelled"]:
        check(rings_at_load == swift_ring_counts(data), "rings at load: page %r, Swift %r" % (rings_at_load, swift_ring_counts(data)))
        check(rings_at_load[0] > 0, "no misdecided rings at load")
    ring_values = set()

    # What-if: a grid of values per rule, compared with batch.
    comparisons = 0
    for rule in data["rules"]:
        role, family, params = rule["role"], rule["family"], rule["parameters"]
        if family == "logistic":
            continue
        grids = []
        for p in params:
            lo, hi = p["min"], p["max"]
            grids.append([round(lo + (hi - lo) * f, 4) for f in (0.15, 0.5, 0.85)])
        for a in grids[0]:
            for b in grids[1]:
                type_value(role, params[0]["key"], a)
                type_value(role, params[1]["key"], b)
                page_miss, page_labelled, text = shown_error(role)
                want, labelled = batch_misdecided(family, {params[0]["key"]: a, params[1]["key"]: b})
                check(page_miss == want and page_labelled == labelled,
                      "%s %s=%s %s=%s: page %d/%d, batch %d/%d" % (role, params[0]["symbol"], a, params[1]["symbol"], b, page_miss, page_labelled, want, labelled))
                check(labelled == 0 or ("%.1f%%" % (100.0 * want / labelled)) in text, "%s: shown error %r, batch %d/%d" % (role, text, want, labelled))
                if role == "suggested" and data["labelled"]:
                    solid, _ = ring_counts()
                    ring_values.add(solid)
                    check(solid == want, "suggested %s=%s %s=%s: %d solid rings, batch %d misdecided" % (params[0]["symbol"], a, params[1]["symbol"], b, solid, want))
                    check(ring_counts("narrow") == ring_counts(), "suggested %s=%s %s=%s: narrow layout rings %r, wide %r" % (params[0]["symbol"], a, params[1]["symbol"], b, ring_counts("narrow"), ring_counts()))
                comparisons += 1
        # One slider moved with the keyboard: the field follows, and the count is batch's.
        slider = driver.find_element(By.CSS_SELECTOR, "#wi-%s input[type=range][data-key='%s']" % (role, params[0]["key"]))
        slider.send_keys(Keys.END)
        for _ in range(120):
            slider.send_keys(Keys.ARROW_LEFT)
        values = {}
        for p in params:
            v = driver.find_element(By.CSS_SELECTOR, "#wi-%s input[type=text][data-key='%s']" % (role, p["key"])).get_attribute("value")
            values[p["key"]] = "inf" if v == "inf" else float(v)
        check(abs(values[params[0]["key"]] - (params[0]["max"] - 120 * (params[0]["max"] - params[0]["min"]) / 1000)) < 1e-3 * max(1, params[0]["max"]),
              "%s: the slider did not move its field: %r" % (role, values))
        exact = driver.execute_script("return document.querySelector(\"#wi-%s input[type=range][data-key='%s']\").value;" % (role, params[0]["key"]))
        values[params[0]["key"]] = float(exact)
        page_miss, _, _ = shown_error(role)
        want, _ = batch_misdecided(family, values)
        check(page_miss == want, "%s slider at %r: page %d, batch %d" % (role, values, page_miss, want))
        if role == "suggested" and data["labelled"]:
            solid, _ = ring_counts()
            ring_values.add(solid)
            check(solid == want, "suggested slider at %r: %d solid rings, batch %d misdecided" % (values, solid, want))
        comparisons += 1
        driver.find_element(By.ID, "wi-%s-reset" % role).click()
    print("what-if comparisons with batch: %d" % comparisons)

    # Take the values away: values typed in, params.json downloaded, batch counts what the panel shows.
    taken = 0
    for rule in data["rules"]:
        role, params = rule["role"], rule["parameters"]
        if rule["family"] == "logistic":
            continue
        for p in params:
            type_value(role, p["key"], round(p["min"] + (p["max"] - p["min"]) * 0.37, 4))
        driver.find_element(By.CSS_SELECTOR, "#take-role option[value=%s]" % role).click()
        for old in os.listdir(downloads):
            os.remove(os.path.join(downloads, old))
        driver.find_element(By.ID, "take-download").click()
        path = os.path.join(downloads, "params.json")
        for _ in range(100):
            if os.path.exists(path) and os.path.getsize(path) > 0:
                break
            __import__("time").sleep(0.1)
        check(os.path.exists(path), "%s: no params.json downloaded (%r)" % (role, os.listdir(downloads)))
        if not os.path.exists(path):
            continue
        o = driver.find_element(By.ID, "take-error")
        panel = (int(o.get_attribute("data-misdecided")), int(o.get_attribute("data-labelled")))
        check(panel == shown_error(role)[:2], "%s: the take-away box shows %r, the what-if %r" % (role, panel, shown_error(role)[:2]))
        with open(path, encoding="utf-8") as f:
            written = json.load(f)
        for p in params:
            check(written.get(p["key"]) == round(p["min"] + (p["max"] - p["min"]) * 0.37, 4), "%s: params.json has %s = %r" % (role, p["key"], written.get(p["key"])))
        got = batch_counts(path)
        check(got == panel, "%s: batch --params (downloaded) counts %r, the panel %r" % (role, got, panel))
        m = subprocess.run([binary, "measure", traces, "--params", path], capture_output=True, text=True)
        check(m.returncode == 0 and len(m.stdout.splitlines()) > 1, "%s: measure --params (downloaded) exited %d: %s" % (role, m.returncode, m.stderr[-400:]))
        for language, ext in (("swift", "swift"), ("kt", "kt"), ("js", "js")):
            driver.find_element(By.CSS_SELECTOR, "#take-language option[value=%s]" % language).click()
            block = os.path.join(work, "Tuning." + ext)
            with open(block, "w", encoding="utf-8") as f:
                f.write(driver.find_element(By.ID, "take-block").get_attribute("textContent"))
            got = batch_counts(block)
            check(got == panel, "%s: batch --params (the %s block shown) counts %r, the panel %r" % (role, language, got, panel))
        driver.find_element(By.CSS_SELECTOR, "#take-language option[value=swift]").click()
        taken += 1
        driver.find_element(By.ID, "wi-%s-reset" % role).click()
    print("take-away comparisons with batch: %d" % taken)
    if data["labelled"] and any(r["role"] == "suggested" and r["family"] != "logistic" for r in data["rules"]):
        check(len(ring_values - {rings_at_load[0]}) > 0, "the rings never changed with the sliders: %r" % sorted(ring_values))
        check(ring_counts() == rings_at_load, "rings after reset %r, at load %r" % (ring_counts(), rings_at_load))
        print("solid rings over the suggested rule's grid: %s (at load %d)" % (sorted(ring_values), rings_at_load[0]))

    # Drill-down from a scatter point and from a table row.
    point = driver.find_element(By.CSS_SELECTOR, "#fig-release-scatter [data-gesture]")
    gid = point.get_attribute("data-gesture")
    driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}));", point)
    box = driver.find_element(By.ID, "timeline")
    check(box.is_displayed() and gid in driver.find_element(By.ID, "timeline-title").text, "scatter point %s: no timeline" % gid)
    check(len(box.find_elements(By.CSS_SELECTOR, "svg[data-figure=timeline] path")) >= 1 or "No timeline" in box.text, "timeline of %s has no curve" % gid)
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    check(not box.is_displayed(), "Escape left the timeline of %s open" % gid)
    rows = driver.find_elements(By.CSS_SELECTOR, "#gesture-table tbody tr[data-gesture]")
    row = [r for r in rows if data["timelines"].get(r.get_attribute("data-gesture"), {}).get("window", 0) > 0][0]
    rid = row.get_attribute("data-gesture")
    row.find_element(By.CSS_SELECTOR, "td").click()
    check(rid in driver.find_element(By.ID, "timeline-title").text, "row %s: timeline shows %r" % (rid, driver.find_element(By.ID, "timeline-title").text))
    check(len(box.find_elements(By.CSS_SELECTOR, "svg[data-figure=timeline] circle.in-window")) >= 1, "row %s: no window samples marked" % rid)
    driver.save_screenshot(os.path.join(shots, "timeline-1400.png"))

    # Sorting by p_r, both ways.
    headers = [th.text.replace(" ▲", "").replace(" ▼", "") for th in driver.find_elements(By.CSS_SELECTOR, "#gesture-table thead th")]
    col = headers.index("p_r")
    th = driver.find_elements(By.CSS_SELECTOR, "#gesture-table thead th")[col]
    for direction in ("ascending", "descending"):
        th.click()
        cells = driver.execute_script(
            "return Array.from(document.querySelectorAll('#gesture-table tbody tr')).filter(r => !r.hidden).map(r => r.cells[%d].textContent);" % col)
        values = [float(c) for c in cells]
        check(len(values) > 1 and values == sorted(values, reverse=(direction == "descending")), "sort %s by p_r: %r" % (direction, values[:10]))
    check(th.get_attribute("aria-sort") == "descending", "aria-sort not set")
    # Filter: misdecided by the suggested rule only.
    driver.find_element(By.CSS_SELECTOR, "#filter-miss option[value=suggested]").click()
    shown = driver.execute_script("return Array.from(document.querySelectorAll('#gesture-table tbody tr')).filter(r => !r.hidden).map(r => r.className);")
    check((len(shown) > 0 or not data["labelled"]) and all("miss" == c.split()[0] for c in shown if c), "filter misdecided: %r" % shown[:5])
    driver.find_element(By.CSS_SELECTOR, "#filter-miss option[value='']").click()

    height = driver.execute_script("return document.documentElement.scrollHeight;")
    driver.set_window_size(1400, min(height, 16000))
    driver.save_screenshot(os.path.join(shots, "report-1400.png"))

    errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]

    # Phone: 390 px wide.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    driver.get("file://" + os.path.abspath(report))
    driver.find_elements(By.CSS_SELECTOR, "#gesture-table tbody tr[data-gesture]")[0].find_element(By.CSS_SELECTOR, "td").click()
    overflow = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth];")
    check(overflow[0] <= 390 and overflow[1] <= 390, "390 px: the page is %d px wide, the layout viewport %d px" % tuple(overflow))
    smallest = driver.execute_script("""
        var least = 1e9, where = '';
        document.querySelectorAll('figure svg text, #timeline svg text').forEach(function (t) {
          var m = t.getScreenCTM(); if (!m || t.ownerSVGElement.getBoundingClientRect().width === 0) return;
          var size = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
          if (size < least) { least = size; where = t.textContent; }
        });
        return [least, where];""")
    check(smallest[0] >= 9, "390 px: figure text %.2f px (%r)" % (smallest[0], smallest[1]))
    print("390 px: page %d px wide, smallest figure text %.2f px" % (overflow[0], smallest[0]))
    wide = driver.execute_script("""
        return Array.from(document.querySelectorAll('table')).filter(function (t) {
          var box = t.closest('.table-wrap'); return !box || box.getBoundingClientRect().right > 390.5;
        }).map(function (t) { return (t.id || t.getAttribute('aria-label') || t.rows[0].textContent).slice(0, 40); });""")
    check(not wide, "390 px: tables outside a scrolling box: %r" % wide)
    height = driver.execute_script("return document.documentElement.scrollHeight;")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": min(height, 16000), "deviceScaleFactor": 1, "mobile": True})
    driver.save_screenshot(os.path.join(shots, "report-390.png"))

    errors += [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
    check(not errors, "console errors: %r" % errors)
finally:
    driver.quit()

if failures:
    sys.exit(1)
print("ok")

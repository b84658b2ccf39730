"""The report on a phone (390 × 844, mobile emulation) and on a desktop (1280 px), in headless
Chromium through WebDriver.

usage: report-phone.py REPORT_HTML CHROMIUM SCREENSHOT_DIR

Checks (each failure is printed and the exit status is 1):
- 390 px: the page does not scroll sideways (scrollWidth <= innerWidth); every shown SVG lies
  within the viewport and no figure box scrolls; the smallest figure text on screen (computed
  font size x the SVG's scale, its on-screen width over its viewBox width) is at least 9 px;
- 390 px: tapping a release-scatter point opens that gesture's timeline inside the viewport
  without scrolling the page, its own text at 9 px or more; Escape closes it, and so does its
  close button, leaving the page where it was;
- 390 px with touch emulation, every <details> open: no visible control (link, button, input,
  select, summary, focusable or clickable table row; not the marks inside figures) is under
  44 px tall; the gesture table's id column stays at the left edge when the table scrolls
  sideways, and its decision columns (current, suggested) are in view unscrolled; the
  timeline's time ticks are round values (1, 2, 2.5, 5 x 10^k steps from 0) labelled with
  those values; every snippet <pre> fits its box (scrolling inside it) and has a copy button;
- 1280 px: every figure shows its wide layout at its natural 640 px, the narrow ones hidden; the
  timeline opens beside the scatter, not over it, nor over the what-if box or any caption.
Screenshots: phone-390.png (the top), phone-390-scatter.png, phone-390-sheet.png,
phone-390-table.png, phone-390-whatif.png, desktop-1280-panel.png, desktop-1280-whatif.png in
SCREENSHOT_DIR.
"""
import os
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

report, chromium, shots = sys.argv[1:4]
os.makedirs(shots, exist_ok=True)
failures = []


def check(ok, message):
    if not ok:
        failures.append(message)
        print("FAIL: " + message, file=sys.stderr)


options = webdriver.ChromeOptions()
options.binary_location = chromium
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900", "--hide-scrollbars"]:
    options.add_argument(argument)
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)

# Shown SVGs (a box on screen), their box and scale, and the smallest text in them.
MEASURE = """
var root = arguments[0] ? document.querySelector(arguments[0]) : document;
var out = { svgs: [], least: 1e9, where: '', texts: 0 };
root.querySelectorAll('svg').forEach(function (svg) {
  var r = svg.getBoundingClientRect(); if (r.width === 0 || r.height === 0) return;
  var vb = svg.viewBox && svg.viewBox.baseVal, scale = vb && vb.width ? r.width / vb.width : 1;
  var wrap = svg.parentElement;
  out.svgs.push({ figure: svg.getAttribute('data-figure'), layout: svg.getAttribute('data-layout') || 'wide',
                  left: r.left, right: r.right, width: r.width, scale: scale,
                  scrolls: wrap.scrollWidth > wrap.clientWidth + 0.5 });
  svg.querySelectorAll('text').forEach(function (t) {
    if (!t.textContent.trim()) return;
    var size = parseFloat(getComputedStyle(t).fontSize) * scale;
    out.texts++;
    if (size < out.least) { out.least = size; out.where = svg.getAttribute('data-figure') + ': ' + t.textContent; }
  });
});
out.scrollWidth = document.documentElement.scrollWidth; out.innerWidth = window.innerWidth; out.innerHeight = window.innerHeight;
return out;"""


# Visible controls under 44 px tall (the marks inside figures are not counted: the table's
# rows reach the same gestures).
SMALL = """
var sel = 'a[href], button, input, select, summary, textarea, [tabindex], tr[data-gesture]';
var out = { small: [], least: 1e9, count: 0 };
document.querySelectorAll(sel).forEach(function (e) {
  if (e.closest('svg')) return;
  var r = e.getBoundingClientRect(), cs = getComputedStyle(e);
  if (r.width === 0 || r.height === 0 || cs.visibility === 'hidden') return;
  out.count++;
  if (r.height < out.least) out.least = r.height;
  if (r.height < 43.99) out.small.push((e.id || e.tagName.toLowerCase()) + ' ' + JSON.stringify((e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 24)) + ' ' + r.height.toFixed(1) + ' px');
});
return out;"""


def box(element):
    return driver.execute_script("var r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];", element)


def tap(element):
    """A click at the element's centre, on the viewport (what a finger does)."""
    x, y = driver.execute_script("var r = arguments[0].getBoundingClientRect(); return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];", element)
    actions = ActionChains(driver)
    actions.w3c_actions.pointer_action.move_to_location(x, y)
    actions.w3c_actions.pointer_action.click()
    actions.perform()


def shown_scatter_point():
    return driver.execute_script("""
        var svgs = Array.from(document.querySelectorAll('#fig-release-scatter svg')).filter(function (s) { return s.getBoundingClientRect().width > 0; });
        if (!svgs.length) return null;
        // A point on top of any it overlaps (the one a tap at its centre reaches).
        return Array.from(svgs[0].querySelectorAll('g.points [data-gesture]')).find(function (p) {
          var r = p.getBoundingClientRect(), x = Math.round(r.left + r.width / 2), y = Math.round(r.top + r.height / 2);
          return x > 0 && y > 0 && x < innerWidth && y < innerHeight && document.elementFromPoint(x, y) === p;
        }) || null;""")


try:
    # Phone.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    driver.get("file://" + os.path.abspath(report))
    driver.save_screenshot(os.path.join(shots, "phone-390.png"))
    m = driver.execute_script(MEASURE, None)
    check(m["innerWidth"] == 390, "390 px: the layout viewport is %d px" % m["innerWidth"])
    check(m["scrollWidth"] <= m["innerWidth"], "390 px: the page is %d px wide in a %d px viewport" % (m["scrollWidth"], m["innerWidth"]))
    figures = [s for s in m["svgs"] if s["figure"] != "timeline"]
    check(len(figures) >= 5, "390 px: %d figures shown" % len(figures))
    for s in figures:
        check(s["width"] <= m["innerWidth"] and s["left"] >= -0.5 and s["right"] <= m["innerWidth"] + 0.5,
              "390 px: %s (%s) spans %.1f–%.1f px" % (s["figure"], s["layout"], s["left"], s["right"]))
        check(not s["scrolls"], "390 px: %s scrolls inside its box" % s["figure"])
        check(s["layout"] == "narrow", "390 px: %s shows its %s layout" % (s["figure"], s["layout"]))
    check(m["texts"] > 20 and m["least"] >= 9, "390 px: smallest figure text %.2f px (%s) of %d" % (m["least"], m["where"], m["texts"]))
    print("390 px: page %d px wide, %d figures, smallest figure text %.2f px (%s)" % (m["scrollWidth"], len(figures), m["least"], m["where"]))

    # Tap a scatter point: the timeline opens in view, the page stays where it was.
    driver.execute_script("document.getElementById('fig-release-scatter').scrollIntoView({block: 'start'});")
    point = shown_scatter_point()
    check(point is not None, "390 px: no scatter point to tap")
    gid = point.get_attribute("data-gesture")
    driver.save_screenshot(os.path.join(shots, "phone-390-scatter.png"))
    before = driver.execute_script("return window.scrollY;")
    tap(point)
    sheet = driver.find_element(By.ID, "timeline")
    check(sheet.is_displayed() and gid in driver.find_element(By.ID, "timeline-title").text, "390 px: point %s opened no timeline" % gid)
    b = box(sheet)
    check(b[0] >= -0.5 and b[1] >= -0.5 and b[2] <= 390.5 and b[3] <= 844.5, "390 px: the timeline spans %r, outside the viewport" % b)
    after = driver.execute_script("return window.scrollY;")
    check(abs(after - before) < 1, "390 px: opening the timeline scrolled the page from %d to %d" % (before, after))
    pb = box(point)
    check(0 <= pb[1] <= 844 and 0 <= pb[0] <= 390, "390 px: the tapped point is off screen at %r" % pb)
    t = driver.execute_script(MEASURE, "#timeline")
    check(len([s for s in t["svgs"] if s["figure"] == "timeline"]) == 1 or "No timeline" in sheet.text, "390 px: the timeline of %s has no figure" % gid)
    for s in t["svgs"]:
        check(s["right"] <= 390.5 and s["left"] >= -0.5, "390 px: the timeline figure spans %.1f–%.1f px" % (s["left"], s["right"]))
    check(t["texts"] == 0 or t["least"] >= 9, "390 px: smallest timeline text %.2f px (%s)" % (t["least"], t["where"]))
    check(driver.execute_script("return document.documentElement.scrollWidth;") <= 390, "390 px: the page scrolls sideways with the timeline open")
    driver.save_screenshot(os.path.join(shots, "phone-390-sheet.png"))
    print("390 px: timeline of %s at %r, smallest text %.2f px" % (gid, [round(x) for x in b], t["least"]))
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    check(not sheet.is_displayed(), "390 px: Escape left the timeline open")
    tap(point)
    check(sheet.is_displayed(), "390 px: the point did not open the timeline again")
    driver.find_element(By.ID, "timeline-close").click()
    check(not sheet.is_displayed(), "390 px: the close button left the timeline open")
    check(abs(driver.execute_script("return window.scrollY;") - before) < 1, "390 px: closing the timeline moved the page")

    # Touch targets, the gesture table, the timeline's ticks, the snippets.
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    driver.get("file://" + os.path.abspath(report))
    driver.execute_script("document.querySelectorAll('details').forEach(function (d) { d.open = true; });")
    s = driver.execute_script(SMALL)
    check(s["count"] > 20 and not s["small"], "390 px: %d of %d controls under 44 px: %s" % (len(s["small"]), s["count"], "; ".join(s["small"][:12])))
    print("390 px: %d controls, the smallest %.1f px tall" % (s["count"], s["least"]))
    g = driver.execute_script("""
        var t = document.getElementById('gesture-table'), wrap = t.parentElement;
        t.tBodies[0].rows[0].scrollIntoView({ block: 'center' });
        var w = wrap.getBoundingClientRect();
        var heads = Array.from(t.tHead.rows[0].cells), col = function (name) { return heads.filter(function (h) { return h.textContent.replace(/ [▲▼]$/, '') === name; })[0]; };
        var row = Array.from(t.tBodies[0].rows).filter(function (r) { return !r.hidden; })[0];
        var out = { wrapRight: w.right, current: col('current').getBoundingClientRect().right, suggested: col('suggested').getBoundingClientRect().right };
        out.idBefore = row.cells[0].getBoundingClientRect().left;
        wrap.scrollLeft = wrap.scrollWidth;
        out.scrolled = wrap.scrollLeft; out.idAfter = row.cells[0].getBoundingClientRect().left;
        var x = row.cells[0].getBoundingClientRect(), hit = document.elementFromPoint(x.left + 4, x.top + x.height / 2);
        out.idOnTop = !!hit && row.cells[0].contains(hit);
        return out;""")
    check(g["suggested"] <= g["wrapRight"] + 0.5 and g["current"] <= g["wrapRight"] + 0.5, "390 px: the decision columns end at %.0f, %.0f px, the table's box at %.0f px" % (g["current"], g["suggested"], g["wrapRight"]))
    check(g["scrolled"] == 0 or (abs(g["idAfter"] - g["idBefore"]) < 1 and g["idOnTop"]), "390 px: the id column moved from %.0f to %.0f px (on top: %s) when the table scrolled %d px" % (g["idBefore"], g["idAfter"], g["idOnTop"], g["scrolled"]))
    driver.execute_script("document.getElementById('gesture-table').parentElement.scrollLeft = 0; document.getElementById('gestures').scrollIntoView();")
    driver.save_screenshot(os.path.join(shots, "phone-390-table.png"))
    print("390 px: decision columns end at %.0f and %.0f px of %.0f; the id column stays while the table scrolls %d px" % (g["current"], g["suggested"], g["wrapRight"], g["scrolled"]))
    driver.execute_script("document.querySelector('#gesture-table tbody tr').click();")
    ticks = driver.execute_script("return Array.from(document.querySelectorAll('#timeline .tick-label')).map(function (t) { return t.textContent; });")
    if ticks:
        values = [float(t) for t in ticks]
        step = values[1] - values[0] if len(values) > 1 else 1
        mantissa = step / 10 ** __import__("math").floor(__import__("math").log10(step)) if step > 0 else 0
        check(values[0] == 0 and len(values) >= 2 and any(abs(mantissa - m) < 1e-6 for m in (1, 2, 2.5, 5))
              and all(abs(values[k] - k * step) < 1e-9 for k in range(len(values))), "390 px: timeline ticks %r" % ticks)
    else:
        check("No timeline" in driver.find_element(By.ID, "timeline").text, "390 px: the timeline has no time ticks")
    print("390 px: timeline ticks %s" % ", ".join(ticks))
    driver.find_element(By.ID, "timeline-close").click()
    p = driver.execute_script("""
        return Array.from(document.querySelectorAll('#snippets pre, #what-if-take pre')).map(function (pre) {
          var r = pre.getBoundingClientRect(), box = pre.closest('section').getBoundingClientRect(), b = pre.previousElementSibling;
          return { fits: r.right <= box.right + 0.5 && r.left >= box.left - 0.5, scrolls: getComputedStyle(pre).overflowX !== 'visible', copy: !!b && !!b.querySelector('button.copy') };
        });""")
    check(len(p) >= 2 and all(x["fits"] and x["scrolls"] and x["copy"] for x in p), "390 px: snippet boxes %r" % p)
    print("390 px: %d code boxes, each within its section with a copy button" % len(p))
    driver.execute_script("document.getElementById('what-if').scrollIntoView();")
    driver.save_screenshot(os.path.join(shots, "phone-390-whatif.png"))
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})

    # Desktop: figures at their natural size; the timeline beside the scatter.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    driver.get("file://" + os.path.abspath(report))
    d = driver.execute_script(MEASURE, None)
    wide = [s for s in d["svgs"] if s["figure"] != "timeline"]
    check(len(wide) >= 5 and all(s["layout"] == "wide" and abs(s["width"] - 640) < 0.5 for s in wide),
          "1280 px: figures %r" % [(s["figure"], s["layout"], s["width"]) for s in wide])
    check(d["scrollWidth"] <= d["innerWidth"], "1280 px: the page is %d px wide" % d["scrollWidth"])
    driver.execute_script("document.getElementById('fig-release-scatter').scrollIntoView({block: 'start'});")
    point = shown_scatter_point()
    tap(point)
    panel = driver.find_element(By.ID, "timeline")
    check(panel.is_displayed(), "1280 px: the point opened no timeline")
    pb, sb = box(panel), box(driver.find_element(By.CSS_SELECTOR, "#fig-release-scatter .fig-wide svg"))
    check(pb[0] >= sb[2] and pb[2] <= 1280.5 and pb[1] >= -0.5 and pb[3] <= 900.5, "1280 px: the timeline at %r, the scatter at %r" % (pb, sb))
    covered = driver.execute_script("""
        var left = arguments[0];
        return Array.from(document.querySelectorAll('#figures figcaption, #figures > p, .whatif, .whatif-take')).filter(function (e) {
          var r = e.getBoundingClientRect(); return r.width > 0 && r.right > left + 0.5; }).map(function (e) { return e.className || e.tagName; });""", pb[0])
    check(not covered, "1280 px: the timeline covers %r" % covered)
    t = driver.execute_script(MEASURE, "#timeline")
    check(t["texts"] == 0 or t["least"] >= 9, "1280 px: smallest timeline text %.2f px" % t["least"])
    driver.save_screenshot(os.path.join(shots, "desktop-1280-panel.png"))
    driver.execute_script("document.getElementById('what-if').scrollIntoView();")
    driver.save_screenshot(os.path.join(shots, "desktop-1280-whatif.png"))
    print("1280 px: %d figures at 640 px; the timeline at %r beside the scatter at %r" % (len(wide), [round(x) for x in pb], [round(x) for x in sb]))

    errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
    check(not errors, "console errors: %r" % errors)
finally:
    driver.quit()

if failures:
    sys.exit(1)
print("ok")

"""Loads the web recorder in headless Chromium, swipes a finger over the page through WebDriver's
pointer actions (pointer type touch), and prints `recorder.csv()`.

The page has a still stage at (20, 40), 390 x 600, and in it a sheet that follows the finger
(its own pointer listeners translate it by the finger's displacement, as a dismissable sheet
does). The recorder is attached to the sheet as the README shows; with CONTAINER `sheet` it is
told to use the moving sheet itself as its frame (`options.container`), which it must report.

usage: web-swipe.py RECORDER_JS CHROMIUM MOVES [CONTAINER]
"""
import os
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput

recorder_js, chromium, moves = sys.argv[1], sys.argv[2], int(sys.argv[3])
container = sys.argv[4] if len(sys.argv) > 4 else ""

page = """<!doctype html><html><head><meta charset="utf-8">
<style>html, body { margin: 0; } #stage { position: absolute; left: 20px; top: 40px;
width: 390px; height: 600px; overflow: hidden; } #sheet { position: absolute; inset: 0;
background: #ddd; touch-action: none; }</style>
<script src="recorder.js"></script></head><body><div id="stage"><div id="sheet"></div></div>
<script>
var sheet = document.getElementById('sheet'), start = null;
sheet.addEventListener('pointerdown', function (e) { start = e.clientX; });
window.addEventListener('pointermove', function (e) {
  if (start !== null) sheet.style.transform = 'translateX(' + (e.clientX - start) + 'px)';
});
window.addEventListener('pointerup', function () { start = null; });
</script></body></html>"""
folder = tempfile.mkdtemp(prefix="gesturetune-web-")
with open(os.path.join(folder, "recorder.js"), "w", encoding="utf-8") as f, open(recorder_js, encoding="utf-8") as src:
    f.write(src.read())
with open(os.path.join(folder, "page.html"), "w", encoding="utf-8") as f:
    f.write(page)

options = webdriver.ChromeOptions()
options.binary_location = chromium
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=800,900"]:
    options.add_argument(argument)
driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
try:
    driver.get("file://" + os.path.join(folder, "page.html"))
    errors = driver.execute_script(
        "try { var sheet = document.getElementById('sheet');"
        " window.recorder = GestureTraceRecorder.attach(sheet, arguments[0] === 'sheet' ? { container: sheet } : undefined);"
        " window.recorder.beginTrial('complete'); return ''; } catch (e) { return String(e); }", container)
    if errors:
        sys.exit("attach failed: " + errors)
    finger = PointerInput(interaction.POINTER_TOUCH, "finger")
    actions = ActionBuilder(driver, mouse=finger, duration=0)
    # Down at (70, 340) in the page: (50, 300) in the stage; then `moves` steps of 10 px right.
    actions.pointer_action.move_to_location(70, 340).pointer_down()
    for k in range(1, moves + 1):
        actions.pointer_action.pause(0.02)
        actions.pointer_action.move_to_location(70 + 10 * k, 340)
    actions.pointer_action.pause(0.02)
    actions.pointer_action.pointer_up()
    actions.perform()
    moved = driver.execute_script("return document.getElementById('sheet').getBoundingClientRect().left;")
    if abs(moved - (20 + 10 * moves)) > 0.5:
        sys.exit("the sheet did not follow the finger: its left is %s" % moved)
    sys.stdout.write(driver.execute_script("return window.recorder.csv();"))
finally:
    driver.quit()

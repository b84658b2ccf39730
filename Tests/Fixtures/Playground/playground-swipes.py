"""Opens a report's snippets/web/playground.html in headless Chromium with a phone viewport and
swipes it with WebDriver touch actions (pointer type touch) of known length and speed: flicks,
slow drags and reversals that start inside the gate (within EDGE pt of the leading edge, within
LOCK degrees of the axis), and a few the gate refuses (started past the edge, or too steep).

Prints one JSON object a line per swipe: {"kind", "admit", "dx", "dy", "decision"} (the driven
displacement in CSS px and the playground's decision record), then labels the second swipe
`cancel` as the page's "Ask" would, and writes the recorder's CSV to CSV_OUT.

usage: playground-swipes.py PLAYGROUND_HTML CHROMIUM EDGE LOCK CSV_OUT
"""
import json
import math
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput

page, chromium, edge, lock, csv_out = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
WIDTH, HEIGHT, BAR = 390, 844, 48

options = webdriver.ChromeOptions()
options.binary_location = chromium
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]:
    options.add_argument(argument)
options.add_experimental_option(
    "mobileEmulation", {"deviceMetrics": {"width": WIDTH, "height": HEIGHT, "pixelRatio": 3, "touch": True}})


def swipes():
    """(kind, admitted, start x, start y, [(dx, dy, pause s)] cumulative offsets): steps of known
    length at known intervals. Admitted ones start 15% to 70% of EDGE from the left edge and lean
    at most LOCK/3 degrees off the axis; refused ones start 40 px or more past EDGE, or lean
    LOCK + 30 degrees off it."""
    out = []
    slope = math.tan(math.radians(lock / 3))
    for k in range(10):  # flicks: 4 to 8 steps of 18 to 30 px, 12 ms apart
        n, step = 4 + k % 5, 18 + 3 * (k % 5)
        out.append(("flick", True, edge * (0.15 + 0.06 * k), 200 + 40 * k, [(step * i, slope * step * i * (k % 2), 0.012) for i in range(1, n + 1)]))
    for k in range(10):  # slow drags: 12 to 30 steps of 4 to 12 px, 30 ms apart, some held still at the end
        n, step = 12 + 2 * k, 4 + (k % 5) * 2
        moves = [(step * i, -slope * step * i * (k % 2), 0.03) for i in range(1, n + 1)]
        if k % 3 == 0:
            moves.append((moves[-1][0], moves[-1][1], 0.25))
        out.append(("slow", True, edge * (0.7 - 0.06 * k), 180 + 45 * k, moves))
    for k in range(10):  # reversals: out 90 to 270 px, then back 40 to 160 px
        forward, back = 90 + 20 * k, 40 + 13 * k
        moves = [(forward * i / 10, 0, 0.016) for i in range(1, 11)]
        moves += [(forward - back * i / 6, 0, 0.016 + 0.004 * (k % 3)) for i in range(1, 7)]
        out.append(("reversal", True, edge * (0.2 + 0.05 * k), 220 + 40 * k, moves))
    # Refused: starts past the edge, and steep starts.
    for k in range(2):
        out.append(("past-edge", False, edge + 40 + 60 * k, 300 + 80 * k, [(20 * i, 0, 0.016) for i in range(1, 9)]))
    steep = math.radians(min(lock + 30, 85))
    for k in range(2):
        out.append(("steep", False, edge * (0.3 + 0.3 * k), 260 + 200 * k,
                    [(10 * i * math.cos(steep), 10 * i * math.sin(steep), 0.016) for i in range(1, 9)]))
    return out


driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
try:
    driver.get("file://" + page)
    ready = driver.execute_script("return !!window.gesturetunePlayground && window.innerWidth;")
    if ready != WIDTH:
        sys.exit("the playground did not load at the phone width: %r" % ready)
    errors = driver.execute_script("return window.__errors || null;")
    for kind, admit, x0, y0, moves in swipes():
        count = driver.execute_script("return window.gesturetunePlayground.decisions.length;")
        finger = PointerInput(interaction.POINTER_TOUCH, "finger")
        actions = ActionBuilder(driver, mouse=finger, duration=0)
        actions.pointer_action.move_to_location(int(round(x0)), int(round(y0 + BAR))).pointer_down()
        for dx, dy, pause in moves:
            actions.pointer_action.pause(pause)
            actions.pointer_action.move_to_location(int(round(x0 + dx)), int(round(y0 + BAR + dy)))
        actions.pointer_action.pointer_up()
        actions.perform()
        deadline = time.time() + 10
        while True:
            state = driver.execute_script(
                "var g = window.gesturetunePlayground; return [g.decisions.length, g.idle()];")
            if state[0] > count and state[1]:
                break
            if time.time() > deadline:
                sys.exit("no decision after swipe %s at (%s, %s)" % (kind, x0, y0))
            time.sleep(0.05)
        decision = driver.execute_script("return window.gesturetunePlayground.decisions[arguments[0]];", count)
        last = moves[-1]
        print(json.dumps({"kind": kind, "admit": admit,
                          "dx": int(round(x0 + last[0])) - int(round(x0)),
                          "dy": int(round(y0 + BAR + last[1])) - int(round(y0 + BAR)),
                          "decision": decision}))
    # As the page's "Ask" does: the person said they meant to cancel the second swipe.
    if not driver.execute_script("return window.gesturetunePlayground.recorder.labelGesture('g2', 'cancel');"):
        sys.exit("labelGesture('g2') found no gesture")
    with open(csv_out, "w", encoding="utf-8") as f:
        f.write(driver.execute_script("return window.gesturetunePlayground.recorder.csv();"))
finally:
    driver.quit()

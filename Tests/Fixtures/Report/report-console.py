"""Opens a report.html in headless Chromium and checks that it draws without a console error.

usage: report-console.py REPORT_HTML CHROMIUM

Prints each console entry of level SEVERE and each release-scatter boundary path's `d`; the exit
status is 1 when there is a severe entry or a `d` that is not a list of numbers (a parameter far
off the axes must not reach a path as "Infinity" or "NaN").
"""
import re
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

report, chromium = sys.argv[1:3]
options = webdriver.ChromeOptions()
options.binary_location = chromium
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]:
    options.add_argument(argument)
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
failed = False
try:
    driver.get("file://" + report)
    paths = driver.execute_script(
        "return Array.prototype.map.call(document.querySelectorAll("
        "'#fig-release-scatter path[class^=boundary]'), function (p) {"
        " return [p.getAttribute('class'), p.getAttribute('d')]; })")
    number = r"-?\d+(\.\d+)?"
    for name, d in paths:
        print("%s: %s" % (name, d))
        if not re.fullmatch(r"([ML]%s %s)*" % (number, number), d or ""):
            print("FAIL: %s is not a path of numbers" % name, file=sys.stderr)
            failed = True
    print("boundaries: %d" % len(paths))
    for entry in driver.get_log("browser"):
        if entry["level"] == "SEVERE":
            print("FAIL: console: " + entry["message"], file=sys.stderr)
            failed = True
finally:
    driver.quit()
sys.exit(1 if failed else 0)

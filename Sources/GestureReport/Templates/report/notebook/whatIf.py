import math


{{completes}}


def percent(fraction):
    """A fraction as the report writes it (NumberText.percent): one decimal, half away from zero."""
    scaled = abs(fraction * 100) * 10
    n = math.floor(scaled)
    n += 1 if scaled - n >= 0.5 else 0
    return ("-" if fraction < 0 and n else "") + f"{n // 10}.{n % 10}%"


def what_if(rule=None, **values):
    """Misdecided labelled gestures under `rule` (a summary rule object) with `values` changed."""
    rule = dict(rule or report["summary"]["suggestedRule"], **values)
    q = [float(rule[k]) for k in rule if k != "family"]
    counted = [g for g in report["gestures"] if g["intent"] is not None and "interrupted" not in g["flags"]]
    wrong = sum(completes(rule["family"], q, g) != (g["intent"] == "complete") for g in counted)
    share = percent(wrong / len(counted)) if counted else "n/a"
    return f"{rule['family']}: {wrong} of {len(counted)} labelled gestures misdecided ({share})"


print(what_if())
try:
    import ipywidgets as widgets
except ImportError:
    widgets = None  # call what_if(progressThreshold=0.45, ...) instead
if widgets is not None:
    rule = report["summary"]["suggestedRule"]
    sliders = {k: widgets.FloatText(value=float(v), description=k) for k, v in rule.items() if k != "family"}
    widgets.interact(lambda **values: print(what_if(**values)), **sliders)
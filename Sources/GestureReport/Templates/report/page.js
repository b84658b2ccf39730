(function () {
"use strict";
var D = JSON.parse(document.getElementById("gt-data").textContent);
var G = D.gestures, N = G.id.length, SVGNS = "http://www.w3.org/2000/svg";
var byId = {}; for (var i = 0; i < N; i++) byId[G.id[i]] = i;
function num(x) { return x === "inf" ? Infinity : (x === "-inf" ? -Infinity : x); }
// Numbers for people, exactly as NumberText (Swift) writes them: percentages to one
// decimal, parameters and times to two (trailing zeros dropped), pt/s whole.
var F = (function () {
  function special(x) { return x !== x ? "n/a" : (x === Infinity ? "∞" : (x === -Infinity ? "−∞" : null)); }
  function exponent(x) { return Math.floor(Math.log10(Math.abs(x))); }
  function trimmed(s) { if (s.indexOf(".") < 0) return s; s = s.replace(/0+$/, ""); return s.charAt(s.length - 1) === "." ? s.slice(0, -1) : s; }
  function scientific(x) {
    var e = exponent(x), half = Math.trunc(e / 2), m = Math.round(Math.abs(x) / Math.pow(10, half) / Math.pow(10, e - half) * 100);
    if (m >= 1000) { m /= 10; e += 1; }
    return (x < 0 ? "-" : "") + trimmed(fixed(m / 100, 2)) + "e" + e;
  }
  function fixed(x, d) {
    var scale = Math.pow(10, d), n = Math.round(Math.abs(x) * scale);
    if (!(n < 9e15)) return scientific(x);
    var whole = Math.floor(n / scale), text = String(whole);
    if (d > 0) { var frac = String(n - whole * scale); while (frac.length < d) frac = "0" + frac; text += "." + frac; }
    return (x < 0 && n !== 0 ? "-" : "") + text;
  }
  function percent(x) { var s = special(x); return s !== null ? s : fixed(x * 100, 1) + "%"; }
  function parameter(x) {
    var s = special(x); if (s !== null) return s;
    if (x === 0) return "0";
    if (Math.abs(x) < 1e-6 || Math.round(Math.abs(x) * 100) >= 1e8) return scientific(x);
    if (Math.abs(x) < 0.005) return trimmed(fixed(x, 1 - exponent(x)));
    return trimmed(fixed(x, 2));
  }
  function seconds(x) { return x !== x ? "n/a" : parameter(x) + " s"; }
  function speed(x) { var s = special(x); if (s !== null) return s; return Math.round(Math.abs(x)) >= 1e6 ? scientific(x) : fixed(x, 0); }
  return { percent: percent, parameter: parameter, seconds: seconds, speed: speed };
})();
window.gesturetuneFormat = F;
// The rule's decision is the JavaScript runtime's (runtimes/web, inlined before this script):
// the code an app installs decides the what-if too.
var R = GestureTuneRuntime;
function ruleParameters(family, q) {
  var keys = R.RULE_FAMILIES[family], o = { rule: family };
  for (var k = 0; k < keys.length; k++) o[keys[k]] = q[k] === Infinity ? "inf" : q[k];
  return R.parseParameters(o);
}
function completes(P, i) {
  return R.ruleCompletes(P, { progress: G.p[i], velocity: G.v[i], kinematicVelocity: G.vm[i], kinematicAcceleration: G.am[i], kinematicCount: G.n[i], extent: G.E[i] });
}
// End to end, as the app decides: the role's gate first (a refused meant gesture is wrong),
// then the release; `other` gestures its gate admits are wrong too (docs/gate.md).
function evaluate(rule) {
  var q = rule.values, c = { cc: 0, cx: 0, xc: 0, xx: 0 }, miss = 0, labelled = 0, dec = new Array(N);
  var refused = (rule.role === "current" ? G.rc : G.rs) || [], P = ruleParameters(rule.family, q);
  for (var i = 0; i < N; i++) {
    var yes = completes(P, i); dec[i] = yes;
    if (!G.counted[i] || G.intent[i] === null) continue;
    labelled++;
    if (G.intent[i] === 1) { if (yes) c.cc++; else c.cx++; }
    else { if (yes) c.xc++; else c.xx++; }
    if (refused[i] || (G.intent[i] === 1) !== yes) miss++;
  }
  return { confusion: c, misdecided: miss + (rule.falseTriggers || 0), labelled: labelled + (rule.others || 0), decisions: dec };
}
// The release scatter's plot area in one of its layouts (wide, narrow): [left, right, bottom, top]
// in the SVG's user units, from its data-plot attribute.
function plotArea(svg) {
  var a = (svg.getAttribute("data-plot") || "").split(" ").map(Number);
  return a.length === 4 && a.every(isFinite) ? a : [D.scatterX[2], D.scatterX[3], D.scatterY[2], D.scatterY[3]];
}
function scatters() { return Array.prototype.slice.call(document.querySelectorAll("#fig-release-scatter svg")); }
// The boundary in the release scatter (Rule.boundary's polyline; the figure's clip path clips it).
function boundary(rule, P) {
  var X = D.scatterX, Y = D.scatterY, q = rule.values, p0 = X[0], p1 = X[1];
  var far = Math.max(Math.abs(Y[0]), Math.abs(Y[1]), 1) * 4 + 1, pts;
  function line(f) { return [[p0, f(p0)], [p1, f(p1)]]; }
  function vertical(p) { return [[p, -far], [p, far]]; }
  switch (rule.family) {
  case "threshold": pts = isFinite(q[1]) ? [[p0, q[1]], [q[0], q[1]], [q[0], -q[1]], [p1, -q[1]]] : vertical(q[0]); break;
  case "forward": var vv = isFinite(q[1]) ? q[1] : far; pts = [[p0, vv], [q[0], vv], [q[0], 0], [p1, 0]]; break;
  case "projection": pts = q[1] === 0 ? vertical(q[0]) : line(function (p) { return (q[0] - p) / q[1]; }); break;
  case "logistic": pts = q[2] !== 0 ? line(function (p) { return -(q[0] + q[1] * p) / q[2]; }) : (q[1] !== 0 ? vertical(-q[0] / q[1]) : []); break;
  case "kinematic": var t = Math.min(q[0] / Math.max(D.extent, 1e-9), 0.5); pts = q[1] === 0 ? vertical(t) : line(function (p) { return (t - p) / q[1]; }); break;
  }
  var d = "";
  pts.forEach(function (pt, k) {
    if (!isFinite(pt[0]) || !isFinite(pt[1])) return;
    var x = P[0] + (pt[0] - X[0]) / (X[1] - X[0]) * (P[1] - P[0]), y = P[2] + (Math.max(Math.min(pt[1], 1e6), -1e6) - Y[0]) / (Y[1] - Y[0]) * (P[3] - P[2]);
    // A finite parameter far off the axes (p_th 1e308) maps beyond any number a path holds:
    // kept within 1e6 px, which the clip path cuts; a point that maps to no number is left out.
    if (x !== x || y !== y) return;
    x = Math.max(Math.min(x, 1e6), -1e6); y = Math.max(Math.min(y, 1e6), -1e6);
    d += (d === "" ? "M" : "L") + x.toFixed(1) + " " + y.toFixed(1);
  });
  return d;
}
var rules = D.rules.map(function (r) {
  return { role: r.role, title: r.title, family: r.family, parameters: r.parameters, params: r.params, blocks: r.blocks || {}, values: r.parameters.map(function (p) { return num(p.value); }), others: r.others || 0, falseTriggers: r.falseTriggers || 0 };
});
var state = {};
function show(rule) {
  var e = evaluate(rule), c = e.confusion, o = document.getElementById("wi-" + rule.role + "-error");
  state[rule.role] = e;
  if (o) {
    o.dataset.misdecided = e.misdecided; o.dataset.labelled = e.labelled;
    o.textContent = e.labelled ? F.percent(e.misdecided / e.labelled) + " (" + e.misdecided + " of " + e.labelled + " wrong end to end)" : "no intent labels: " + e.decisions.filter(Boolean).length + " of " + N + " complete";
  }
  [["cc", c.cc], ["cx", c.cx], ["xc", c.xc], ["xx", c.xx]].forEach(function (kv) { var el = document.getElementById("wi-" + rule.role + "-" + kv[0]); if (el) el.textContent = kv[1]; });
  scatters().forEach(function (svg) {
    var path = svg.querySelector("path.boundary-" + rule.role);
    if (path) path.setAttribute("d", boundary(rule, plotArea(svg)));
  });
  rings();
  take();
  if (openId !== null) drill(openId);
}
// Take the values away: the role's set (written by the report) with the sliders' values in
// place of its rule's, as params.json and as the snippets' parameters block.
function takeRule() { var r = document.getElementById("take-role"), role = r ? r.value : "suggested"; return rules.filter(function (x) { return x.role === role; })[0]; }
function takenParams(rule) {
  var o = JSON.parse(rule.params);
  rule.parameters.forEach(function (p, k) { o[p.key] = rule.values[k] === Infinity ? "inf" : rule.values[k]; });
  return JSON.stringify(o, null, 2) + "\n";
}
// A literal as the snippets write one: a "." or an exponent always, infinity per language.
function literal(x, language) {
  if (x === Infinity) return language === "swift" ? ".infinity" : (language === "kt" ? "Double.POSITIVE_INFINITY" : "Infinity");
  var s = String(x); return /[.eE]/.test(s) ? s : s + ".0";
}
function takenBlock(rule, language) {
  var text = rule.blocks[language] || "";
  rule.parameters.forEach(function (p, k) {
    var line = new RegExp("^(\\s*(?:static let |val |static )" + p.key + "\\b[^=\\n]*= )[^;\\n]*", "m");
    text = text.replace(line, function (m, head) { return head + literal(rule.values[k], language); });
  });
  return text;
}
function take() {
  var box = document.getElementById("what-if-take"), rule = takeRule();
  if (!box || !rule || !rule.params || !state[rule.role]) return;
  box.hidden = false;
  var lang = document.getElementById("take-language").value, src = document.getElementById("wi-" + rule.role + "-error"), out = document.getElementById("take-error");
  out.textContent = src.textContent; out.dataset.misdecided = src.dataset.misdecided || ""; out.dataset.labelled = src.dataset.labelled || "";
  document.getElementById("take-block").textContent = takenBlock(rule, lang);
}
(function () {
  var d = document.getElementById("take-download");
  if (!d) return;
  ["take-role", "take-language"].forEach(function (id) { document.getElementById(id).addEventListener("change", take); });
  d.addEventListener("click", function () {
    var a = document.createElement("a"), url = URL.createObjectURL(new Blob([takenParams(takeRule())], { type: "application/json" }));
    a.href = url; a.download = "params.json"; a.hidden = true; document.body.appendChild(a); a.click();
    setTimeout(function () { URL.revokeObjectURL(url); a.remove(); }, 1000);
  });
})();
// The misdecided rings in the release scatter, as SVGRenderer draws them, for the
// decisions the sliders give: solid where the suggested rule errs, dashed where only the
// current one does; at each plotted point's position (clamped to the axes like the figure).
function rings() {
  if (!D.labelled || !state.current || !state.suggested) return;
  scatters().forEach(ringsIn);
}
function ringsIn(svg) {
  var g = svg.querySelector("g.rings");
  if (!g) return;
  var X = D.scatterX, Y = D.scatterY, P = plotArea(svg), frag = document.createDocumentFragment(), seen = {};
  g.textContent = "";
  Array.prototype.forEach.call(svg.querySelectorAll("g.points [data-gesture]"), function (pt) {
    var id = pt.getAttribute("data-gesture"), i = byId[id];
    if (i === undefined || seen[id] || G.intent[i] === null) return;
    seen[id] = true;
    var bySuggested = (state.suggested.decisions[i] ? 1 : 0) !== G.intent[i], byCurrent = (state.current.decisions[i] ? 1 : 0) !== G.intent[i];
    if (!bySuggested && !byCurrent) return;
    var p = Math.min(Math.max(isFinite(G.p[i]) ? G.p[i] : 0, X[0]), X[1]), v = Math.min(Math.max(isFinite(G.v[i]) ? G.v[i] : 0, Y[0]), Y[1]);
    var attrs = { cx: (P[0] + (p - X[0]) / (X[1] - X[0]) * (P[1] - P[0])).toFixed(1), cy: (P[2] + (v - Y[0]) / (Y[1] - Y[0]) * (P[3] - P[2])).toFixed(1), r: "6.5", "data-ring": id };
    if (!bySuggested) attrs["stroke-dasharray"] = "2 2";
    el("circle", attrs, frag);
  });
  g.appendChild(frag);
}
function controls(rule) {
  var box = document.getElementById("wi-" + rule.role);
  if (!box) return;
  rule.parameters.forEach(function (p, k) {
    var label = document.createElement("label"), name = document.createElement("span");
    name.textContent = p.symbol; name.title = p.key + " (" + p.unit + ")";
    var range = document.createElement("input"), field = document.createElement("input");
    range.type = "range"; range.min = p.min; range.max = p.max; range.step = (p.max - p.min) / 1000;
    range.setAttribute("aria-label", p.symbol + " slider"); range.dataset.key = p.key;
    field.type = "text"; field.inputMode = "decimal"; field.setAttribute("aria-label", p.symbol); field.dataset.key = p.key;
    function set(x, from) {
      if (!(x === Infinity && p.infinityAllowed) && !(isFinite(x) && x >= num(p.lowest) && x <= num(p.highest))) { field.setAttribute("aria-invalid", "true"); return; }
      field.removeAttribute("aria-invalid");
      rule.values[k] = x;
      if (from !== range) range.value = isFinite(x) ? x : p.max;
      if (from !== field) field.value = isFinite(x) ? String(Number(x.toPrecision(6))) : "inf";
      show(rule);
    }
    range.addEventListener("input", function () { set(Number(range.value), range); });
    field.addEventListener("change", function () { var t = field.value.trim().toLowerCase(); set(t === "inf" || t === "∞" ? Infinity : (t === "" ? 0 / 0 : Number(t)), field); });
    label.appendChild(name); label.appendChild(range); label.appendChild(field); box.appendChild(label);
    set(rule.values[k], null);
  });
  var reset = document.getElementById("wi-" + rule.role + "-reset");
  if (reset) reset.addEventListener("click", function () { box.querySelectorAll("label").forEach(function (l) { l.remove(); }); rule.values = rule.parameters.map(function (p) { return num(p.value); }); controls(rule); });
}
// Relabel: a gesture's intent as a person sets it (complete, cancel, not meant, or no label),
// kept in local storage for this report's files, exported as a labels file (file, line,
// gesture, intent) that `gesturetune analyze --relabel FILE` applies over the trace's labels.
var LABELS = [["", "as recorded"], ["complete", "complete"], ["cancel", "cancel"], ["other", "not meant"], ["none", "no label"]];
var storeKey = "gesturetune.labels/" + (G.files || []).join("|") + "/" + (D.name || ""), labels = {};
try { labels = JSON.parse(window.localStorage.getItem(storeKey) || "{}") || {}; } catch (e) { labels = {}; }
Object.keys(labels).forEach(function (id) { if (byId[id] === undefined || LABELS.every(function (l) { return l[0] !== labels[id] || l[0] === ""; })) delete labels[id]; });
function recorded(i) { return G.intent[i] === null ? "unlabelled" : (G.intent[i] ? "complete" : "cancel"); }
function relabel(id, value) {
  if (value) labels[id] = value; else delete labels[id];
  try { window.localStorage.setItem(storeKey, JSON.stringify(labels)); } catch (e) { /* storage off: the page keeps them until it closes */ }
  relabelled();
  if (openId === id) drill(id);
}
function relabelled() {
  var n = Object.keys(labels).length, c = document.getElementById("relabel-count");
  if (c) { c.textContent = n + " changed"; c.dataset.count = n; }
  Array.prototype.forEach.call(document.querySelectorAll("select.relabel"), function (s) {
    var v = labels[s.dataset.gesture] || ""; if (s.value !== v) s.value = v;
    s.closest("tr").classList.toggle("relabelled", v !== "");
  });
}
function relabelBar(id, parent) {
  var bar = document.createElement("p"), i = byId[id];
  bar.className = "relabel-bar"; bar.setAttribute("role", "group"); bar.setAttribute("aria-label", "intent of " + id);
  var word = document.createElement("span"); word.textContent = "meant (recorded " + recorded(i) + "):"; bar.appendChild(word);
  LABELS.forEach(function (l) {
    var b = document.createElement("button"); b.type = "button"; b.textContent = l[1]; b.dataset.intent = l[0];
    b.setAttribute("aria-pressed", String((labels[id] || "") === l[0]));
    b.addEventListener("click", function () { relabel(id, l[0]); });
    bar.appendChild(b);
  });
  parent.appendChild(bar);
}
function csvField(s) { s = String(s); return /[",\r\n]/.test(s) ? "\"" + s.replace(/"/g, "\"\"") + "\"" : s; }
function exportLabels() {
  var rows = ["file,line,gesture,intent"];
  Object.keys(labels).sort(function (a, b) { return byId[a] - byId[b]; }).forEach(function (id) {
    var i = byId[id], v = labels[id];
    rows.push([G.files ? G.files[G.file[i]] : "", G.line && G.line[i] ? G.line[i] : "", id, v === "none" ? "" : v].map(csvField).join(","));
  });
  var a = document.createElement("a"), url = URL.createObjectURL(new Blob([rows.join("\n") + "\n"], { type: "text/csv" }));
  a.href = url; a.download = "labels.csv"; a.hidden = true; document.body.appendChild(a); a.click();
  setTimeout(function () { URL.revokeObjectURL(url); a.remove(); }, 1000);
}
// Replay: the gesture in real time (or at a quarter of it): the finger's dot and the sheet
// following it along the transition's axis, the release, then the settle under each what-if
// set side by side, each with its decision. The settle is the runtime's spring
// (springInitialVelocity, springPosition, springSettlingTime) with the set's spring; a gesture
// the set's gate refuses never moves its sheet.
var replayToken = 0, springSets = {};
function springSet(rule) {
  if (!springSets[rule.role]) {
    try { springSets[rule.role] = R.parseParameters(JSON.parse(rule.params)); } catch (e) { springSets[rule.role] = ruleParameters(rule.family, rule.values); }
  }
  return springSets[rule.role];
}
function sampleAt(T, t) {
  var n = T.t.length;
  if (t <= T.t[0]) return T.p[0];
  for (var k = 1; k < n; k++) if (T.t[k] >= t) { var a = T.t[k - 1], b = T.t[k]; return b > a ? T.p[k - 1] + (T.p[k] - T.p[k - 1]) * (t - a) / (b - a) : T.p[k]; }
  return T.p[n - 1];
}
function replayBox(i, T, parent) {
  var box = document.createElement("div"), bar = document.createElement("p"), play = document.createElement("button"), speed = document.createElement("select"), said = document.createElement("output");
  box.className = "replay"; bar.className = "replay-tools";
  play.type = "button"; play.id = "replay-play"; play.textContent = "▶ replay";
  speed.id = "replay-speed"; speed.setAttribute("aria-label", "replay speed");
  [["1", "real time"], ["0.25", "¼ speed"]].forEach(function (s) { var o = document.createElement("option"); o.value = s[0]; o.textContent = s[1]; speed.appendChild(o); });
  said.id = "replay-state"; said.dataset.state = "ready";
  bar.appendChild(play); bar.appendChild(speed); box.appendChild(bar);
  var W = 320, lane = 44, gap = 22, H = rules.length * (lane + gap) + 4, margin = 8, span = W - 2 * margin;
  var svg = el("svg", { viewBox: "0 0 " + W + " " + H, width: String(W), height: String(H), role: "img", "font-size": "12", "font-family": "system-ui, sans-serif", "data-figure": "replay" }, box);
  svg.style.maxWidth = "100%"; svg.style.height = "auto";
  el("title", {}, svg, "Replay of the gesture along the transition's axis, settling under each set");
  var lanes = rules.map(function (r, k) {
    var y = k * (lane + gap) + gap;
    var name = el("text", { x: margin, y: y - 6 }, svg, r.title);
    el("rect", { x: margin, y: y, width: span, height: lane, fill: "#d9d9d9", stroke: "#333" }, svg);
    var sheet = el("rect", { x: margin, y: y, width: span, height: lane, fill: "#fff", stroke: "#0072B2", "stroke-width": "2", "class": "sheet" }, svg);
    var dot = el("circle", { cx: margin, cy: y + lane / 2, r: "9", fill: "#D55E00", "fill-opacity": "0.8", "class": "finger" }, svg);
    var refused = ((r.role === "current" ? G.rc : G.rs) || [])[i] ? true : false, yes = state[r.role].decisions[i];
    return { rule: r, name: name, sheet: sheet, dot: dot, refused: refused, complete: !refused && yes, word: refused ? "refused by the gate (cancel)" : (yes ? "complete" : "cancel") };
  });
  var key = document.createElement("p"); key.className = "note";
  key.textContent = "Along the transition's axis: white, the sheet the finger drags; grey, the screen it uncovers; orange, the finger until the release. Each set settles with its own spring.";
  box.appendChild(said); box.appendChild(key); parent.appendChild(box);
  function place(l, p, finger) {
    var x = margin + Math.max(-0.2, Math.min(1.2, p)) * span;
    l.sheet.setAttribute("x", x.toFixed(1)); l.sheet.setAttribute("width", Math.max(0, margin + span - x).toFixed(1));
    l.dot.setAttribute("cx", (margin + Math.max(0, Math.min(1, finger)) * span + 10).toFixed(1));
  }
  lanes.forEach(function (l) { place(l, 0, 0); });
  play.addEventListener("click", function () {
    var token = ++replayToken, rate = Number(speed.value) || 1, start = null;
    var tr = T.t[T.t.length - 1], pr = G.p[i], v = G.v[i];
    lanes.forEach(function (l) {
      var P = springSet(l.rule), target = l.complete ? 1 : 0;
      l.v0 = R.springInitialVelocity(pr, v, l.complete); l.P = P; l.target = target;
      l.settle = Math.max(R.springSettlingTime(P, l.v0), 0.05); l.dot.setAttribute("visibility", "visible");
      l.name.textContent = l.rule.title;
    });
    said.dataset.state = "playing"; said.textContent = "playing" + (rate < 1 ? " at ¼ speed" : "");
    function frame(now) {
      if (token !== replayToken || !box.isConnected) return;
      if (start === null) start = now;
      var t = (now - start) / 1000 * rate, done = true;
      lanes.forEach(function (l) {
        if (t < tr) { var p = sampleAt(T, t); place(l, l.refused ? 0 : p, p); done = false; return; }
        l.dot.setAttribute("visibility", "hidden");
        if (l.refused) { place(l, 0, pr); return; }
        var s = t - tr;
        if (s < l.settle) { place(l, pr + (l.target - pr) * R.springPosition(l.P, l.v0, s), pr); done = false; }
        else { place(l, l.target, pr); l.name.textContent = l.rule.title + ": " + l.word + (G.intent[i] !== null && (l.complete ? 1 : 0) !== G.intent[i] ? " ✗" : ""); }
      });
      if (!done) { window.requestAnimationFrame(frame); return; }
      said.dataset.state = "ended";
      lanes.forEach(function (l) { said.dataset[l.rule.role] = l.refused ? "refused" : (l.complete ? "complete" : "cancel"); said.dataset[l.rule.role + "End"] = String(l.target); });
      said.textContent = "released at p " + F.parameter(pr) + ", " + F.parameter(v) + " progress/s: " + lanes.map(function (l) { return l.rule.title + " " + l.word; }).join(" · ");
    }
    window.requestAnimationFrame(frame);
  });
}
// Drill-down: a gesture's timeline, in a panel over the page (beside the figures on a desktop,
// a bottom sheet on a phone); close and Escape give the focus back to what opened it.
var openId = null, opener = null;
function el(tag, attrs, parent, text) { var e = document.createElementNS(SVGNS, tag); for (var a in attrs) e.setAttribute(a, attrs[a]); if (text !== undefined) e.textContent = text; if (parent) parent.appendChild(e); return e; }
function drill(id, from) {
  var box = document.getElementById("timeline"), i = byId[id];
  if (!box || i === undefined) return;
  if (from) { opener = from; }
  var wasHidden = box.hidden;
  openId = id; box.hidden = false; mark(id);
  var T = D.timelines[id], head = document.getElementById("timeline-title"), body = document.getElementById("timeline-body");
  head.textContent = "Gesture " + id;
  body.textContent = "";
  var facts = document.createElement("p"), intent = G.intent[i] === null ? "unlabelled" : (G.intent[i] ? "complete" : "cancel");
  var decide = rules.map(function (r) { var yes = state[r.role].decisions[i], word = yes ? "complete" : "cancel"; return r.title + ": " + word + (G.intent[i] !== null && (yes ? 1 : 0) !== G.intent[i] ? " ✗" : ""); });
  facts.textContent = "intent " + intent + " · p_r " + F.parameter(G.p[i]) + " · v_p " + F.parameter(G.v[i]) + " progress/s · " + decide.join(" · ");
  body.appendChild(facts);
  relabelBar(id, body);
  replayToken++;
  if (T) replayBox(i, T, body);
  if (!T) { var none = document.createElement("p"); none.className = "note"; none.textContent = "No timeline for this gesture in the page (timelines are kept for the gestures in the table)."; body.appendChild(none); opened(box, wasHidden); return; }
  var wrap = document.createElement("div"); wrap.className = "timeline-svg"; body.appendChild(wrap);
  // Drawn for the panel's width (at most 640), so its text is never scaled down.
  var W = Math.max(280, Math.min(640, Math.floor(body.clientWidth) || 640)), H = W < 480 ? 260 : 300, L = 56, R = W < 480 ? 52 : 64, Tp = 24, B = 44;
  var svg = el("svg", { viewBox: "0 0 " + W + " " + H, width: String(W), height: String(H), role: "img", "font-size": "12", "font-family": "system-ui, sans-serif", "data-figure": "timeline" }, wrap);
  svg.style.maxWidth = "100%"; svg.style.height = "auto";
  el("title", {}, svg, "Progress and position over time, gesture " + id);
  var tMax = Math.max(T.t[T.t.length - 1] || 0, 1e-3), pMin = Math.min(0, Math.min.apply(null, T.p)), pMax = Math.max(1, Math.max.apply(null, T.p));
  function X(t) { return L + t / tMax * (W - L - R); }
  function Y(p) { return H - B - (p - pMin) / (pMax - pMin) * (H - B - Tp); }
  el("rect", { x: L, y: Tp, width: W - L - R, height: H - B - Tp, fill: "none", stroke: "#333" }, svg);
  for (var k = 0; k <= 4; k++) {
    var pv = pMin + (pMax - pMin) * k / 4, y = Y(pv);
    el("line", { x1: L, x2: W - R, y1: y, y2: y, stroke: "#e3e3e3" }, svg);
    el("text", { x: L - 6, y: y + 4, "text-anchor": "end", "font-size": "11" }, svg, F.parameter(pv));
    el("text", { x: W - R + 6, y: y + 4, "font-size": "11" }, svg, F.speed(pv * T.extent));
  }
  // Time ticks at the round values the report chose (Axis), with its labels.
  (T.ticks || []).forEach(function (tv, k) {
    if (tv > tMax * (1 + 1e-9)) return;
    el("line", { x1: X(tv), x2: X(tv), y1: H - B, y2: H - B + 4, stroke: "#333", "class": "tick" }, svg);
    el("text", { x: X(tv), y: H - B + 16, "text-anchor": "middle", "font-size": "11", "class": "tick-label" }, svg, T.tickLabels[k]);
  });
  el("text", { x: (L + W - R) / 2, y: H - 8, "text-anchor": "middle" }, svg, "time since the first sample (s)");
  el("text", { transform: "translate(14 " + (H - B + Tp) / 2 + ") rotate(-90)", "text-anchor": "middle" }, svg, "progress");
  el("text", { transform: "translate(" + (W - 10) + " " + (H - B + Tp) / 2 + ") rotate(90)", "text-anchor": "middle" }, svg, "position (pt)");
  var d = T.t.map(function (t, k) { return (k ? "L" : "M") + X(t).toFixed(1) + " " + Y(T.p[k]).toFixed(1); }).join("");
  el("path", { d: d, fill: "none", stroke: "#0072B2", "stroke-width": "2" }, svg);
  var w0 = Math.max(T.t.length - T.window, 0);
  for (var s = 0; s < T.t.length; s++) el("circle", { cx: X(T.t[s]).toFixed(1), cy: Y(T.p[s]).toFixed(1), r: s >= w0 && T.window > 0 ? 3.5 : 1.6, fill: s >= w0 && T.window > 0 ? "#D55E00" : "#0072B2", "class": s >= w0 && T.window > 0 ? "in-window" : "" }, svg);
  var tr = T.t[T.t.length - 1], pr = T.p[T.p.length - 1];
  el("line", { x1: X(tr), x2: X(tr), y1: Tp, y2: H - B, stroke: "#000", "stroke-dasharray": "4 3" }, svg);
  el("text", { x: X(tr) - 4, y: Tp + 14, "text-anchor": "end", "font-size": "11" }, svg, "release");
  // Each estimator's velocity as a short tangent ending at the release.
  var colours = ["#009E73", "#E69F00", "#CC79A7", "#56B4E9", "#000000", "#6b6b6b"], dt = tMax * 0.15;
  T.estimates.forEach(function (e, k) {
    var vp = e[1] / T.extent;
    el("line", { x1: X(tr - dt), y1: Y(pr - vp * dt), x2: X(tr), y2: Y(pr), stroke: colours[k % colours.length], "stroke-width": "1.5" }, svg);
  });
  var tbl = document.createElement("table"), rows = [["estimator", "v (pt/s)", "v_p (progress/s)"]].concat(T.estimates.map(function (e) { return [e[0], F.speed(e[1]), F.parameter(e[1] / T.extent)]; }));
  rows.forEach(function (r, k) { var tr = tbl.insertRow(); r.forEach(function (c, j) { var cell = document.createElement(k ? "td" : "th"); cell.textContent = c; if (k && j) cell.className = "num"; if (k && j === 0) cell.style.borderLeft = "4px solid " + colours[(k - 1) % colours.length]; tr.appendChild(cell); }); });
  var tw = document.createElement("div"); tw.className = "table-wrap"; tw.appendChild(tbl); body.appendChild(tw);
  var note = document.createElement("p"); note.className = "note";
  note.textContent = "Orange dots: the " + T.window + " samples in the velocity window; coloured segments: each estimator's velocity at the release. " + T.samples + " samples in " + T.file + ".";
  body.appendChild(note);
  opened(box, wasHidden);
}
function opened(box, wasHidden) {
  var c = document.getElementById("timeline-close");
  if (wasHidden && c) c.focus({ preventScroll: true });
}
// The open gesture's point, outlined in the release scatter (both layouts).
function mark(id) {
  Array.prototype.forEach.call(document.querySelectorAll("#fig-release-scatter .selected"), function (p) { p.classList.remove("selected"); });
  if (id === null) return;
  Array.prototype.forEach.call(document.querySelectorAll("#fig-release-scatter g.points [data-gesture]"), function (p) { if (p.getAttribute("data-gesture") === id) p.classList.add("selected"); });
}
function closeTimeline() {
  var box = document.getElementById("timeline");
  if (!box || box.hidden) return;
  box.hidden = true; openId = null; mark(null);
  if (opener && opener.isConnected && opener.focus) opener.focus({ preventScroll: true });
  opener = null;
}
document.addEventListener("click", function (ev) {
  if (ev.target.closest && ev.target.closest("select, button, input, label")) return;
  var t = ev.target.closest ? ev.target.closest("[data-gesture]") : null;
  if (t) drill(t.getAttribute("data-gesture"), t);
});
document.addEventListener("keydown", function (ev) { if (ev.key === "Escape") closeTimeline(); });
var close = document.getElementById("timeline-close");
if (close) close.addEventListener("click", closeTimeline);
// A new width may change the panel's: the open timeline is drawn again for it.
if (window.matchMedia) { var mq = window.matchMedia("(max-width: 600px)"); if (mq.addEventListener) mq.addEventListener("change", function () { if (openId !== null) drill(openId); }); }
// The gesture table: sort, filter, page.
var table = document.getElementById("gesture-table");
if (table) {
  var tbody = table.tBodies[0], all = Array.prototype.slice.call(tbody.rows), pageSize = 50, page = 0, shown = all;
  var tools = document.getElementById("gesture-tools"), info = document.getElementById("gesture-page");
  // On a phone the columns a decision does not rest on give way: id (sticky), p_r, v_p,
  // intent and the decisions stay in view.
  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, col) {
    if (["file", "samples", "duration (s)", "v (pt/s)"].indexOf(th.textContent) < 0) return;
    th.classList.add("minor"); all.forEach(function (r) { if (r.cells[col]) r.cells[col].classList.add("minor"); });
  });
  var fMiss = document.getElementById("filter-miss"), fIntent = document.getElementById("filter-intent"), fId = document.getElementById("filter-id");
  function apply() {
    var m = fMiss.value, it = fIntent.value, q = fId.value.trim().toLowerCase();
    shown = all.filter(function (r) {
      var i = byId[r.dataset.gesture];
      if (q && r.dataset.gesture.toLowerCase().indexOf(q) < 0) return false;
      if (it === "unlabelled" ? G.intent[i] !== null : (it !== "" && G.intent[i] !== (it === "complete" ? 1 : 0))) return false;
      if (m === "") return true;
      var e = state[m]; return G.intent[i] !== null && (e.decisions[i] ? 1 : 0) !== G.intent[i];
    });
    var pages = Math.max(1, Math.ceil(shown.length / pageSize)); page = Math.min(page, pages - 1);
    all.forEach(function (r) { r.hidden = true; });
    shown.forEach(function (r, k) { tbody.appendChild(r); r.hidden = k < page * pageSize || k >= (page + 1) * pageSize; });
    info.textContent = shown.length ? "rows " + (page * pageSize + 1) + "–" + Math.min(shown.length, (page + 1) * pageSize) + " of " + shown.length + " (page " + (page + 1) + " of " + pages + ")" : "no rows match";
  }
  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, col) {
    th.classList.add("sortable"); th.tabIndex = 0;
    function sort() {
      var asc = th.getAttribute("aria-sort") !== "ascending";
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (h) { h.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", asc ? "ascending" : "descending");
      function key(r) { var t = r.cells[col].textContent, x = parseFloat(t); return x !== x || !/^-?[0-9.]/.test(t) ? t : x; }
      all.sort(function (a, b) { var x = key(a), y = key(b), o = typeof x === typeof y ? (x < y ? -1 : x > y ? 1 : 0) : (typeof x === "number" ? -1 : 1); return asc ? o : -o; });
      page = 0; apply();
    }
    th.addEventListener("click", sort);
    th.addEventListener("keydown", function (e) { if (e.key === "Enter") sort(); });
  });
  // Doubtful first: flagged (near the boundary counts twice), then unlabelled, then
  // misdecided by the suggested rule; the table's order otherwise.
  document.getElementById("sort-doubt").addEventListener("click", function () {
    var order = {}; all.forEach(function (r, k) { order[r.dataset.gesture] = k; });
    function key(r) { var i = byId[r.dataset.gesture], s = state.suggested; return [-(G.doubt ? G.doubt[i] : 0), G.intent[i] === null ? 0 : 1, s && G.intent[i] !== null && (s.decisions[i] ? 1 : 0) !== G.intent[i] ? 0 : 1, order[r.dataset.gesture]]; }
    all.sort(function (a, b) { var x = key(a), y = key(b); for (var k = 0; k < x.length; k++) if (x[k] !== y[k]) return x[k] - y[k]; return 0; });
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (h) { h.removeAttribute("aria-sort"); });
    page = 0; apply();
  });
  [fMiss, fIntent].forEach(function (f) { f.addEventListener("change", function () { page = 0; apply(); }); });
  fId.addEventListener("input", function () { page = 0; apply(); });
  document.getElementById("page-prev").addEventListener("click", function () { if (page > 0) { page--; apply(); } });
  document.getElementById("page-next").addEventListener("click", function () { if ((page + 1) * pageSize < shown.length) { page++; apply(); } });
  tools.hidden = false;
  // The relabel column: one select a row (after sorting is set up: it is not a sort key).
  var head = document.createElement("th"); head.scope = "col"; head.textContent = "relabel"; table.tHead.rows[0].appendChild(head);
  all.forEach(function (r) {
    var id = r.dataset.gesture, cell = r.insertCell(-1), sel = document.createElement("select");
    sel.className = "relabel"; sel.setAttribute("aria-label", "intent of " + id); sel.dataset.gesture = id;
    LABELS.forEach(function (l) { var o = document.createElement("option"); o.value = l[0]; o.textContent = l[0] === "" ? "as recorded" : l[1]; sel.appendChild(o); });
    sel.addEventListener("change", function () { relabel(id, sel.value); });
    cell.appendChild(sel);
  });
  document.getElementById("relabel-export").addEventListener("click", exportLabels);
  document.getElementById("relabel-forget").addEventListener("click", function () { Object.keys(labels).forEach(function (id) { relabel(id, ""); }); });
  document.getElementById("relabel-tools").hidden = false;
  relabelled();
}
rules.forEach(controls);
// A copy button above every snippet; the code scrolls inside its box.
Array.prototype.forEach.call(document.querySelectorAll("#snippets pre, #what-if-take pre"), copyButton);
function copyButton(pre) {
  var row = document.createElement("div"), b = document.createElement("button"), said = document.createElement("span");
  row.className = "copy-row"; b.type = "button"; b.textContent = "copy"; b.className = "copy";
  said.setAttribute("role", "status"); said.className = "note";
  b.addEventListener("click", function () {
    var text = pre.textContent;
    function done(ok) { said.textContent = ok ? "copied" : "select the code and copy it"; }
    function fallback() {
      var r = document.createRange(); r.selectNodeContents(pre);
      var s = window.getSelection(); s.removeAllRanges(); s.addRange(r);
      var ok = false; try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      done(ok);
    }
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(function () { done(true); }, fallback);
    else fallback();
  });
  row.appendChild(said); row.appendChild(b);
  pre.parentNode.insertBefore(row, pre);
}
if (table) { page = 0; (function () { var ev = document.createEvent("Event"); ev.initEvent("change", true, true); document.getElementById("filter-miss").dispatchEvent(ev); })(); }
})();
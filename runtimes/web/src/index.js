/**
 * @gesturetune/runtime: decides a touch transition (complete or cancel) from the raw pointer
 * samples exactly as gesturetune's analysis does, with the parameters of a `params.json` file
 * as a value. One ES2022 module, no dependencies, for browsers and node.
 *
 * It is the JavaScript twin of the Swift runtime `GestureTuneRuntime` (the code gesturetune's
 * engine decides through), held to it by `runtimes/conformance/cases.json`: cases the engine
 * decided, every one of which this module must reproduce within `runtimes/SPEC.md`'s
 * tolerances. Its constants, the rule families' keys, the estimators' fallback chains and each
 * family's decision are generated from the Swift runtime into `tables.js` by `make runtimes`.
 * A snippet gesturetune writes is glue around this module plus a parameters block, read with
 * `parseBlock`. The contract shared with the Swift and Kotlin runtimes is `runtimes/SPEC.md`
 * in gesturetune's repository.
 *
 * Units: positions in px (pt) in a frame that does not move with the finger (the container's),
 * times in seconds, progress in [0, 1], velocities along the axis in progress/s.
 *
 * @module @gesturetune/runtime
 */

/**
 * A rule family: which decision a parameter set makes.
 * @typedef {'threshold' | 'forward' | 'projection' | 'kinematic' | 'logistic'} RuleFamily
 */

/**
 * The direction that makes progress (`right`: x grows, `left`: x shrinks, `down`: y grows,
 * `up`: y shrinks).
 * @typedef {'right' | 'left' | 'down' | 'up'} Direction
 */

/**
 * The release-velocity estimator the thresholds were fitted on.
 * @typedef {'lsq2' | 'lsq1' | 'delta' | 'impulse' | 'platform'} Estimator
 */

/**
 * Normalized parameters, as `parseParameters` returns them (frozen): the `params.json` keys,
 * every absent optional value `null`. Only the rule family's own keys are present among
 * `progressThreshold`, `velocityThreshold`, `tau`, `distanceThreshold`, `kinematicDuration`,
 * `intercept`, `progressCoefficient`, `velocityCoefficient`. The older top-level `edgeWidth`
 * and `directionLockAngle` are folded into `gate.edgeWidth` and `gate.lockAngle`.
 * @typedef {object} Parameters
 * @property {string | null} schema informational
 * @property {string | null} preset informational
 * @property {RuleFamily} rule
 * @property {Direction} direction `right` when the file has none
 * @property {number} [progressThreshold] threshold, forward, projection: `p_th`
 * @property {number} [velocityThreshold] threshold, forward: `v_th`, progress/s (may be Infinity)
 * @property {number} [tau] projection, s
 * @property {number} [distanceThreshold] kinematic `d_th`, pt
 * @property {number} [kinematicDuration] kinematic `D`, s
 * @property {number} [intercept] logistic `b0`
 * @property {number} [progressCoefficient] logistic `b1`
 * @property {number} [velocityCoefficient] logistic `b2`
 * @property {number | null} extent pt, used when the app passes no positive finite extent
 * @property {Estimator} estimator `lsq2` when the file has none
 * @property {number | null} horizon window, s
 * @property {number | null} maxSamples window, count
 * @property {number | null} maxGap window, s
 * @property {number | null} completionSpeed informational
 * @property {number | null} transitionDuration s
 * @property {number | null} fingerSpeedCap s
 * @property {{dampingRatio: number | null, response: number | null}} spring
 * @property {{edgeWidth: number | null, lockAngle: number | null, slop: number | null}} gate
 * @property {number | null} expectedError informational
 */

/**
 * What a rule decides on (`ruleCompletes`).
 * @typedef {object} RuleState
 * @property {number} progress `p_r` in [0, 1]
 * @property {number} velocity `v_p`, progress/s
 * @property {number} [kinematicVelocity] mean velocity over the last `DEFAULTS.kinematicSamples` (3)
 *   samples, progress/s (0)
 * @property {number} [kinematicAcceleration] their acceleration, progress/s² (0)
 * @property {number} [kinematicCount] how many samples (at most 3) they came from (0)
 * @property {number} [extent] pt (else the parameters' extent, else 390)
 */

/**
 * A release decided by `GestureTracker.release`.
 * @typedef {object} Release
 * @property {boolean} admitted the gate let the gesture start
 * @property {boolean} ruleCompletes the rule's verdict, gate aside
 * @property {boolean} complete admitted and the rule completes: animate to 1, else to 0
 * @property {number} progress at release, [0, 1]
 * @property {number} velocity along the axis, progress/s
 * @property {number} settleDuration s: the rest of the way at the finger's speed, capped
 * @property {number} completionSpeed speed factor of the `transitionDuration` animation
 * @property {number} springInitialVelocity the release velocity relative to the way left, 1/s
 * @property {number} springSettlingTime s until the spring stays within 0.5% of its target
 */

/**
 * A touch sample: time s, position px.
 * @typedef {{t: number, x: number, y: number}} Point
 */

// The constants, the families' keys, the estimators' chains and each family's decision are
// generated from gesturetune's Swift runtime (tables.js; `make runtimes`).
import {
  DEFAULTS, RULE_FAMILIES, INFINITY_KEYS, INFINITY_TEXTS, DIRECTIONS, ESTIMATORS, ESTIMATOR_CHAINS, decide,
} from './tables.js';

export { DEFAULTS, RULE_FAMILIES };

/**
 * Thrown by `parseParameters` and `loadParameters` when the parameters cannot be read; the
 * message names the key (`key "velocityThreshold": expected a number or "inf", found true`).
 */
export class GestureTuneParametersError extends Error {
  /**
   * @param {string} message
   * @param {string | null} [key] the key at fault (`spring.response` inside an object), if any
   */
  constructor(message, key = null) {
    super(message);
    this.name = 'GestureTuneParametersError';
    /** The key at fault, or null (not JSON, not an object, a failed fetch). */
    this.key = key;
  }
}

/** The parameter objects `parseParameters` made: taken as they are. */
const normalized = new WeakSet();

function describe(value) {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return JSON.stringify(value);
  return String(value);
}

function wrong(key, expected, value) {
  return new GestureTuneParametersError(
    `params.json: key "${key}": expected ${expected}, found ${describe(value)}`, key);
}

/** A number (for `velocityThreshold` also `"inf"`-like text: +Infinity); null when absent (undefined or null). */
function readNumber(value, key, required = false, rule = null) {
  if (value === undefined || (value === null && !required)) {
    if (required) {
      throw new GestureTuneParametersError(
        `params.json: missing required key "${key}" (a parameter of the ${rule} rule)`, key);
    }
    return null;
  }
  const infinityAllowed = INFINITY_KEYS.includes(key);
  if (infinityAllowed && typeof value === 'string' && INFINITY_TEXTS.includes(value.toLowerCase())) return Infinity;
  if (typeof value !== 'number' || value !== value) {
    throw wrong(key, infinityAllowed ? 'a number or "inf"' : 'a number', value);
  }
  return value;
}

/** A finite number greater than 0, or null: a time, ratio or size something divides by. */
function readPositive(value, key) {
  const x = readNumber(value, key);
  if (x !== null && !(x > 0 && Number.isFinite(x))) throw wrong(key, 'a finite number greater than 0', value);
  return x;
}

/** A finite number of at least 0, or null: `fingerSpeedCap`, the gate's edge width and slop. */
function readNonNegative(value, key) {
  const x = readNumber(value, key);
  if (x !== null && !(x >= 0 && Number.isFinite(x))) throw wrong(key, 'a finite number of at least 0', value);
  return x;
}

/** A finite number from 0 to 180, or null: an angle in degrees (the gate's lock angle). */
function readAngle(value, key) {
  const x = readNumber(value, key);
  if (x !== null && !(x >= 0 && x <= 180)) throw wrong(key, 'a number from 0 to 180', value);
  return x;
}

/** A whole number of at least 1, or null: a count. */
function readCount(value, key) {
  const x = readNumber(value, key);
  if (x !== null && !(Number.isSafeInteger(x) && x >= 1)) throw wrong(key, 'a whole number of at least 1', value);
  return x;
}

function readName(value, key, names) {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !names.includes(value)) {
    throw wrong(key, `one of ${names.join(', ')}`, value);
  }
  return value;
}

function readText(value, key) {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw wrong(key, 'a string', value);
  return value;
}

function readObject(root, key) {
  const value = root[key];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw wrong(key, 'an object', value);
  return value;
}

/**
 * Reads a `params.json` (schema `gesturetune.params/1`): its JSON text or its parsed object.
 * Returns frozen normalized parameters (see `Parameters`): the rule family's keys, the
 * settings (absent: null), `spring` and `gate` objects; `velocityThreshold`'s `"inf"`,
 * `"infinity"`, `"+inf"`, `"+infinity"` (any case) read as Infinity; the gate's `edgeWidth` and
 * `lockAngle` from `gate`, else from the older top-level `edgeWidth` and `directionLockAngle`
 * (absent from the result). Unknown keys (and the
 * keys of other families) are ignored. Parameters it returned are returned as they are.
 * @param {string | object} jsonTextOrObject
 * @returns {Readonly<Parameters>}
 * @throws {GestureTuneParametersError} not JSON, not an object, a missing required key
 *   (`rule`, the family's keys), a wrong type, an unknown rule, direction or estimator, a value
 *   out of the CLI's bounds: `spring.dampingRatio`, `spring.response`, `transitionDuration`,
 *   `horizon`, `maxGap`, `extent` not a finite number above 0; `fingerSpeedCap`,
 *   `gate.edgeWidth`, `gate.slop` (and the older `edgeWidth`) not a finite number of at least 0;
 *   `gate.lockAngle` (and the older `directionLockAngle`) not from 0 to 180; `maxSamples` not a
 *   whole number of at least 1.
 */
export function parseParameters(jsonTextOrObject) {
  let root = jsonTextOrObject;
  if (typeof root === 'string') {
    try {
      root = JSON.parse(root);
    } catch (error) {
      throw new GestureTuneParametersError(`params.json is not valid JSON: ${error.message}`, null);
    }
  }
  if (root === null || typeof root !== 'object' || Array.isArray(root)) {
    throw new GestureTuneParametersError(`params.json: expected a JSON object, found ${describe(root)}`, null);
  }
  if (normalized.has(root)) return root;
  const families = Object.keys(RULE_FAMILIES);
  if (root.rule === undefined || root.rule === null) {
    throw new GestureTuneParametersError(
      `params.json: missing required key "rule" (one of ${families.join(', ')})`, 'rule');
  }
  const rule = readName(root.rule, 'rule', families);
  const out = {
    schema: readText(root.schema, 'schema'),
    preset: readText(root.preset, 'preset'),
    rule,
    direction: readName(root.direction, 'direction', DIRECTIONS) ?? DEFAULTS.direction,
  };
  for (const key of RULE_FAMILIES[rule]) out[key] = readNumber(root[key], key, true, rule);
  out.extent = readPositive(root.extent, 'extent');
  out.estimator = readName(root.estimator, 'estimator', ESTIMATORS) ?? DEFAULTS.estimator;
  out.horizon = readPositive(root.horizon, 'horizon');
  out.maxSamples = readCount(root.maxSamples, 'maxSamples');
  out.maxGap = readPositive(root.maxGap, 'maxGap');
  out.completionSpeed = readNumber(root.completionSpeed, 'completionSpeed');
  out.transitionDuration = readPositive(root.transitionDuration, 'transitionDuration');
  out.fingerSpeedCap = readNonNegative(root.fingerSpeedCap, 'fingerSpeedCap');
  const spring = readObject(root, 'spring');
  out.spring = Object.freeze({
    dampingRatio: readPositive(spring.dampingRatio, 'spring.dampingRatio'),
    response: readPositive(spring.response, 'spring.response'),
  });
  const gate = readObject(root, 'gate');
  const olderEdge = readNonNegative(root.edgeWidth, 'edgeWidth');
  const olderLock = readAngle(root.directionLockAngle, 'directionLockAngle');
  out.gate = Object.freeze({
    edgeWidth: readNonNegative(gate.edgeWidth, 'gate.edgeWidth') ?? olderEdge,
    lockAngle: readAngle(gate.lockAngle, 'gate.lockAngle') ?? olderLock,
    slop: readNonNegative(gate.slop, 'gate.slop'),
  });
  out.expectedError = readNumber(root.expectedError, 'expectedError');
  Object.freeze(out);
  normalized.add(out);
  return out;
}

/**
 * The parameters of a snippet's block: an object (or a class whose static fields are the block)
 * with `params.json`'s keys flat, the spring's as `springDampingRatio`, `springResponse` and the
 * gate's as `edgeWidth`, `lockAngle`, `slop`; null or undefined for unset. Read as
 * `parseParameters` reads a file.
 * @param {object | Function} block
 * @returns {Readonly<Parameters>}
 * @throws {GestureTuneParametersError}
 */
export function parseBlock(block) {
  const object = {};
  const spring = {};
  const gate = {};
  for (const [name, value] of Object.entries(block)) {
    if (value === null || value === undefined || typeof value === 'function') continue;
    const json = value === Infinity ? 'inf' : value;
    if (name === 'springDampingRatio') spring.dampingRatio = json;
    else if (name === 'springResponse') spring.response = json;
    else if (name === 'edgeWidth' || name === 'lockAngle' || name === 'slop') gate[name] = json;
    else object[name] = json;
  }
  if (Object.keys(spring).length > 0) object.spring = spring;
  if (Object.keys(gate).length > 0) object.gate = gate;
  return parseParameters(object);
}

/**
 * Fetches a `params.json` and reads it (`parseParameters`), uncached: in a development build,
 * load the file gesturetune writes so that a new tuning applies on reload, without a rebuild.
 * @param {string | URL} url
 * @param {(url: string | URL, init?: object) => Promise<{ok?: boolean, status?: number, text(): Promise<string>}>} [fetchImpl]
 *   `fetch` or a stand-in (default `globalThis.fetch`)
 * @returns {Promise<Readonly<Parameters>>}
 * @throws {GestureTuneParametersError} no fetch, an HTTP error status, or what `parseParameters` throws
 */
export async function loadParameters(url, fetchImpl = globalThis.fetch) {
  if (typeof fetchImpl !== 'function') {
    throw new GestureTuneParametersError('loadParameters: no fetch available (pass one as the second argument)', null);
  }
  const response = await fetchImpl(url, { cache: 'no-store' });
  if (response.ok === false) {
    throw new GestureTuneParametersError(`loadParameters: ${String(url)}: HTTP status ${response.status}`, null);
  }
  return parseParameters(await response.text());
}

function params(parameters) {
  return normalized.has(parameters) ? parameters : parseParameters(parameters);
}

// ---- The arithmetic. Every expression below is the Swift runtime's, in its order. ----

function horizontal(P) { return P.direction === 'right' || P.direction === 'left'; }
function sense(P) { return P.direction === 'right' || P.direction === 'down' ? 1 : -1; }
/** The component along the transition's direction (px or px/s). */
function along(P, x, y) { return sense(P) * (horizontal(P) ? x : y); }
function across(P, x, y) { return horizontal(P) ? y : x; }
function finite(x) { return Number.isFinite(x) ? x : 0; }

/** 1 ns, or 16 ulp of `t` when a nanosecond is below its resolution. */
function tolerance(t) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(t));
  const exponent = (view.getUint16(0) >> 4) & 0x7ff;
  const ulp = exponent === 0 ? Number.MIN_VALUE : Math.pow(2, exponent - 1075);
  return Math.max(DEFAULTS.timeTolerance, 16 * ulp);
}

function resolveExtent(P, extent) {
  const fixed = P.extent;
  return Number.isFinite(extent) && extent > 0 ? extent
    : (fixed !== null && Number.isFinite(fixed) && fixed > 0 ? fixed : DEFAULTS.extent);
}

/** `add`'s rule: non-finite samples ignored, a sample not after the last kept one replaces it. */
function keep(points, t, x, y) {
  if (!Number.isFinite(t) || !Number.isFinite(x) || !Number.isFinite(y)) return;
  while (points.length > 0 && points[points.length - 1].t >= t) points.pop();
  points.push({ t, x, y });
}


/** The velocity window [start, end) over the samples; rested: none. */
function velocityWindow(P, pts, releaseTime) {
  const end = pts.length;
  if (end === 0) return { start: 0, end: 0, rested: false };
  const horizon = P.horizon !== null && Number.isFinite(P.horizon) && P.horizon > 0 ? P.horizon : DEFAULTS.horizon;
  const maxGap = P.maxGap !== null && Number.isFinite(P.maxGap) && P.maxGap > 0 ? P.maxGap : DEFAULTS.maxGap;
  const maxSamples = P.maxSamples !== null && P.maxSamples >= 1 ? P.maxSamples : DEFAULTS.maxSamples;
  const newest = pts[end - 1].t;
  const tol = tolerance(newest);
  if (Number.isFinite(releaseTime) && releaseTime - newest > maxGap + tol) return { start: end, end, rested: true };
  let start = end - 1;
  while (start > 0 && end - start < maxSamples) {
    const older = pts[start - 1].t;
    if (newest - older > horizon + tol) break;
    if (pts[start].t - older > maxGap + tol) break;
    start -= 1;
  }
  return { start, end, rested: false };
}

/** [vx, vy] at release, px/s, under the parameters' estimator and its fallbacks. */
function velocityAt(P, pts, releaseTime, platform) {
  let estimator = P.estimator ?? DEFAULTS.estimator;
  if (estimator === 'platform') {
    if (platform !== null) return [platform.vx, platform.vy];
    estimator = 'lsq2';
  }
  const w = velocityWindow(P, pts, releaseTime);
  if (w.rested || w.end - w.start < 2) return [0, 0];
  const chain = ESTIMATOR_CHAINS[estimator] ?? ESTIMATOR_CHAINS.lsq2;
  for (const candidate of chain) {
    const c = components(pts, candidate, w.start, w.end);
    if (c !== null && Number.isFinite(c[0]) && Number.isFinite(c[1]) && Number.isFinite(along(P, c[0], c[1]))) return c;
  }
  return [0, 0];
}

function components(pts, estimator, start, end) {
  const count = end - start;
  if (estimator === 'lsq2' || estimator === 'lsq1') {
    const degree = estimator === 'lsq2' ? 2 : 1;
    if (count === 2) return slope(pts, end);
    if (count <= degree) return null;
    return fit(pts, start, end, degree);
  }
  if (estimator === 'delta') return slope(pts, end);
  return count === 2 ? slope(pts, end) : impulse(pts, start, end);
}

function slope(points, end) {
  const a = points[end - 2];
  const b = points[end - 1];
  const dt = b.t - a.t;
  if (!(dt > 0)) return null;
  return [(b.x - a.x) / dt, (b.y - a.y) / dt];
}

/** Least squares of degree 1 or 2 against time relative to the newest sample: QR (modified
 *  Gram-Schmidt) of 1, tau, tau^2 with tau the time over the window's span; the slope at the newest. */
function fit(points, start, end, degree) {
  const pts = points.slice(start, end);
  const n = pts.length;
  const m = degree + 1;
  const newest = pts[n - 1];
  const ts = pts.map((p) => p.t - newest.t);
  const span = Math.max(...ts.map(Math.abs));
  if (!(span > 0)) return null;
  const q = [];
  for (let j = 0; j < m; j++) q.push(ts.map((t) => Math.pow(t / span, j)));
  const r = Array.from({ length: m }, () => new Array(m).fill(0));
  let largest = 0;
  for (let j = 0; j < m; j++) {
    for (let k = 0; k < j; k++) {
      let d = 0;
      for (let i = 0; i < n; i++) d += q[k][i] * q[j][i];
      r[k][j] = d;
      for (let i = 0; i < n; i++) q[j][i] -= d * q[k][i];
    }
    let norm = 0;
    for (let i = 0; i < n; i++) norm += q[j][i] * q[j][i];
    norm = Math.sqrt(norm);
    largest = Math.max(largest, norm);
    if (!(norm > 1e-12 * largest) || !Number.isFinite(norm)) return null;
    r[j][j] = norm;
    for (let i = 0; i < n; i++) q[j][i] /= norm;
  }
  const slopeOf = (values) => {
    const c = new Array(m).fill(0);
    for (let j = 0; j < m; j++) {
      let d = 0;
      for (let i = 0; i < n; i++) d += q[j][i] * values[i];
      c[j] = d;
    }
    for (let j = m - 1; j >= 0; j--) {
      for (let k = j + 1; k < m; k++) c[j] -= r[j][k] * c[k];
      c[j] /= r[j][j];
    }
    return c[1] / span;
  };
  return [slopeOf(pts.map((p) => p.x - newest.x)), slopeOf(pts.map((p) => p.y - newest.y))];
}

/** Android's impulse strategy on x and y separately. */
function impulse(points, start, end) {
  const velocity = (work) => (work < 0 ? -1 : 1) * Math.sqrt(2 * Math.abs(work));
  let workX = 0;
  let workY = 0;
  for (let index = start + 1; index < end; index++) {
    const older = points[index - 1];
    const newer = points[index];
    const dt = newer.t - older.t;
    const vx = (newer.x - older.x) / dt;
    const vy = (newer.y - older.y) / dt;
    workX += (vx - velocity(workX)) * Math.abs(vx);
    workY += (vy - velocity(workY)) * Math.abs(vy);
    if (index === start + 1) {
      workX *= 0.5;
      workY *= 0.5;
    }
  }
  return [velocity(workX), velocity(workY)];
}

/** Mean velocity and acceleration over the last `DEFAULTS.kinematicSamples` (3) samples
 *  (progress/s, progress/s², the acceleration clamped to ±`DEFAULTS.kinematicAccelerationLimit`),
 *  and how many samples there were, for the kinematic rule. */
function kinematics(P, pts, extent) {
  const count = Math.min(DEFAULTS.kinematicSamples, pts.length);
  if (count < 2) return { velocity: 0, acceleration: 0, count };
  const segment = (k) => finite(
    along(P, pts[k].x - pts[k - 1].x, pts[k].y - pts[k - 1].y) / extent / (pts[k].t - pts[k - 1].t));
  const newest = pts.length - 1;
  const last = segment(newest);
  if (count !== DEFAULTS.kinematicSamples) return { velocity: last, acceleration: 0, count };
  const previous = segment(newest - 1);
  const span = (pts[newest].t - pts[newest - 2].t) / 2;
  const step = finite((last - previous) / span);
  const limit = DEFAULTS.kinematicAccelerationLimit;
  return { velocity: finite((previous + last) / 2), acceleration: Math.min(limit, Math.max(-limit, step)), count };
}

function settle(P, remaining, velocity) {
  const duration = P.transitionDuration ?? DEFAULTS.transitionDuration;
  const cap = P.fingerSpeedCap ?? duration;
  let value = 0;
  if (remaining > 0) {
    const time = remaining / Math.abs(velocity);
    value = Number.isFinite(time) ? Math.min(cap, time) : cap;
  }
  return value;
}

/** Why a spring's settling time could not be bracketed (`SpringMotion.Failure`). */
class SpringFailure extends Error {
  /** @param {'nonFinite' | 'notConverged'} reason */
  constructor(reason) {
    super(`spring settling time: ${reason}`);
    this.name = 'SpringFailure';
    this.reason = reason;
  }
}

/**
 * The closed-form motion of a unit-step spring, operation for operation the Swift runtime's
 * `SpringMotion`: damping ratio `ζ`, response `R` (`ω₀ = 2π / R`), launched with relative
 * velocity `v₀`. The error `e(t) = x(t) - 1` obeys `e'' + 2ζω₀ e' + ω₀² e = 0`, `e(0) = -1`,
 * `e'(0) = v₀`:
 *
 * - `ζ < 1` (`under`): `e = exp(-ζω₀t) (-cos ω_d t + (v₀ - ζω₀)/ω_d sin ω_d t)`, `ω_d = ω₀√(1-ζ²)`
 * - `ζ = 1` (`critical`): `e = (-1 + (v₀ - ω₀) t) exp(-ω₀t)`
 * - `ζ > 1` (`over`): `e = C₁ exp(r₁t) + C₂ exp(r₂t)`, `r₂ = -ω₀(ζ + √(ζ²-1))`, `r₁ = ω₀² / r₂`,
 *   `C₁ = (v₀ + r₂) / (r₁ - r₂)`, `C₂ = -1 - C₁`
 *
 * The settling time is the last time `|e|` crosses the tolerance: `lastCrossing` brackets it
 * from the closed form, `settlingTime` bisects that bracket.
 */
class SpringMotion {
  /** Most steps of the bracket's search and of the bisection. */
  static maxIterations = 200;

  /**
   * `dampingRatio` and `response` positive and finite (`parseParameters` checks).
   * @param {number} zeta
   * @param {number} response s
   * @param {number} v0 1/s
   */
  constructor(zeta, response, v0) {
    const omega = 2 * Math.PI / response;
    this.initialVelocity = v0;
    if (zeta < 1) {
      const damped = omega * Math.sqrt(1 - zeta * zeta);
      this.form = { kind: 'under', decay: zeta * omega, omega: damped, a: -1, b: (v0 - zeta * omega) / damped };
    } else if (zeta === 1) {
      this.form = { kind: 'critical', omega, a: -1, b: v0 - omega };
    } else {
      const r2 = -omega * (zeta + Math.sqrt(zeta * zeta - 1));
      const r1 = omega * omega / r2;
      const c1 = (v0 + r2) / (r1 - r2);
      this.form = { kind: 'over', r1, r2, c1, c2: -1 - c1 };
    }
  }

  /** `e(t) = x(t) - 1`. */
  error(t) {
    const f = this.form;
    switch (f.kind) {
      case 'under': return Math.exp(-f.decay * t) * (f.a * Math.cos(f.omega * t) + f.b * Math.sin(f.omega * t));
      case 'critical': return (f.a + f.b * t) * Math.exp(-f.omega * t);
      default: return f.c1 * Math.exp(f.r1 * t) + f.c2 * Math.exp(f.r2 * t);
    }
  }

  /** For the non-oscillating forms: the times `t > 0` where `e = 0` or `e' = 0`, sorted. */
  monotonePieces() {
    const points = [];
    const f = this.form;
    if (f.kind === 'critical') {
      if (f.b > 0) points.push(-f.a / f.b);
      if (f.b !== 0) points.push((f.b - f.omega * f.a) / (f.omega * f.b));
    } else if (f.kind === 'over') {
      if (f.c1 !== 0) {
        const zero = -f.c2 / f.c1;
        if (zero > 0) points.push(Math.log(zero) / (f.r1 - f.r2));
        const turn = -f.c2 * f.r2 / (f.c1 * f.r1);
        if (turn > 0) points.push(Math.log(turn) / (f.r1 - f.r2));
      }
    }
    return points.filter((t) => Number.isFinite(t) && t > 0).sort((x, y) => x - y);
  }

  /**
   * `[lo, hi]` with `|e(lo)| > tolerance >= |e(hi)|` and `|e|` crossing the tolerance once in
   * between: the last crossing. `|e|` is monotone between the zeros of `e` and `e'`; for `ζ < 1`
   * the extrema fall at `ω_d t = θ₀ + kπ` and their heights decay as `exp(-ζω₀t)`, so the last
   * one above the tolerance is estimated without scanning; after the last monotone piece the
   * bound is found by doubling.
   * @param {number} tolerance
   * @returns {[number, number]}
   * @throws {SpringFailure}
   */
  lastCrossing(tolerance) {
    const excess = (t) => Math.abs(this.error(t)) - tolerance;
    const f = this.form;
    if (f.kind === 'under') {
      const { decay, omega, a, b } = f;
      // Extrema of e: (-decay a + omega b) cos θ + (-decay b - omega a) sin θ = 0.
      const p = -decay * a + omega * b;
      const q = -decay * b - omega * a;
      let theta0 = Math.atan2(-p, q);
      if (theta0 < 0) theta0 += Math.PI;
      if (theta0 >= Math.PI) theta0 -= Math.PI;
      const first = theta0 > 0 ? 0 : 1;
      const extremum = (k) => (theta0 + k * Math.PI) / omega;
      const height = Math.abs(a * Math.cos(theta0) + b * Math.sin(theta0));
      let k = first - 1;
      if (height > tolerance) {
        const estimate = ((omega * Math.log(height / tolerance) / decay) - theta0) / Math.PI;
        if (Number.isFinite(estimate)) k = Math.max(first - 1, Math.floor(estimate));
      }
      let steps = 0;
      while (excess(extremum(k + 1)) > 0 && steps < SpringMotion.maxIterations) {
        k += 1;
        steps += 1;
      }
      while (k >= first && excess(extremum(k)) <= 0 && steps < 2 * SpringMotion.maxIterations) {
        k -= 1;
        steps += 1;
      }
      return k < first ? [0, extremum(first)] : [extremum(k), extremum(k + 1)];
    }
    const points = [0, ...this.monotonePieces()];
    let last = 0;
    points.forEach((t, index) => { if (excess(t) > 0) last = index; });
    if (last + 1 < points.length) return [points[last], points[last + 1]];
    const lower = points[last];
    const scale = f.kind === 'critical' ? 1 / f.omega : 1 / Math.abs(f.r1);
    let width = scale;
    for (let i = 0; i < SpringMotion.maxIterations; i++) {
      const upper = lower + width;
      const value = excess(upper);
      if (!Number.isFinite(value)) throw new SpringFailure('nonFinite');
      if (value <= 0) return [lower, upper];
      width *= 2;
    }
    throw new SpringFailure('notConverged');
  }

  /**
   * The settling time, s: the last time `|e|` crosses `tolerance`, bisected in `lastCrossing`'s
   * bracket to a relative width of 1e-12 (or until the midpoint no longer moves). 0 for a
   * non-finite initial velocity.
   * @param {number} [tolerance]
   * @returns {number}
   * @throws {SpringFailure}
   */
  settlingTime(tolerance = DEFAULTS.settlingTolerance) {
    if (!Number.isFinite(this.initialVelocity)) return 0;
    let [lo, hi] = this.lastCrossing(tolerance);
    const excess = (t) => Math.abs(this.error(t)) - tolerance;
    if (!Number.isFinite(excess(lo)) || !Number.isFinite(excess(hi))) throw new SpringFailure('nonFinite');
    if (excess(hi) === 0) return hi;
    for (let i = 0; i < SpringMotion.maxIterations; i++) {
      if (hi - lo < 1e-12 * Math.min(Math.abs(lo), Math.abs(hi))) break;
      const mid = (lo + hi) / 2;
      if (mid <= lo || mid >= hi) break;
      if (excess(mid) > 0) lo = mid; else hi = mid;
    }
    return (lo + hi) / 2;
  }
}

/** The parameters' spring launched at relative velocity `v0` (absent damping: 1; absent
 *  response: the transition's duration). */
function springMotion(P, v0) {
  return new SpringMotion(
    P.spring.dampingRatio ?? DEFAULTS.dampingRatio,
    P.spring.response ?? P.transitionDuration ?? DEFAULTS.transitionDuration, v0);
}

/** The spring's settling time to `DEFAULTS.settlingTolerance`, s; 0 when it cannot be bracketed. */
function settlingTime(P, v0) {
  try {
    return springMotion(P, v0).settlingTime();
  } catch (error) {
    if (error instanceof SpringFailure) return 0;
    throw error;
  }
}

// ---- The plain functions. ----

/**
 * The rule's verdict on a release, gate aside: true completes the transition, false cancels it.
 * threshold: `v >= v_th || (|v| < v_th && p >= p_th)`; forward: `v >= 0 && (v > v_th || p > p_th)`;
 * projection: `p + tau*v >= p_th`; kinematic: fewer than 3 samples `v_m > 0`, else
 * `p + v_m*D + a_m*D²/2 >= min(d_th/E, 0.5)`; logistic: `b0 + b1*p + b2*v >= 0`.
 * @param {Parameters | object} parameters `parseParameters`' result (anything else is parsed first)
 * @param {RuleState} state
 * @returns {boolean}
 */
export function ruleCompletes(parameters, state) {
  const P = params(parameters);
  return decide(P, state.progress, state.velocity, state.kinematicVelocity ?? 0,
    state.kinematicAcceleration ?? 0, state.kinematicCount ?? 0, resolveExtent(P, state.extent));
}

/**
 * Why the start-of-gesture gate refuses a gesture, first reason first, or null when it admits
 * it: `'slop'` no angle (the finger never moved more than the slop), `'edge'` the first sample is
 * farther than `gate.edgeWidth` from the leading edge, `'angle'` the direction after the slop is
 * more than `gate.lockAngle` (default 90) degrees from the axis.
 * @param {Parameters | object} parameters
 * @param {number} edgeDistance the first sample's distance from the leading edge, pt (right: x,
 *   left: E - x, down: y, up: E - y; not finite: 0)
 * @param {number | null} angle degrees in [0, 180] from the axis of the first displacement beyond
 *   the slop, null (or not finite) when there is none
 * @returns {null | 'slop' | 'edge' | 'angle'}
 */
export function gateRefusal(parameters, edgeDistance, angle) {
  const P = params(parameters);
  if (typeof angle !== 'number' || !Number.isFinite(angle)) return 'slop';
  const width = P.gate.edgeWidth;
  if (width !== null && !(finite(edgeDistance) <= width)) return 'edge';
  if (angle > (P.gate.lockAngle ?? DEFAULTS.lockAngle)) return 'angle';
  return null;
}

/**
 * How long the settle animation takes: the way left at the release's speed, at most
 * `fingerSpeedCap` (default `transitionDuration`, default 0.35 s); the cap when the velocity is
 * 0; 0 when nothing is left.
 * @param {Parameters | object} parameters
 * @param {number} remaining progress left to travel (1 - p to complete, p to cancel)
 * @param {number} velocity progress/s
 * @returns {number} s
 */
export function settleDuration(parameters, remaining, velocity) {
  return settle(params(parameters), remaining, velocity);
}

/**
 * The spring's initial velocity relative to the way it has left (UIKit's convention): `v/(1-p)`
 * to complete, `-v/p` to cancel, 0 when nothing is left or it is not finite.
 * @param {number} progress at release, [0, 1]
 * @param {number} velocity progress/s
 * @param {boolean} complete
 * @returns {number} 1/s
 */
export function springInitialVelocity(progress, velocity, complete) {
  const remaining = complete ? 1 - progress : progress;
  return remaining > 0 ? finite(complete ? velocity / (1 - progress) : -velocity / progress) : 0;
}

/**
 * The last time the unit-step spring (`spring.dampingRatio` default 1, `spring.response` default
 * `transitionDuration`) launched with `initialVelocity` is `DEFAULTS.settlingTolerance` (0.5%) or
 * more from its target, s, as the Swift runtime's `SpringMotion.settlingTime` computes it: the
 * last crossing bracketed from the closed form, then bisected to a relative width of 1e-12;
 * 0 for a non-finite velocity or when no bracket is found.
 * @param {Parameters | object} parameters
 * @param {number} initialVelocity relative, 1/s (`springInitialVelocity`)
 * @returns {number} s
 */
export function springSettlingTime(parameters, initialVelocity) {
  return settlingTime(params(parameters), initialVelocity);
}

/**
 * How far the unit-step spring (`spring.dampingRatio` default 1, `spring.response` default
 * `transitionDuration`) launched with `initialVelocity` has gone at time `t`: `1 + e(t)` of
 * `SpringMotion` (the Swift runtime's `SpringMotion.error`), 0 at `t = 0` and 1 at rest, past 1
 * while an under-damped spring overshoots. Animate the way left with it: `p + (target - p) *
 * springPosition(…)`.
 * @param {Parameters | object} parameters
 * @param {number} initialVelocity relative, 1/s (`springInitialVelocity`)
 * @param {number} t s since the release
 * @returns {number}
 */
export function springPosition(parameters, initialVelocity, t) {
  return 1 + springMotion(params(parameters), initialVelocity).error(t);
}

/**
 * The release velocity, px/s, as the tracker measures it: the samples kept by `add`'s rule,
 * the window (`horizon`, `maxGap`, `maxSamples`; a rest longer than `maxGap` before
 * `releaseTime`, or fewer than 2 samples, gives 0), then the estimator's chain: lsq2 → lsq1 →
 * delta, lsq1 → delta, delta, impulse; `platform` returns `platform` when given, else the lsq2 chain.
 * @param {Parameters | object} parameters
 * @param {Point[]} points down and moves in time order, container frame
 * @param {number} releaseTime s
 * @param {{vx: number, vy: number} | null} [platform] the platform's own velocity, px/s
 * @returns {{vx: number, vy: number}}
 */
export function releaseVelocity(parameters, points, releaseTime, platform = null) {
  const P = params(parameters);
  const kept = [];
  for (const p of points) keep(kept, p.t, p.x, p.y);
  const own = platform !== null && platform !== undefined && Number.isFinite(platform.vx) && Number.isFinite(platform.vy)
    ? { vx: platform.vx, vy: platform.vy } : null;
  const [vx, vy] = velocityAt(P, kept, releaseTime, own);
  return { vx, vy };
}

/**
 * Measures and decides one gesture exactly as gesturetune's analysis does. Feed it every sample
 * in order, in the container's frame (a frame that does not move with the finger), px and s:
 * `add` for the pointer down and each move, `release` for the lift-off. It applies the
 * start-of-gesture gate, the release-velocity estimator and window the thresholds were fitted
 * on, the rule, the completion speed and the spring. One tracker per gesture.
 */
export class GestureTracker {
  #P;
  #extent;
  #first = null;
  #points = [];
  #platform = null;

  /**
   * @param {Parameters | object} parameters `parseParameters`' result (anything else is parsed first)
   * @param {number} [extent] the container's size along the axis, px (else the parameters'
   *   extent, else 390)
   */
  constructor(parameters, extent) {
    this.#P = params(parameters);
    this.#extent = resolveExtent(this.#P, extent);
    /**
     * Where a caught transition was when this gesture took it over, [0, 1] (0: a new one); the
     * gate does not apply to it. Set it before the first `add`.
     * @type {number}
     */
    this.startProgress = 0;
  }

  /** The parameters it decides with. @returns {Readonly<Parameters>} */
  get parameters() { return this.#P; }

  /** The extent it divides by, px. @returns {number} */
  get extent() { return this.#extent; }

  /**
   * A pointer-down or move sample (non-finite ones are ignored; one not after the last kept one
   * replaces it). `vx`, `vy`: a platform velocity, px/s, when there is one.
   * @param {number} t s
   * @param {number} x px
   * @param {number} y px
   * @param {number | null} [vx]
   * @param {number | null} [vy]
   */
  add(t, x, y, vx = null, vy = null) {
    if (!Number.isFinite(t) || !Number.isFinite(x) || !Number.isFinite(y)) return;
    if (this.#first === null) this.#first = { t, x, y };
    if (vx !== null && vy !== null && Number.isFinite(vx) && Number.isFinite(vy)) this.#platform = { vx, vy };
    keep(this.#points, t, x, y);
  }

  /**
   * Progress in [0, 1] at (x, y): `startProgress` plus the distance along the axis from the
   * first sample over the extent (0 before any sample).
   * @param {number} x px
   * @param {number} y px
   * @returns {number}
   */
  progress(x, y) {
    if (this.#first === null) return 0;
    const value = this.startProgress + along(this.#P, x - this.#first.x, y - this.#first.y) / this.#extent;
    return value !== value ? 0 : Math.min(1, Math.max(0, value));
  }

  /**
   * The gate's verdict so far: null until decided (no sample, or the finger has not moved more
   * than the slop), false when refused (start too far from the leading edge, or direction off
   * the axis), true when admitted (always for a caught transition).
   * @returns {boolean | null}
   */
  get admitted() {
    if (this.startProgress > 0) return true;
    if (this.#first === null) return null;
    const width = this.#P.gate.edgeWidth;
    if (width !== null && !(this.#leadingEdgeDistance(this.#first) <= width)) return false;
    const angle = this.#angleAfterSlop();
    if (angle === null) return null;
    return angle <= (this.#P.gate.lockAngle ?? DEFAULTS.lockAngle);
  }

  #leadingEdgeDistance(p) {
    let e;
    switch (this.#P.direction) {
      case 'left': e = this.#extent - p.x; break;
      case 'down': e = p.y; break;
      case 'up': e = this.#extent - p.y; break;
      default: e = p.x;
    }
    return finite(e);
  }

  /** Degrees in [0, 180] from the axis of the first sample more than the slop from the first. */
  #angleAfterSlop() {
    if (this.#first === null) return null;
    const s = this.#P.gate.slop;
    const slop = s !== null && Number.isFinite(s) && s >= 0 ? s : DEFAULTS.slop;
    for (const p of this.#points) {
      const dx = p.x - this.#first.x;
      const dy = p.y - this.#first.y;
      const length = Math.sqrt(dx * dx + dy * dy);
      if (!Number.isFinite(length)) return null;
      if (length > slop) {
        const angle = Math.atan2(Math.abs(across(this.#P, dx, dy)), along(this.#P, dx, dy)) * 180 / Math.PI;
        return Number.isFinite(angle) ? angle : null;
      }
    }
    return null;
  }

  /**
   * The lift-off sample: decides the release.
   * @param {number} t s
   * @param {number} x px
   * @param {number} y px
   * @param {number | null} [vx] platform velocity, px/s
   * @param {number | null} [vy]
   * @returns {Release}
   */
  release(t, x, y, vx = null, vy = null) {
    const P = this.#P;
    if (this.#first === null) this.#first = { t, x, y };
    let platform = this.#platform;
    if (vx !== null && vy !== null && Number.isFinite(vx) && Number.isFinite(vy)) platform = { vx, vy };
    const p = this.progress(x, y);
    const [rvx, rvy] = velocityAt(P, this.#points, t, platform);
    const v = finite(along(P, rvx, rvy) / this.#extent);
    const k = kinematics(P, this.#points, this.#extent);
    const ruleVerdict = decide(P, p, v, k.velocity, k.acceleration, k.count, this.#extent);
    const admitted = this.admitted ?? false;
    const complete = admitted && ruleVerdict;
    const remaining = complete ? 1 - p : p;
    const duration = P.transitionDuration ?? DEFAULTS.transitionDuration;
    const settleTime = settle(P, remaining, v);
    const completionSpeed = remaining > 0 && settleTime > 0 ? remaining * duration / settleTime : 1;
    const relative = remaining > 0 ? finite(complete ? v / (1 - p) : -v / p) : 0;
    return {
      admitted, ruleCompletes: ruleVerdict, complete, progress: p, velocity: v, settleDuration: settleTime, completionSpeed,
      springInitialVelocity: relative,
      springSettlingTime: remaining > 0 ? settlingTime(P, relative) : 0,
    };
  }
}

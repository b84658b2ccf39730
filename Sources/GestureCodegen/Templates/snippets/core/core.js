/**
 * GestureTuneCore: measures and decides a release exactly as gesturetune's analysis does, from
 * the raw touch samples, with no browser API. Feed it every sample of one gesture in order, in
 * the container's frame (a frame that does not move with the finger), in CSS px and seconds:
 * `add` for the pointer down and each move, `release` for the lift-off. It applies the
 * start-of-gesture gate (edge width, direction after the slop), the release-velocity estimator
 * and window the thresholds were fitted on, the rule, and the completion speed and spring.
 * `extent`: the container's size along the axis, px (else the parameters' extent, else 390).
 */
class GestureTuneCore {
  constructor(extent) {
    const fixed = GestureTuneParameters.extent;
    this.extent = Number.isFinite(extent) && extent > 0 ? extent
      : (fixed !== null && Number.isFinite(fixed) && fixed > 0 ? fixed : 390);
    this.first = null;
    this.points = [];
    this.platform = null;
    /** Where a caught transition was when this gesture took it over (0: a new one); the gate does not apply to it. */
    this.startProgress = 0;
  }

  static get horizontal() { return GestureTuneParameters.direction === 'right' || GestureTuneParameters.direction === 'left'; }
  static get sense() { return GestureTuneParameters.direction === 'right' || GestureTuneParameters.direction === 'down' ? 1 : -1; }
  /** The component along the transition's direction (px or px/s). */
  static along(x, y) { return GestureTuneCore.sense * (GestureTuneCore.horizontal ? x : y); }
  static across(x, y) { return GestureTuneCore.horizontal ? y : x; }
  static finite(x) { return Number.isFinite(x) ? x : 0; }

  /** 1 ns, or 16 ulp of `t` when a nanosecond is below its resolution. */
  static tolerance(t) {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, Math.abs(t));
    const exponent = (view.getUint16(0) >> 4) & 0x7ff;
    const ulp = exponent === 0 ? Number.MIN_VALUE : Math.pow(2, exponent - 1075);
    return Math.max(1e-9, 16 * ulp);
  }

  /** A pointer-down or move sample; `vx`, `vy` a platform velocity (px/s) when there is one. */
  add(t, x, y, vx = null, vy = null) {
    if (!Number.isFinite(t) || !Number.isFinite(x) || !Number.isFinite(y)) return;
    if (this.first === null) this.first = { t, x, y };
    if (vx !== null && vy !== null && Number.isFinite(vx) && Number.isFinite(vy)) this.platform = { vx, vy };
    while (this.points.length > 0 && this.points[this.points.length - 1].t >= t) this.points.pop();
    this.points.push({ t, x, y });
  }

  /** Progress in [0, 1] at (x, y): the distance along the axis from the first sample over the extent. */
  progress(x, y) {
    if (this.first === null) return 0;
    const value = this.startProgress + GestureTuneCore.along(x - this.first.x, y - this.first.y) / this.extent;
    return Number.isNaN(value) ? 0 : Math.min(1, Math.max(0, value));
  }

  /** The gate's verdict so far: null until the finger has moved more than the slop. */
  get admitted() {
    if (this.startProgress > 0) return true;
    if (this.first === null) return null;
    const width = GestureTuneParameters.edgeWidth;
    if (width !== null && !(this.leadingEdgeDistance(this.first) <= width)) return false;
    const angle = this.angleAfterSlop();
    if (angle === null) return null;
    return angle <= (GestureTuneParameters.lockAngle ?? 90);
  }

  leadingEdgeDistance(p) {
    let e;
    switch (GestureTuneParameters.direction) {
      case 'left': e = this.extent - p.x; break;
      case 'down': e = p.y; break;
      case 'up': e = this.extent - p.y; break;
      default: e = p.x;
    }
    return GestureTuneCore.finite(e);
  }

  /** Degrees in [0, 180] from the axis of the first sample more than the slop from the first. */
  angleAfterSlop() {
    if (this.first === null) return null;
    const s = GestureTuneParameters.slop;
    const slop = s !== null && Number.isFinite(s) && s >= 0 ? s : 10;
    for (const p of this.points) {
      const dx = p.x - this.first.x;
      const dy = p.y - this.first.y;
      const length = Math.sqrt(dx * dx + dy * dy);
      if (!Number.isFinite(length)) return null;
      if (length > slop) {
        const angle = Math.atan2(Math.abs(GestureTuneCore.across(dx, dy)), GestureTuneCore.along(dx, dy)) * 180 / Math.PI;
        return Number.isFinite(angle) ? angle : null;
      }
    }
    return null;
  }

  /** The lift-off sample: decides the release. */
  release(t, x, y, vx = null, vy = null) {
    if (this.first === null) this.first = { t, x, y };
    let platform = this.platform;
    if (vx !== null && vy !== null && Number.isFinite(vx) && Number.isFinite(vy)) platform = { vx, vy };
    const p = this.progress(x, y);
    const [rvx, rvy] = this.releaseVelocity(t, platform);
    const v = GestureTuneCore.finite(GestureTuneCore.along(rvx, rvy) / this.extent);
    const k = this.kinematics();
    const ruleCompletes = gestureTuneRuleCompletes(p, v, k.velocity, k.acceleration, k.count, this.extent);
    const admitted = this.admitted ?? false;
    const complete = admitted && ruleCompletes;
    const remaining = complete ? 1 - p : p;
    const duration = GestureTuneParameters.transitionDuration ?? 0.35;
    const cap = GestureTuneParameters.fingerSpeedCap ?? duration;
    let settle = 0;
    if (remaining > 0) {
      const time = remaining / Math.abs(v);
      settle = Number.isFinite(time) ? Math.min(cap, time) : cap;
    }
    const completionSpeed = remaining > 0 && settle > 0 ? remaining * duration / settle : 1;
    const relative = remaining > 0 ? GestureTuneCore.finite(complete ? v / (1 - p) : -v / p) : 0;
    return {
      admitted, ruleCompletes, complete, progress: p, velocity: v, settleDuration: settle, completionSpeed,
      springInitialVelocity: relative,
      springSettlingTime: remaining > 0 ? GestureTuneCore.springSettlingTime(relative) : 0,
    };
  }

  /** The velocity window [start, end) over the samples; rested: none. */
  window(releaseTime) {
    const pts = this.points;
    const end = pts.length;
    if (end === 0) return { start: 0, end: 0, rested: false };
    const P = GestureTuneParameters;
    const horizon = P.horizon !== null && Number.isFinite(P.horizon) && P.horizon > 0 ? P.horizon : 0.1;
    const maxGap = P.maxGap !== null && Number.isFinite(P.maxGap) && P.maxGap > 0 ? P.maxGap : 0.04;
    const maxSamples = P.maxSamples !== null && P.maxSamples >= 1 ? P.maxSamples : 20;
    const newest = pts[end - 1].t;
    const tol = GestureTuneCore.tolerance(newest);
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
  releaseVelocity(releaseTime, platform) {
    let estimator = GestureTuneParameters.estimator ?? 'lsq2';
    if (estimator === 'platform') {
      if (platform !== null) return [platform.vx, platform.vy];
      estimator = 'lsq2';
    }
    const w = this.window(releaseTime);
    if (w.rested || w.end - w.start < 2) return [0, 0];
    const chain = { lsq1: ['lsq1', 'delta'], delta: ['delta'], impulse: ['impulse'] }[estimator] ?? ['lsq2', 'lsq1', 'delta'];
    for (const candidate of chain) {
      const c = this.components(candidate, w.start, w.end);
      if (c !== null && Number.isFinite(c[0]) && Number.isFinite(c[1]) && Number.isFinite(GestureTuneCore.along(c[0], c[1]))) return c;
    }
    return [0, 0];
  }

  components(estimator, start, end) {
    const count = end - start;
    if (estimator === 'lsq2' || estimator === 'lsq1') {
      const degree = estimator === 'lsq2' ? 2 : 1;
      if (count === 2) return this.slope(end);
      if (count <= degree) return null;
      return this.fit(start, end, degree);
    }
    if (estimator === 'delta') return this.slope(end);
    return count === 2 ? this.slope(end) : this.impulse(start, end);
  }

  slope(end) {
    const a = this.points[end - 2];
    const b = this.points[end - 1];
    const dt = b.t - a.t;
    if (!(dt > 0)) return null;
    return [(b.x - a.x) / dt, (b.y - a.y) / dt];
  }

  /** Least squares of degree 1 or 2 against time relative to the newest sample: QR (modified
   *  Gram-Schmidt) of 1, tau, tau^2 with tau the time over the window's span; the slope at the newest. */
  fit(start, end, degree) {
    const pts = this.points.slice(start, end);
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
  impulse(start, end) {
    const velocity = (work) => (work < 0 ? -1 : 1) * Math.sqrt(2 * Math.abs(work));
    let workX = 0;
    let workY = 0;
    for (let index = start + 1; index < end; index++) {
      const older = this.points[index - 1];
      const newer = this.points[index];
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

  /** Mean velocity and acceleration over the last 3 samples (progress/s, progress/s², each step
   *  clamped to ±5), and how many samples there were, for the kinematic rule. */
  kinematics() {
    const pts = this.points;
    const count = Math.min(3, pts.length);
    if (count < 2) return { velocity: 0, acceleration: 0, count };
    const segment = (k) => GestureTuneCore.finite(
      GestureTuneCore.along(pts[k].x - pts[k - 1].x, pts[k].y - pts[k - 1].y) / this.extent / (pts[k].t - pts[k - 1].t));
    const newest = pts.length - 1;
    const last = segment(newest);
    if (count !== 3) return { velocity: last, acceleration: 0, count };
    const previous = segment(newest - 1);
    const span = (pts[newest].t - pts[newest - 2].t) / 2;
    const step = GestureTuneCore.finite((last - previous) / span);
    return { velocity: GestureTuneCore.finite((previous + last) / 2), acceleration: Math.min(5, Math.max(-5, step)), count };
  }

  /** x(t) - 1 of the unit-step spring launched with relative velocity v0, closed form. */
  static springError(t, v0) {
    const P = GestureTuneParameters;
    const zeta = P.springDampingRatio ?? 1;
    const omega = 2 * Math.PI / (P.springResponse ?? P.transitionDuration ?? 0.35);
    if (zeta < 1) {
      const damped = omega * Math.sqrt(1 - zeta * zeta);
      const b = (v0 - zeta * omega) / damped;
      return Math.exp(-zeta * omega * t) * (-Math.cos(damped * t) + b * Math.sin(damped * t));
    }
    if (zeta === 1) return (-1 + (v0 - omega) * t) * Math.exp(-omega * t);
    const r2 = -omega * (zeta + Math.sqrt(zeta * zeta - 1));
    const r1 = omega * omega / r2;
    const c1 = (v0 + r2) / (r1 - r2);
    return c1 * Math.exp(r1 * t) + (-1 - c1) * Math.exp(r2 * t);
  }

  /** The last time the spring is 0.5% or more from its target, s (scan, then bisection). */
  static springSettlingTime(v0) {
    if (!Number.isFinite(v0)) return 0;
    const P = GestureTuneParameters;
    const zeta = P.springDampingRatio ?? 1;
    const response = P.springResponse ?? P.transitionDuration ?? 0.35;
    const tolerance = 0.005;
    const step = response / 400;
    const bound = response * (4 * (1 / zeta + zeta) + Math.log(2 + Math.abs(v0) * response)) * 4;
    let last = 0;
    for (let t = step; t < bound + step; t += step) {
      if (Math.abs(GestureTuneCore.springError(t, v0)) > tolerance) last = t;
    }
    let lo = last;
    let hi = last + step;
    if (Math.abs(GestureTuneCore.springError(lo, v0)) <= tolerance) return lo;
    for (let i = 0; i < 60; i++) {
      const mid = (lo + hi) / 2;
      if (Math.abs(GestureTuneCore.springError(mid, v0)) > tolerance) lo = mid; else hi = mid;
    }
    return hi;
  }
}

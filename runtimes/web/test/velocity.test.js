import test from 'node:test';
import assert from 'node:assert/strict';
import { parseParameters, releaseVelocity, GestureTracker } from '../src/index.js';

const base = { rule: 'threshold', progressThreshold: 0.5, velocityThreshold: 1 };
const P = (extra) => parseParameters({ ...base, ...extra });

function close(actual, expected, message, relative = 1e-9) {
  const tolerance = relative * Math.max(1, Math.abs(expected));
  assert.ok(Math.abs(actual - expected) <= tolerance, `${message}: ${actual} vs ${expected}`);
}

/** Ordinary least-squares slope of x against t (the textbook closed form). */
function olsSlope(points, key) {
  const n = points.length;
  const tm = points.reduce((s, p) => s + p.t, 0) / n;
  const xm = points.reduce((s, p) => s + p[key], 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.t - tm) * (p[key] - xm);
    sxx += (p.t - tm) ** 2;
  }
  return sxy / sxx;
}

test('lsq2 on an exact quadratic gives its derivative at the newest sample', () => {
  const x = (t) => 3 + 200 * t - 1500 * t * t;
  const y = (t) => -1 + 50 * t + 800 * t * t;
  for (const count of [3, 4, 7, 10]) {
    const points = [];
    for (let i = 0; i < count; i++) {
      const t = 1 + i * 0.008 + (i % 3) * 0.001; // uneven spacing
      points.push({ t, x: x(t), y: y(t) });
    }
    const tn = points[count - 1].t;
    const v = releaseVelocity(P({ estimator: 'lsq2' }), points, tn);
    close(v.vx, 200 - 2 * 1500 * tn, `vx, ${count} samples`);
    close(v.vy, 50 + 2 * 800 * tn, `vy, ${count} samples`);
    // default estimator is lsq2 too
    assert.deepEqual(releaseVelocity(P({}), points, tn), v);
  }
});

test('lsq1 on a line gives its slope; on samples off a line, the least-squares slope', () => {
  const points = [];
  for (let i = 0; i < 8; i++) {
    const t = 2 + i * 0.007;
    points.push({ t, x: 10 - 640 * (t - 2), y: 5 + 123.5 * (t - 2) });
  }
  const v = releaseVelocity(P({ estimator: 'lsq1' }), points, points[7].t);
  close(v.vx, -640, 'vx');
  close(v.vy, 123.5, 'vy');
  const noisy = points.map((p, i) => ({ ...p, x: p.x + [0, 2, -1, 3, 0, -2, 1, 0][i] }));
  close(releaseVelocity(P({ estimator: 'lsq1' }), noisy, noisy[7].t).vx, olsSlope(noisy, 'x'), 'noisy vx');
});

test('delta gives the last difference', () => {
  const points = [{ t: 0, x: 0, y: 0 }, { t: 0.01, x: 7, y: 1 }, { t: 0.03, x: 9, y: -3 }];
  const v = releaseVelocity(P({ estimator: 'delta' }), points, 0.03);
  close(v.vx, 2 / 0.02, 'vx');
  close(v.vy, -4 / 0.02, 'vy');
});

test('impulse on 3 samples, by hand', () => {
  // dt = 1/64 s: segment velocities vx 64, 128 and vy -64, -192 px/s.
  // x: work = (64 - 0)*64 = 4096, halved 2048 (v = 64); work = 2048 + (128 - 64)*128 = 10240; v = sqrt(2*10240).
  // y: work = -4096, halved -2048 (v = -64); work = -2048 + (-192 + 64)*192 = -26624; v = -sqrt(2*26624).
  const points = [{ t: 0, x: 0, y: 0 }, { t: 1 / 64, x: 1, y: -1 }, { t: 2 / 64, x: 3, y: -4 }];
  const v = releaseVelocity(P({ estimator: 'impulse' }), points, 2 / 64);
  assert.equal(v.vx, Math.sqrt(20480));
  assert.equal(v.vy, -Math.sqrt(53248));
});

// Samples every 1/128 s (exact in binary) for the window tests.
const step = 1 / 128;

test('the window keeps the horizon, the sample exactly at the horizon included', () => {
  // k = 0..30; a line of 640 px/s from k = 19 on, sample 18 off the line, older ones flat.
  const points = [];
  for (let k = 0; k <= 30; k++) points.push({ t: k * step, x: k >= 19 ? 5 * (k - 19) : (k === 18 ? 40 : 100), y: 0 });
  const at = (horizon) => releaseVelocity(P({ estimator: 'lsq1', horizon }), points, 30 * step).vx;
  close(at(11.5 * step), 640, 'horizon before sample 18'); // samples 19..30: the line
  close(at(12 * step), olsSlope(points.slice(18), 'x'), 'horizon exactly at sample 18'); // 18..30
  assert.ok(Math.abs(at(12 * step) - 640) > 1, 'sample 18 is in the window');
  close(at(12.5 * step), olsSlope(points.slice(18), 'x'), 'sample 17 out');
  close(at(13 * step), olsSlope(points.slice(17), 'x'), 'sample 17 in');
});

test('the window stops at a gap longer than maxGap (a gap of exactly maxGap kept)', () => {
  const times = [0, 1, 2, 3, 4, 10, 11, 12, 13, 14].map((k) => k * step); // a gap of 6 steps
  const points = times.map((t, i) => ({ t, x: i * i, y: 0 }));
  const vx = (maxGap) => releaseVelocity(P({ estimator: 'lsq1', maxGap, horizon: 1 }), points, 14 * step).vx;
  close(vx(5 * step), olsSlope(points.slice(5), 'x'), 'gap cut');
  close(vx(6 * step), olsSlope(points, 'x'), 'gap of exactly maxGap kept');
});

test('the window keeps at most maxSamples', () => {
  const points = [];
  for (let k = 0; k < 12; k++) points.push({ t: k * step, x: k * k * 0.5, y: -k });
  for (const maxSamples of [2, 3, 4, 7]) {
    const vx = releaseVelocity(P({ estimator: 'lsq1', maxSamples }), points, 11 * step).vx;
    close(vx, olsSlope(points.slice(12 - maxSamples), 'x'), `maxSamples ${maxSamples}`);
  }
});

test('a rest longer than maxGap before release gives 0; exactly maxGap does not', () => {
  const points = [{ t: 1, x: 0, y: 0 }, { t: 1 + step, x: 5, y: 0 }, { t: 1 + 2 * step, x: 10, y: 0 }];
  const newest = 1 + 2 * step;
  for (const estimator of ['lsq2', 'lsq1', 'delta', 'impulse', 'platform']) {
    const parameters = P({ estimator, maxGap: 1 / 32 });
    assert.deepEqual(releaseVelocity(parameters, points, newest + 1 / 32 + 1 / 1024), { vx: 0, vy: 0 }, estimator);
    close(releaseVelocity(parameters, points, newest + 1 / 32).vx, 640, estimator);
  }
  // the default maxGap, 0.04 s
  assert.deepEqual(releaseVelocity(P({}), points, newest + 0.041), { vx: 0, vy: 0 });
  close(releaseVelocity(P({}), points, newest + 0.039).vx, 640, 'default maxGap');
});

test('fewer than 2 samples give 0; 2 samples give their slope under every estimator', () => {
  for (const estimator of ['lsq2', 'lsq1', 'delta', 'impulse', 'platform']) {
    const parameters = P({ estimator });
    assert.deepEqual(releaseVelocity(parameters, [], 0), { vx: 0, vy: 0 });
    assert.deepEqual(releaseVelocity(parameters, [{ t: 0, x: 3, y: 4 }], 0), { vx: 0, vy: 0 });
    const v = releaseVelocity(parameters, [{ t: 0, x: 3, y: 4 }, { t: 1 / 64, x: 5, y: 1 }], 1 / 64);
    assert.deepEqual(v, { vx: 128, vy: -192 }, estimator);
  }
});

test('platform: the platform velocity when there is one, else lsq2', () => {
  const x = (t) => 1 + 300 * t + 2000 * t * t;
  const points = [0, 1, 2, 3, 4, 5].map((k) => ({ t: k * step, x: x(k * step), y: 0 }));
  const tn = 5 * step;
  const parameters = P({ estimator: 'platform' });
  assert.deepEqual(releaseVelocity(parameters, points, tn, { vx: -7, vy: 9 }), { vx: -7, vy: 9 });
  close(releaseVelocity(parameters, points, tn).vx, 300 + 4000 * tn, 'no platform velocity: lsq2');
  close(releaseVelocity(parameters, points, tn, { vx: NaN, vy: 1 }).vx, 300 + 4000 * tn, 'non-finite platform velocity');
  // lsq2 ignores the platform velocity
  close(releaseVelocity(P({ estimator: 'lsq2' }), points, tn, { vx: -7, vy: 9 }).vx, 300 + 4000 * tn, 'lsq2');
  // the platform velocity is returned even when the finger rested
  assert.deepEqual(releaseVelocity(parameters, points, tn + 1, { vx: -7, vy: 9 }), { vx: -7, vy: 9 });
});

test('the tracker keeps samples as add\'s rule says', () => {
  const delta = P({ estimator: 'delta', direction: 'right' });
  const a = new GestureTracker(delta, 400);
  a.add(0, 0, 0);
  a.add(1 / 64, 1, 0);
  a.add(1 / 64, 5, 0); // same time: replaces
  a.add(NaN, 100, 0); // ignored
  a.add(2 / 64, Infinity, 0); // ignored
  assert.equal(a.release(1 / 64, 5, 0).velocity, (5 * 64) / 400);
  const b = new GestureTracker(delta, 400);
  b.add(0, 0, 0);
  b.add(2 / 64, 10, 0);
  b.add(1 / 64, 3, 0); // earlier: pops the later one
  assert.equal(b.release(1 / 64, 3, 0).velocity, (3 * 64) / 400);
  // releaseVelocity applies the same rule to its points
  assert.deepEqual(
    releaseVelocity(delta, [{ t: 0, x: 0, y: 0 }, { t: 2 / 64, x: 10, y: 0 }, { t: 1 / 64, x: 3, y: 0 }], 1 / 64),
    { vx: 192, vy: 0 });
});

test('the tracker\'s velocity is along the direction over the extent', () => {
  // delta: vx = 2*64 = 128, vy = -3*64 = -192 px/s; extent 400
  const expected = { right: 128 / 400, left: -128 / 400, down: -192 / 400, up: 192 / 400 };
  for (const [direction, v] of Object.entries(expected)) {
    const tracker = new GestureTracker(P({ estimator: 'delta', direction }), 400);
    tracker.add(0, 100, 100);
    tracker.add(1 / 64, 102, 97);
    assert.equal(tracker.release(1 / 64, 102, 97).velocity, v, direction);
  }
  // platform velocity passed at release overrides the one from add
  const tracker = new GestureTracker(P({ estimator: 'platform' }), 400);
  tracker.add(0, 100, 100, 40, 0);
  tracker.add(1 / 64, 102, 97, 80, 0);
  assert.equal(tracker.release(1 / 64, 102, 97).velocity, 80 / 400);
  const again = new GestureTracker(P({ estimator: 'platform' }), 400);
  again.add(0, 100, 100, 40, 0);
  assert.equal(again.release(1 / 64, 102, 97, 200, 0).velocity, 200 / 400);
});

test('kinematic inputs: the last three samples, acceleration clamped to ±5', () => {
  // extent 400, steps of 1/128 s: segments 40 px (12.8 progress/s) then 0: v_m = 6.4,
  // a = (0 - 12.8) / (1/128) = -1638.4, clamped to -5. p at release = 0.1, D = 0.1, target 0.5:
  // clamped 0.1 + 0.64 - 0.025 = 0.715 >= 0.5 completes; unclamped it would be far below 0.
  const parameters = P({ rule: 'kinematic', distanceThreshold: 200, kinematicDuration: 0.1, estimator: 'delta' });
  const tracker = new GestureTracker(parameters, 400);
  tracker.add(0, 0, 0);
  tracker.add(step, 40, 0);
  tracker.add(2 * step, 40, 0);
  assert.equal(tracker.release(2 * step, 40, 0).ruleCompletes, true);
  // with only 2 samples the rule reads v_m > 0, v_m the last segment's velocity (backwards here)
  const two = new GestureTracker(parameters, 400);
  two.add(0, 40, 0);
  two.add(step, 39, 0);
  assert.equal(two.release(step, 39, 0).ruleCompletes, false);
});

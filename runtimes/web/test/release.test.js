import test from 'node:test';
import assert from 'node:assert/strict';
import { parseParameters, GestureTracker, settleDuration, springSettlingTime } from '../src/index.js';

// threshold p_th 0.5, v_th 1; delta velocity; transition 0.4 s, settle capped at 0.3 s; extent 400.
const P = parseParameters({
  rule: 'threshold', progressThreshold: 0.5, velocityThreshold: 1, estimator: 'delta',
  transitionDuration: 0.4, fingerSpeedCap: 0.3,
});

function close(actual, expected, message) {
  assert.ok(Math.abs(actual - expected) <= 1e-12 * Math.max(1, Math.abs(expected)), `${message}: ${actual} vs ${expected}`);
}

/** A drag to the right: samples every 1/32 s at `xs`, released at (tRelease, xRelease). */
function drag(xs, tRelease, xRelease, parameters = P) {
  const tracker = new GestureTracker(parameters, 400);
  xs.forEach((x, k) => tracker.add(k / 32, x, 100));
  return tracker.release(tRelease, xRelease, 100);
}

function expectRelease(r, expected) {
  for (const [key, value] of Object.entries(expected)) {
    if (typeof value === 'number') close(r[key], value, key);
    else assert.equal(r[key], value, key);
  }
}

test('a throw that completes, settle capped', () => {
  // v = 20 px / (1/32 s) / 400 = 1.6 >= 1: completes. p = (170 - 10)/400 = 0.4, 0.6 left:
  // 0.6/1.6 = 0.375 s capped to 0.3; completion speed 0.6*0.4/0.3 = 0.8; spring v0 = 1.6/0.6.
  const r = drag([10, 30, 50, 70, 90], 4 / 32 + 1 / 128, 170);
  expectRelease(r, {
    admitted: true, ruleCompletes: true, complete: true, progress: 0.4, velocity: 1.6,
    settleDuration: 0.3, completionSpeed: 0.8, springInitialVelocity: 1.6 / 0.6,
  });
  assert.equal(r.springSettlingTime, springSettlingTime(P, 1.6 / 0.6));
  assert.ok(r.springSettlingTime > 0);
});

test('a faster throw settles at the finger\'s speed', () => {
  // v = 40*32/400 = 3.2; 0.6/3.2 = 0.1875 s; completion speed 0.6*0.4/0.1875 = 1.28.
  const r = drag([10, 50, 90, 130, 170], 4 / 32 + 1 / 256, 170);
  expectRelease(r, {
    complete: true, progress: 0.4, velocity: 3.2, settleDuration: 0.1875, completionSpeed: 1.28,
    springInitialVelocity: 3.2 / 0.6,
  });
});

test('a slow move back cancels', () => {
  // last step -10 px: v = -0.8; p = (130 - 10)/400 = 0.3 < 0.5: cancels. 0.3 left: 0.3/0.8 = 0.375
  // capped to 0.3; completion speed 0.3*0.4/0.3 = 0.4; spring v0 = 0.8/0.3 (towards 0).
  const r = drag([10, 40, 70, 140, 130], 4 / 32, 130);
  expectRelease(r, {
    admitted: true, ruleCompletes: false, complete: false, progress: 0.3, velocity: -0.8,
    settleDuration: 0.3, completionSpeed: 0.4, springInitialVelocity: 0.8 / 0.3,
  });
});

test('a release after a rest: velocity 0, decided by progress, settle at the cap', () => {
  // rest of 0.1 s > maxGap: v = 0; p = 240/400 = 0.6 >= 0.5 completes; 0.4 left at speed 0: the cap.
  const r = drag([10, 50, 90, 130, 250], 4 / 32 + 0.1, 250);
  expectRelease(r, {
    complete: true, progress: 0.6, velocity: 0, settleDuration: 0.3, completionSpeed: (0.4 * 0.4) / 0.3,
    springInitialVelocity: 0,
  });
  // v0 = 0, ζ = 1, response = transitionDuration 0.4: (1 + ωt) e^{-ωt} = 0.005
  const omega = (2 * Math.PI) / 0.4;
  let lo = 0;
  let hi = 10;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if ((1 + omega * mid) * Math.exp(-omega * mid) > 0.005) lo = mid; else hi = mid;
  }
  assert.ok(Math.abs(r.springSettlingTime - lo) <= 1e-9, `${r.springSettlingTime} vs ${lo}`);
});

test('nothing left to travel: no settle, speed 1, no spring', () => {
  const r = drag([10, 200, 390, 410], 3 / 32, 600); // p clamped to 1
  expectRelease(r, {
    complete: true, progress: 1, settleDuration: 0, completionSpeed: 1, springInitialVelocity: 0, springSettlingTime: 0,
  });
});

test('progress: startProgress plus the distance along the axis over the extent, clamped', () => {
  const tracker = new GestureTracker(P, 400);
  assert.equal(tracker.progress(100, 100), 0); // no sample yet
  tracker.startProgress = 0.5;
  tracker.add(0, 100, 100);
  assert.equal(tracker.progress(140, 100), 0.6);
  assert.equal(tracker.progress(100, 900), 0.5); // across the axis does not count
  assert.equal(tracker.progress(-200, 100), 0);
  assert.equal(tracker.progress(1000, 100), 1);
  assert.equal(tracker.progress(NaN, 100), 0);
  const up = new GestureTracker(parseParameters({ ...P, direction: 'up' }), 200);
  up.add(0, 50, 150);
  assert.equal(up.progress(50, 100), 0.25);
});

test('the extent: the app\'s, else the parameters\', else 390', () => {
  assert.equal(new GestureTracker(P, 500).extent, 500);
  assert.equal(new GestureTracker(P).extent, 390);
  assert.equal(new GestureTracker(P, -1).extent, 390);
  assert.equal(new GestureTracker(parseParameters({ ...P, extent: 844 }), NaN).extent, 844);
  assert.equal(new GestureTracker(parseParameters({ ...P, extent: 844 }), 0).extent, 844);
});

test('settleDuration: the way left at the speed, capped; the cap at rest; 0 when nothing is left', () => {
  close(settleDuration(P, 0.6, 3.2), 0.1875, 'at speed');
  close(settleDuration(P, 0.6, -3.2), 0.1875, 'the sign does not matter');
  assert.equal(settleDuration(P, 0.6, 1), 0.3);
  assert.equal(settleDuration(P, 0.6, 0), 0.3);
  assert.equal(settleDuration(P, 0, 5), 0);
  const noCap = parseParameters({ rule: 'threshold', progressThreshold: 0.5, velocityThreshold: 1, transitionDuration: 0.25 });
  assert.equal(settleDuration(noCap, 0.5, 0), 0.25);
  assert.equal(settleDuration(parseParameters({ rule: 'threshold', progressThreshold: 0.5, velocityThreshold: 1 }), 0.5, 0), 0.35);
});

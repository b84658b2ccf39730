import test from 'node:test';
import assert from 'node:assert/strict';
import { parseParameters, ruleCompletes } from '../src/index.js';

/** [progress, velocity, expected] rows, decided by hand from SPEC.md's formulas. */
function check(parameters, rows, extra = {}) {
  const P = parseParameters(parameters);
  for (const [progress, velocity, expected] of rows) {
    assert.equal(ruleCompletes(P, { progress, velocity, ...extra }), expected, `p=${progress} v=${velocity}`);
  }
}

test('threshold: v >= v_th || (|v| < v_th && p >= p_th), ties included', () => {
  check({ rule: 'threshold', progressThreshold: 0.5, velocityThreshold: 1 }, [
    [0, 1, true], // v exactly v_th
    [0, 0.999, false],
    [0.5, 0.999, true], // p exactly p_th
    [0.4999, 0.999, false],
    [0.6, -0.5, true], // slow backwards, far enough
    [0.9, -1, false], // |v| == v_th backwards: neither branch
    [0.9, -2, false],
    [0.5, 0, true],
  ]);
});

test('threshold with velocityThreshold "inf" decides by progress alone', () => {
  check({ rule: 'threshold', progressThreshold: 0.5, velocityThreshold: 'inf' }, [
    [0.49, 1e6, false],
    [0.5, 1e6, true],
    [0.5, -1e6, true],
    [0.49, -1e6, false],
  ]);
});

test('forward: v >= 0 && (v > v_th || p > p_th), strict at the thresholds', () => {
  check({ rule: 'forward', progressThreshold: 0.5, velocityThreshold: 1 }, [
    [0.5, 1, false], // both exactly at the threshold: strict
    [0, 1.0000001, true],
    [0.51, 0, true], // v == 0 counts as forward
    [0.9, -0.001, false], // any backward motion cancels
    [0.5, 0, false],
  ]);
  check({ rule: 'forward', progressThreshold: 0.5, velocityThreshold: 'infinity' }, [
    [0.4, 1e9, false],
    [0.6, 1e9, true],
    [0.6, -1e-9, false],
  ]);
});

test('projection: p + tau*v >= p_th, tie at the threshold', () => {
  check({ rule: 'projection', progressThreshold: 0.5, tau: 0.25 }, [
    [0.25, 1, true], // 0.25 + 0.25 = 0.5 exactly
    [0.25, 0.99, false],
    [0.75, -1, true], // 0.75 - 0.25 = 0.5
    [0.75, -1.01, false],
    [0.5, 0, true],
  ]);
});

test('kinematic: fewer than 3 samples decides by v_m > 0', () => {
  const P = { rule: 'kinematic', distanceThreshold: 100, kinematicDuration: 0.5 };
  for (const count of [0, 1, 2]) {
    check(P, [[0, 0, true]], { kinematicVelocity: 0.001, kinematicAcceleration: -5, kinematicCount: count, extent: 400 });
    check(P, [[0.99, 9, false]], { kinematicVelocity: 0, kinematicAcceleration: 5, kinematicCount: count, extent: 400 });
  }
});

test('kinematic: p + v_m*D + a_m*D²/2 >= min(d_th/E, 0.5), ties included', () => {
  const P = parseParameters({ rule: 'kinematic', distanceThreshold: 100, kinematicDuration: 0.5 });
  const at = (progress, kinematicVelocity, kinematicAcceleration, extent = 400) =>
    ruleCompletes(P, { progress, velocity: 0, kinematicVelocity, kinematicAcceleration, kinematicCount: 3, extent });
  // target = 100/400 = 0.25
  assert.equal(at(0, 0.5, 0), true); // 0.5*0.5 = 0.25 exactly
  assert.equal(at(0, 0.5, -0.01), false);
  assert.equal(at(0.125, 0.25, 0), true); // 0.125 + 0.125
  assert.equal(at(0, 0, 2), true); // 2*0.25/2 = 0.25
  assert.equal(at(0, 0, 1.99), false);
  // target capped at 0.5: d_th/E = 300/400 = 0.75
  const far = parseParameters({ rule: 'kinematic', distanceThreshold: 300, kinematicDuration: 0.5 });
  const farAt = (p) => ruleCompletes(far, { progress: p, velocity: 0, kinematicVelocity: 0, kinematicAcceleration: 0, kinematicCount: 3, extent: 400 });
  assert.equal(farAt(0.5), true);
  assert.equal(farAt(0.49), false);
  // no extent in the state: the parameters' extent (200: target 0.5), else 390
  const withExtent = parseParameters({ rule: 'kinematic', distanceThreshold: 100, kinematicDuration: 0.5, extent: 200 });
  const s = { velocity: 0, kinematicVelocity: 0, kinematicAcceleration: 0, kinematicCount: 3 };
  assert.equal(ruleCompletes(withExtent, { ...s, progress: 0.5 }), true);
  assert.equal(ruleCompletes(withExtent, { ...s, progress: 0.49 }), false);
  const fallback = parseParameters({ rule: 'kinematic', distanceThreshold: 195, kinematicDuration: 0.5 });
  assert.equal(ruleCompletes(fallback, { ...s, progress: 0.5 }), true); // 195/390 = 0.5
  assert.equal(ruleCompletes(fallback, { ...s, progress: 0.4999 }), false);
});

test('logistic: b0 + b1*p + b2*v >= 0, tie at 0', () => {
  check({ rule: 'logistic', intercept: -2, progressCoefficient: 4, velocityCoefficient: 1 }, [
    [0.5, 0, true], // -2 + 2 = 0
    [0.25, 1, true], // -2 + 1 + 1 = 0
    [0.25, 0.999, false],
    [0, 2, true],
    [1, -2.5, false],
  ]);
});

import test from 'node:test';
import assert from 'node:assert/strict';
import { parseParameters, gateRefusal, GestureTracker } from '../src/index.js';

const base = { rule: 'threshold', progressThreshold: 0.5, velocityThreshold: 1 };

test('gateRefusal: each reason, first reason first', () => {
  const P = parseParameters({ ...base, gate: { edgeWidth: 20, lockAngle: 30 } });
  assert.equal(gateRefusal(P, 500, null), 'slop'); // no angle wins over a bad edge
  assert.equal(gateRefusal(P, 5, undefined), 'slop');
  assert.equal(gateRefusal(P, 5, NaN), 'slop');
  assert.equal(gateRefusal(P, 20, 0), null); // exactly at the edge width
  assert.equal(gateRefusal(P, 20.5, 0), 'edge');
  assert.equal(gateRefusal(P, 20.5, 170), 'edge'); // the edge before the angle
  assert.equal(gateRefusal(P, NaN, 0), null); // not finite: 0
  assert.equal(gateRefusal(P, 5, 30), null); // exactly at the lock angle
  assert.equal(gateRefusal(P, 5, 30.5), 'angle');
});

test('gateRefusal defaults: whole extent, 90 degrees; older top-level keys', () => {
  const P = parseParameters(base);
  assert.equal(gateRefusal(P, 1e9, 90), null);
  assert.equal(gateRefusal(P, 1e9, 90.01), 'angle');
  const older = parseParameters({ ...base, edgeWidth: 10, directionLockAngle: 45 });
  assert.equal(gateRefusal(older, 11, 0), 'edge');
  assert.equal(gateRefusal(older, 10, 46), 'angle');
});

/** A point `e` px from the leading edge of `direction` in a 400 px container, and the unit vectors along and across. */
const frames = {
  right: { start: (e) => [e, 200], along: [1, 0], across: [0, 1] },
  left: { start: (e) => [400 - e, 200], along: [-1, 0], across: [0, 1] },
  down: { start: (e) => [200, e], along: [0, 1], across: [1, 0] },
  up: { start: (e) => [200, 400 - e], along: [0, -1], across: [1, 0] },
};

function gesture(direction, gate, e, moves) {
  const tracker = new GestureTracker(parseParameters({ ...base, direction, gate }), 400);
  const f = frames[direction];
  const [x0, y0] = f.start(e);
  tracker.add(0, x0, y0);
  let t = 0;
  for (const [a, c] of moves) {
    t += 0.01;
    tracker.add(t, x0 + a * f.along[0] + c * f.across[0], y0 + a * f.along[1] + c * f.across[1]);
  }
  return tracker;
}

for (const direction of Object.keys(frames)) {
  test(`the tracker's gate, direction ${direction}`, () => {
    const gate = { edgeWidth: 30, lockAngle: 30, slop: 10 };
    assert.equal(gesture(direction, gate, 20, []).admitted, null); // down only
    assert.equal(gesture(direction, gate, 20, [[5, 0]]).admitted, null); // within the slop
    assert.equal(gesture(direction, gate, 20, [[10, 0]]).admitted, null); // exactly the slop: not beyond
    assert.equal(gesture(direction, gate, 20, [[5, 0], [15, 0]]).admitted, true);
    assert.equal(gesture(direction, gate, 30, [[15, 0]]).admitted, true); // exactly the edge width
    assert.equal(gesture(direction, gate, 31, [[15, 0]]).admitted, false); // edge
    assert.equal(gesture(direction, gate, 31, []).admitted, false); // the edge refuses before the slop
    const deg = Math.PI / 180;
    assert.equal(gesture(direction, gate, 20, [[15 * Math.cos(29 * deg), 15 * Math.sin(29 * deg)]]).admitted, true);
    assert.equal(gesture(direction, gate, 20, [[15 * Math.cos(31 * deg), -15 * Math.sin(31 * deg)]]).admitted, false);
    assert.equal(gesture(direction, gate, 20, [[2, 15]]).admitted, false); // across the axis
    assert.equal(gesture(direction, gate, 20, [[-15, 0]]).admitted, false); // backwards: 180 degrees
    // the first sample beyond the slop decides, later ones do not
    assert.equal(gesture(direction, gate, 20, [[12, 0], [12, 40]]).admitted, true);
    // defaults: no edge width, 90 degrees, slop 10
    assert.equal(gesture(direction, {}, 390, [[0, 15]]).admitted, true); // 90 degrees exactly
    assert.equal(gesture(direction, {}, 390, [[-1, 15]]).admitted, false);
    assert.equal(gesture(direction, {}, 390, [[0, 10.5]]).admitted, true);
    assert.equal(gesture(direction, {}, 390, [[0, 9.5]]).admitted, null);
  });
}

test('a caught transition (startProgress > 0) is admitted', () => {
  const tracker = new GestureTracker(parseParameters({ ...base, gate: { edgeWidth: 10 } }), 400);
  tracker.startProgress = 0.3;
  tracker.add(0, 300, 200);
  assert.equal(tracker.admitted, true);
  const release = tracker.release(0.01, 300, 200);
  assert.equal(release.admitted, true);
});

test('a refused gesture does not complete even when the rule would', () => {
  const tracker = new GestureTracker(parseParameters({ ...base, estimator: 'delta', gate: { edgeWidth: 5 } }), 400);
  tracker.add(0, 10, 200);
  tracker.add(1 / 64, 110, 200);
  const r = tracker.release(1 / 64, 110, 200);
  assert.equal(r.admitted, false);
  assert.equal(r.ruleCompletes, true); // v = 100*64/400 = 16 progress/s
  assert.equal(r.complete, false);
  // an undecided gate (never beyond the slop) counts as refused at release
  const still = new GestureTracker(parseParameters(base), 400);
  still.add(0, 10, 200);
  still.add(0.01, 15, 200);
  assert.equal(still.release(0.01, 15, 200).admitted, false);
});

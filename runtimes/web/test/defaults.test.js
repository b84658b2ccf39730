import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DEFAULTS, GestureTracker, parseParameters, ruleCompletes } from '../src/index.js';

/** index.js without its comments and string literals. */
function code() {
  const source = readFileSync(new URL('../src/index.js', import.meta.url), 'utf8');
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/`(?:[^`\\]|\\.)*`|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, "''");
}

test('index.js writes no default as a literal: it reads the generated DEFAULTS', () => {
  const literals = (code().match(/(?<![\w.$])(?:0x[0-9a-f]+|\d+(?:\.\d*)?(?:e[-+]?\d+)?|\.\d+(?:e[-+]?\d+)?)/gi) ?? [])
    .map(Number);
  // 1 (DEFAULTS.dampingRatio) is everywhere as the unit; every other default must come from DEFAULTS
  const defaults = Object.values(DEFAULTS).filter((v) => typeof v === 'number' && v !== 1);
  for (const value of defaults) {
    assert.ok(!literals.includes(value), `the literal ${value} (a DEFAULTS value) is in index.js's code`);
  }
  assert.match(code(), /Math\.min\(DEFAULTS\.kinematicSamples, pts\.length\)/);
});

test('the kinematic rule reads DEFAULTS.kinematicSamples samples', () => {
  const n = DEFAULTS.kinematicSamples;
  // kinematic: p + v_m D + a_m D²/2 >= min(d_th/E, 0.5) with n samples, else v_m > 0
  const P = parseParameters({ rule: 'kinematic', distanceThreshold: 195, kinematicDuration: 0.2 });
  const run = (count) => {
    const tracker = new GestureTracker(P, 400);
    // 0, 40, 80, ... px every 10 ms, then 2 px back on the last step: moving forward, slowing hard
    for (let i = 0; i < count - 1; i++) tracker.add(i * 0.01, 20 + 40 * i, 0);
    tracker.add((count - 1) * 0.01, 20 + 40 * (count - 2) - 2, 0);
    return tracker.release((count - 1) * 0.01, 20 + 40 * (count - 2) - 2, 0);
  };
  // fewer than n samples (here 2): only the sign of the last segment: backwards, cancel
  assert.equal(run(n - 1).ruleCompletes, false);
  // n samples: the mean velocity and the clamped deceleration decide
  const r = run(n);
  const v1 = 40 / 400 / 0.01;
  const v2 = -2 / 400 / 0.01;
  const a = Math.max(-DEFAULTS.kinematicAccelerationLimit, (v2 - v1) / 0.01);
  const expected = r.progress + ((v1 + v2) / 2) * 0.2 + (a * 0.2 * 0.2) / 2 >= Math.min(195 / 400, 0.5);
  assert.equal(r.ruleCompletes, expected);
  assert.equal(ruleCompletes(P, { progress: r.progress, velocity: 0, kinematicVelocity: (v1 + v2) / 2,
    kinematicAcceleration: a, kinematicCount: n, extent: 400 }), expected);
});

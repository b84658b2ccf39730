import test from 'node:test';
import assert from 'node:assert/strict';
import { parseParameters, parseBlock, loadParameters, GestureTuneParametersError } from '../src/index.js';

const minimal = { rule: 'threshold', progressThreshold: 0.5, velocityThreshold: 1 };

/** Asserts `fn` throws a GestureTuneParametersError about `key`, naming it in the message. */
function throwsAbout(fn, key) {
  assert.throws(fn, (error) => {
    assert.ok(error instanceof GestureTuneParametersError, `not a GestureTuneParametersError: ${error}`);
    assert.equal(error.name, 'GestureTuneParametersError');
    assert.equal(error.key, key);
    assert.ok(error.message.includes(`"${key}"`), `message does not name "${key}": ${error.message}`);
    return true;
  });
}

test('a minimal file: the absent settings are null, direction and estimator their defaults', () => {
  const p = parseParameters(JSON.stringify(minimal));
  assert.equal(p.rule, 'threshold');
  assert.equal(p.direction, 'right');
  assert.equal(p.estimator, 'lsq2');
  assert.equal(p.progressThreshold, 0.5);
  assert.equal(p.velocityThreshold, 1);
  for (const key of ['extent', 'horizon', 'maxSamples', 'maxGap', 'completionSpeed', 'transitionDuration',
    'fingerSpeedCap', 'expectedError', 'schema', 'preset']) assert.equal(p[key], null, key);
  assert.deepEqual(p.spring, { dampingRatio: null, response: null });
  assert.deepEqual(p.gate, { edgeWidth: null, lockAngle: null, slop: null });
  assert.ok(Object.isFrozen(p) && Object.isFrozen(p.spring) && Object.isFrozen(p.gate));
});

test('a full file reads every key', () => {
  const text = `{
    "schema": "gesturetune.params/1", "preset": "ios-pop", "rule": "projection", "direction": "up",
    "progressThreshold": 0.42, "tau": 0.15, "extent": 844, "estimator": "impulse",
    "horizon": 0.08, "maxSamples": 12, "maxGap": 0.03, "completionSpeed": 1.1,
    "transitionDuration": 0.3, "fingerSpeedCap": 0.25,
    "spring": {"dampingRatio": 0.8, "response": 0.45},
    "gate": {"edgeWidth": 24, "lockAngle": 35, "slop": 8}, "expectedError": 0.07
  }`;
  const p = parseParameters(text);
  assert.deepEqual({ ...p, spring: { ...p.spring }, gate: { ...p.gate } }, {
    schema: 'gesturetune.params/1', preset: 'ios-pop', rule: 'projection', direction: 'up',
    progressThreshold: 0.42, tau: 0.15, extent: 844, estimator: 'impulse', horizon: 0.08, maxSamples: 12,
    maxGap: 0.03, completionSpeed: 1.1, transitionDuration: 0.3, fingerSpeedCap: 0.25,
    spring: { dampingRatio: 0.8, response: 0.45 }, gate: { edgeWidth: 24, lockAngle: 35, slop: 8 },
    expectedError: 0.07,
  });
});

test('"inf", "infinity", "+inf" (any case) read as Infinity', () => {
  for (const text of ['inf', 'infinity', '+inf', '+infinity', 'INF', 'Infinity']) {
    const p = parseParameters({ ...minimal, velocityThreshold: text });
    assert.equal(p.velocityThreshold, Infinity, text);
  }
  // only the velocity threshold may be infinite
  throwsAbout(() => parseParameters({ ...minimal, velocityThreshold: '-inf' }), 'velocityThreshold');
  throwsAbout(() => parseParameters({ ...minimal, progressThreshold: 'inf' }), 'progressThreshold');
  throwsAbout(() => parseParameters({ ...minimal, fingerSpeedCap: 'inf' }), 'fingerSpeedCap');
});

test('the gate comes from gate, else from the older top-level keys', () => {
  const older = parseParameters({ ...minimal, edgeWidth: 30, directionLockAngle: 40 });
  assert.deepEqual({ ...older.gate }, { edgeWidth: 30, lockAngle: 40, slop: null });
  const both = parseParameters({ ...minimal, edgeWidth: 30, directionLockAngle: 40, gate: { edgeWidth: 12, slop: 4 } });
  assert.deepEqual({ ...both.gate }, { edgeWidth: 12, lockAngle: 40, slop: 4 });
  assert.equal('edgeWidth' in both, false);
  assert.equal('directionLockAngle' in both, false);
});

test('unknown keys and other families\' keys are ignored', () => {
  const p = parseParameters({ ...minimal, tau: 0.2, intercept: 3, somethingNew: { a: 1 } });
  assert.equal('tau' in p, false);
  assert.equal('intercept' in p, false);
  assert.equal('somethingNew' in p, false);
});

test('text and object read the same; parsed parameters come back as they are', () => {
  const a = parseParameters(JSON.stringify(minimal));
  const b = parseParameters(minimal);
  assert.deepEqual(a, b);
  assert.equal(parseParameters(a), a);
  assert.deepEqual(parseParameters({ ...a }), a);
});

test('each family\'s required keys, when missing, are named', () => {
  const table = {
    threshold: { progressThreshold: 0.5, velocityThreshold: 1 },
    forward: { progressThreshold: 0.5, velocityThreshold: 1 },
    projection: { progressThreshold: 0.5, tau: 0.2 },
    kinematic: { distanceThreshold: 100, kinematicDuration: 0.1 },
    logistic: { intercept: -1, progressCoefficient: 3, velocityCoefficient: 1 },
  };
  for (const [rule, values] of Object.entries(table)) {
    parseParameters({ rule, ...values });
    for (const key of Object.keys(values)) {
      const copy = { rule, ...values };
      delete copy[key];
      throwsAbout(() => parseParameters(copy), key);
      assert.throws(() => parseParameters(copy), /missing/);
    }
  }
});

test('errors name the key: missing rule, unknown rule/direction/estimator, wrong types', () => {
  throwsAbout(() => parseParameters({ progressThreshold: 0.5, velocityThreshold: 1 }), 'rule');
  throwsAbout(() => parseParameters({ ...minimal, rule: 'magic' }), 'rule');
  throwsAbout(() => parseParameters({ ...minimal, rule: 3 }), 'rule');
  throwsAbout(() => parseParameters({ ...minimal, direction: 'sideways' }), 'direction');
  throwsAbout(() => parseParameters({ ...minimal, estimator: 'lsq3' }), 'estimator');
  throwsAbout(() => parseParameters({ ...minimal, velocityThreshold: true }), 'velocityThreshold');
  throwsAbout(() => parseParameters({ ...minimal, velocityThreshold: 'fast' }), 'velocityThreshold');
  throwsAbout(() => parseParameters({ ...minimal, progressThreshold: null }), 'progressThreshold');
  throwsAbout(() => parseParameters({ ...minimal, horizon: '0.1' }), 'horizon');
  throwsAbout(() => parseParameters({ ...minimal, gate: [] }), 'gate');
  throwsAbout(() => parseParameters({ ...minimal, gate: { edgeWidth: 'wide' } }), 'gate.edgeWidth');
  throwsAbout(() => parseParameters({ ...minimal, edgeWidth: 'wide' }), 'edgeWidth');
  throwsAbout(() => parseParameters({ ...minimal, spring: 1 }), 'spring');
  throwsAbout(() => parseParameters({ ...minimal, spring: { dampingRatio: 0, response: 0.3 } }), 'spring.dampingRatio');
  throwsAbout(() => parseParameters({ ...minimal, spring: { dampingRatio: 1, response: 'inf' } }), 'spring.response');
  throwsAbout(() => parseParameters({ ...minimal, transitionDuration: 0 }), 'transitionDuration');
  throwsAbout(() => parseParameters({ ...minimal, preset: 7 }), 'preset');
});

test('not JSON, or not an object', () => {
  for (const input of ['{"rule": ', '[1, 2]', '"threshold"', 'null', 42, null, undefined]) {
    assert.throws(() => parseParameters(input), GestureTuneParametersError, String(input));
  }
});

test('loadParameters fetches uncached and parses', async () => {
  const calls = [];
  const fake = async (url, init) => {
    calls.push([url, init]);
    return { ok: true, status: 200, text: async () => JSON.stringify({ ...minimal, direction: 'down' }) };
  };
  const p = await loadParameters('/params.json', fake);
  assert.equal(p.direction, 'down');
  assert.equal(calls.length, 1);
  assert.equal(calls[0][0], '/params.json');
  assert.equal(calls[0][1].cache, 'no-store');
});

test('loadParameters reports an HTTP error, a bad file and a missing fetch', async () => {
  const status = async () => ({ ok: false, status: 404, text: async () => 'not found' });
  await assert.rejects(loadParameters('/missing.json', status), (e) => e instanceof GestureTuneParametersError && /404/.test(e.message));
  const bad = async () => ({ ok: true, status: 200, text: async () => '{"rule": "nope"}' });
  await assert.rejects(loadParameters('/bad.json', bad), (e) => e instanceof GestureTuneParametersError && e.key === 'rule');
  await assert.rejects(loadParameters('/x.json', null), GestureTuneParametersError);
});

test('parseBlock reads a snippet block: flat spring and gate names, Infinity, unset values', () => {
  class Block {
    static preset = null;
    static rule = 'threshold';
    static direction = 'down';
    static progressThreshold = 0.4;
    static velocityThreshold = Infinity;
    static springDampingRatio = 0.8;
    static springResponse = null;
    static edgeWidth = 44;
    static lockAngle = null;
    static slop = 12;
  }
  const p = parseBlock(Block);
  assert.equal(p.rule, 'threshold');
  assert.equal(p.direction, 'down');
  assert.equal(p.velocityThreshold, Infinity);
  assert.equal(p.spring.dampingRatio, 0.8);
  assert.equal(p.spring.response, null);
  assert.equal(p.gate.edgeWidth, 44);
  assert.equal(p.gate.lockAngle, null);
  assert.equal(p.gate.slop, 12);
  assert.throws(() => parseBlock({ rule: 'projection', progressThreshold: 0.5 }), /tau/);
});

test('times, ratios and sizes must be finite and above 0; each error names its key', () => {
  const set = (key, value) => {
    if (key === 'spring.dampingRatio') return { ...minimal, spring: { dampingRatio: value, response: 0.3 } };
    if (key === 'spring.response') return { ...minimal, spring: { dampingRatio: 1, response: value } };
    return { ...minimal, [key]: value };
  };
  for (const key of ['spring.dampingRatio', 'spring.response', 'transitionDuration', 'horizon', 'maxGap', 'extent']) {
    for (const bad of [0, -0, -0.1, -1, Infinity, -Infinity, NaN]) {
      throwsAbout(() => parseParameters(set(key, bad)), key);
    }
    throwsAbout(() => parseParameters(JSON.stringify(set(key, 0))), key);
    for (const good of [1e-9, 0.05, 0.35, 2, 844]) parseParameters(set(key, good));
  }
});

test('fingerSpeedCap: finite and at least 0 (0 allowed)', () => {
  assert.equal(parseParameters({ ...minimal, fingerSpeedCap: 0 }).fingerSpeedCap, 0);
  assert.equal(parseParameters({ ...minimal, fingerSpeedCap: 0.25 }).fingerSpeedCap, 0.25);
  for (const bad of [-1e-9, -0.2, Infinity, -Infinity, NaN]) {
    throwsAbout(() => parseParameters({ ...minimal, fingerSpeedCap: bad }), 'fingerSpeedCap');
  }
});

test('maxSamples: a whole number of at least 1', () => {
  assert.equal(parseParameters({ ...minimal, maxSamples: 1 }).maxSamples, 1);
  assert.equal(parseParameters('{"rule": "threshold", "progressThreshold": 0.5, "velocityThreshold": 1, "maxSamples": 12.0}').maxSamples, 12);
  for (const bad of [0, -3, 0.5, 12.5, 1e300, Infinity, NaN]) {
    throwsAbout(() => parseParameters({ ...minimal, maxSamples: bad }), 'maxSamples');
  }
  throwsAbout(() => parseParameters({ ...minimal, maxSamples: '12' }), 'maxSamples');
});

test('parseBlock applies the same bounds, naming params.json\'s keys', () => {
  const block = { rule: 'threshold', progressThreshold: 0.5, velocityThreshold: 1 };
  throwsAbout(() => parseBlock({ ...block, springDampingRatio: 0 }), 'spring.dampingRatio');
  throwsAbout(() => parseBlock({ ...block, springResponse: -0.3 }), 'spring.response');
  throwsAbout(() => parseBlock({ ...block, maxSamples: 2.5 }), 'maxSamples');
  throwsAbout(() => parseBlock({ ...block, horizon: Infinity }), 'horizon');
  throwsAbout(() => parseBlock({ ...block, fingerSpeedCap: -1 }), 'fingerSpeedCap');
  assert.equal(parseBlock({ ...block, fingerSpeedCap: 0, maxSamples: 4 }).maxSamples, 4);
});

test('the gate: edge width and slop at least 0, lock angle from 0 to 180, finite', () => {
  const g = parseParameters({ ...minimal, gate: { edgeWidth: 0, lockAngle: 180, slop: 0 } }).gate;
  assert.deepEqual({ ...g }, { edgeWidth: 0, lockAngle: 180, slop: 0 });
  assert.equal(parseParameters({ ...minimal, gate: { lockAngle: 0 } }).gate.lockAngle, 0);
  for (const bad of [-1, Infinity, NaN]) {
    throwsAbout(() => parseParameters({ ...minimal, gate: { edgeWidth: bad } }), 'gate.edgeWidth');
    throwsAbout(() => parseParameters({ ...minimal, gate: { slop: bad } }), 'gate.slop');
    throwsAbout(() => parseParameters({ ...minimal, edgeWidth: bad }), 'edgeWidth');
  }
  for (const bad of [-0.5, 180.5, 360, Infinity, NaN]) {
    throwsAbout(() => parseParameters({ ...minimal, gate: { lockAngle: bad } }), 'gate.lockAngle');
    throwsAbout(() => parseParameters({ ...minimal, directionLockAngle: bad }), 'directionLockAngle');
  }
  throwsAbout(() => parseBlock({ ...minimal, lockAngle: 200 }), 'gate.lockAngle');
  throwsAbout(() => parseBlock({ ...minimal, slop: -2 }), 'gate.slop');
});

import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const documented = [
  'DEFAULTS',
  'GestureTracker',
  'GestureTuneParametersError',
  'RULE_FAMILIES',
  'gateRefusal',
  'loadParameters',
  'parseBlock',
  'parseParameters',
  'releaseVelocity',
  'ruleCompletes',
  'settleDuration',
  'springInitialVelocity',
  'springPosition',
  'springSettlingTime',
];

test('the module exposes exactly the documented exports', async () => {
  const m = await import('../src/index.js');
  assert.deepEqual(Object.keys(m).sort(), [...documented].sort());
  for (const name of documented) {
    if (name === 'DEFAULTS' || name === 'RULE_FAMILIES') assert.equal(typeof m[name], 'object', name);
    else assert.equal(typeof m[name], 'function', name);
  }
  assert.equal(m.loadParameters.constructor.name, 'AsyncFunction');
  assert.ok(new m.GestureTuneParametersError('x', 'k') instanceof Error);
});

test('RULE_FAMILIES holds the SPEC table and is frozen', async () => {
  const { RULE_FAMILIES } = await import('../src/index.js');
  assert.deepEqual(RULE_FAMILIES, {
    threshold: ['progressThreshold', 'velocityThreshold'],
    forward: ['progressThreshold', 'velocityThreshold'],
    projection: ['progressThreshold', 'tau'],
    kinematic: ['distanceThreshold', 'kinematicDuration'],
    logistic: ['intercept', 'progressCoefficient', 'velocityCoefficient'],
  });
  assert.ok(Object.isFrozen(RULE_FAMILIES));
  for (const keys of Object.values(RULE_FAMILIES)) assert.ok(Object.isFrozen(keys));
});

test('DEFAULTS holds the SPEC defaults and is frozen', async () => {
  const { DEFAULTS } = await import('../src/index.js');
  assert.ok(Object.isFrozen(DEFAULTS));
  assert.equal(DEFAULTS.direction, 'right');
  assert.equal(DEFAULTS.estimator, 'lsq2');
  assert.equal(DEFAULTS.extent, 390);
  assert.equal(DEFAULTS.horizon, 0.1);
  assert.equal(DEFAULTS.maxSamples, 20);
  assert.equal(DEFAULTS.maxGap, 0.04);
  assert.equal(DEFAULTS.transitionDuration, 0.35);
  assert.equal(DEFAULTS.dampingRatio, 1);
  assert.equal(DEFAULTS.lockAngle, 90);
  assert.equal(DEFAULTS.slop, 10);
  assert.equal(DEFAULTS.settlingTolerance, 0.005);
  assert.equal(DEFAULTS.kinematicAccelerationLimit, 5);
});

test('package.json points at the module', () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  assert.equal(pkg.name, '@gesturetune/runtime');
  assert.equal(pkg.type, 'module');
  assert.equal(pkg.main, './src/index.js');
  assert.deepEqual(pkg.exports, { '.': './src/index.js' });
  assert.equal(pkg.dependencies, undefined);
});

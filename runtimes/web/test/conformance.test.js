import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseParameters, GestureTracker } from '../src/index.js';

// runtimes/conformance/cases.json, written from the Swift engine (SPEC.md); another file with
// GESTURETUNE_CONFORMANCE_CASES.
const path = process.env.GESTURETUNE_CONFORMANCE_CASES
  ?? fileURLToPath(new URL('../../conformance/cases.json', import.meta.url));

const booleans = ['admitted', 'ruleCompletes', 'complete'];
const numbers = ['progress', 'velocity', 'settleDuration', 'completionSpeed', 'springInitialVelocity', 'springSettlingTime'];

/** A number of the file: JSON numbers, or "inf"-like texts for ±Infinity. */
function number(value) {
  if (typeof value === 'string') {
    const text = value.toLowerCase();
    if (['inf', '+inf', 'infinity', '+infinity'].includes(text)) return Infinity;
    if (['-inf', '-infinity'].includes(text)) return -Infinity;
  }
  return value;
}

/** SPEC.md's tolerances: 1e-9 + 1e-7·|expected|; springSettlingTime 1e-6 s + 1e-4 relative. */
function within(key, actual, expected) {
  if (!Number.isFinite(expected)) return Object.is(actual, expected);
  const tolerance = key === 'springSettlingTime' ? 1e-6 + 1e-4 * Math.abs(expected) : 1e-9 + 1e-7 * Math.abs(expected);
  return Math.abs(actual - expected) <= tolerance;
}

// The cases are part of the repository: a missing file fails, it never skips.
if (!existsSync(path)) {
  test('conformance cases', () => {
    assert.fail(`no conformance cases at ${path}: run \`make runtimes\` in gesturetune's checkout`);
  });
} else {
  test('conformance cases', async (t) => {
    const file = JSON.parse(readFileSync(path, 'utf8'));
    assert.equal(file.schema, 'gesturetune.conformance/1');
    assert.ok(Array.isArray(file.cases) && file.cases.length > 0, 'no cases');
    for (const [index, c] of file.cases.entries()) {
      await t.test(c.name ?? `case ${index}`, () => {
        const tracker = new GestureTracker(parseParameters(c.parameters), c.extent);
        if (c.startProgress !== undefined && c.startProgress !== null) tracker.startProgress = c.startProgress;
        for (const sample of c.samples) tracker.add(...sample.map(number));
        const release = tracker.release(...c.release.map(number));
        const keys = Object.keys(c.expect);
        assert.ok(keys.length > 0, 'the case expects nothing');
        for (const key of keys) {
          if (booleans.includes(key)) {
            assert.equal(release[key], c.expect[key], key);
          } else if (numbers.includes(key)) {
            const expected = number(c.expect[key]);
            assert.ok(within(key, release[key], expected), `${key}: ${release[key]}, expected ${expected}`);
          } else {
            assert.fail(`unknown expectation "${key}"`);
          }
        }
      });
    }
  });
}

import test from 'node:test';
import assert from 'node:assert/strict';
import { parseParameters, springSettlingTime, springInitialVelocity, springPosition } from '../src/index.js';

const base = { rule: 'threshold', progressThreshold: 0.5, velocityThreshold: 1 };

/** The root of a decreasing `f` on [lo, hi] by bisection. */
function bisect(f, lo, hi) {
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) > 0) lo = mid; else hi = mid;
  }
  return (lo + hi) / 2;
}

test('critically damped from rest: (1 + ωt) e^{-ωt} = 0.005, ω = 2π/R', () => {
  for (const response of [0.5, 0.3, 0.25]) {
    const P = parseParameters({ ...base, spring: { dampingRatio: 1, response } });
    const omega = (2 * Math.PI) / response;
    const expected = bisect((t) => (1 + omega * t) * Math.exp(-omega * t) - 0.005, 0, 10);
    const t = springSettlingTime(P, 0);
    assert.ok(Math.abs(t - expected) <= 1e-9, `R=${response}: ${t} vs ${expected}`);
  }
});

test('the spring defaults: ζ 1, response = transitionDuration, else 0.35 s', () => {
  const root = (R) => {
    const omega = (2 * Math.PI) / R;
    return bisect((t) => (1 + omega * t) * Math.exp(-omega * t) - 0.005, 0, 10);
  };
  const withDuration = parseParameters({ ...base, transitionDuration: 0.4 });
  assert.ok(Math.abs(springSettlingTime(withDuration, 0) - root(0.4)) <= 1e-9);
  assert.ok(Math.abs(springSettlingTime(parseParameters(base), 0) - root(0.35)) <= 1e-9);
});

test('underdamped from rest: bounded by the closed-form envelope', () => {
  for (const zeta of [0.3, 0.5, 0.8]) {
    const R = 0.4;
    const P = parseParameters({ ...base, spring: { dampingRatio: zeta, response: R } });
    const omega = (2 * Math.PI) / R;
    const wd = omega * Math.sqrt(1 - zeta * zeta);
    // textbook step response: x(t) = 1 - e^{-ζωt} (cos ω_d t + (ζω/ω_d) sin ω_d t)
    const error = (t) => -Math.exp(-zeta * omega * t) * (Math.cos(wd * t) + ((zeta * omega) / wd) * Math.sin(wd * t));
    // |error| <= A e^{-ζωt}, A = 1/sqrt(1 - ζ²); the envelope reaches 0.005 at tEnv
    const A = 1 / Math.sqrt(1 - zeta * zeta);
    const tEnv = Math.log(A / 0.005) / (zeta * omega);
    const t = springSettlingTime(P, 0);
    assert.ok(t <= tEnv + 1e-12, `ζ=${zeta}: ${t} after the envelope ${tEnv}`);
    // within half a damped period before it the error touches the envelope, above 0.005
    assert.ok(t >= tEnv - Math.PI / wd, `ζ=${zeta}: ${t} too early (envelope ${tEnv})`);
    assert.ok(Math.abs(Math.abs(error(t)) - 0.005) <= 1e-9, `ζ=${zeta}: |x - 1| = ${Math.abs(error(t))} at ${t}`);
    for (let s = t + 1e-6; s < t + 4 * (2 * Math.PI / wd); s += 1e-4) {
      assert.ok(Math.abs(error(s)) <= 0.005 + 1e-12, `ζ=${zeta}: out of the band at ${s}`);
    }
  }
});

test('overdamped and launched: the band is left for good at the settling time', () => {
  for (const [zeta, v0] of [[2, 0], [1.5, 4], [1, 6], [1, -3], [0.6, 10]]) {
    const R = 0.35;
    const P = parseParameters({ ...base, spring: { dampingRatio: zeta, response: R } });
    const omega = (2 * Math.PI) / R;
    // x'' + 2ζω x' + ω²(x - 1) = 0, x(0) = 0, x'(0) = v0, solved in closed form
    let error;
    if (zeta > 1) {
      const s = Math.sqrt(zeta * zeta - 1);
      const r1 = -omega * (zeta - s);
      const r2 = -omega * (zeta + s);
      const c2 = (v0 + r1) / (r2 - r1); // c1 + c2 = -1, r1 c1 + r2 c2 = v0
      const c1 = -1 - c2;
      error = (t) => c1 * Math.exp(r1 * t) + c2 * Math.exp(r2 * t);
    } else if (zeta === 1) {
      error = (t) => (-1 + (v0 - omega) * t) * Math.exp(-omega * t);
    } else {
      const wd = omega * Math.sqrt(1 - zeta * zeta);
      error = (t) => Math.exp(-zeta * omega * t) * (-Math.cos(wd * t) + ((v0 - zeta * omega) / wd) * Math.sin(wd * t));
    }
    const t = springSettlingTime(P, v0);
    assert.ok(Math.abs(Math.abs(error(t)) - 0.005) <= 1e-9, `ζ=${zeta} v0=${v0}: |x - 1| = ${Math.abs(error(t))}`);
    for (let s = t + 1e-6; s < t + 2; s += 1e-4) {
      assert.ok(Math.abs(error(s)) <= 0.005 + 1e-12, `ζ=${zeta} v0=${v0}: out of the band at ${s}`);
    }
    // and it was out of the band just before
    assert.ok(Math.abs(error(t - 1e-6)) > 0.005, `ζ=${zeta} v0=${v0}: already settled before ${t}`);
  }
});

test('a non-finite initial velocity settles in 0', () => {
  const P = parseParameters(base);
  assert.equal(springSettlingTime(P, Infinity), 0);
  assert.equal(springSettlingTime(P, NaN), 0);
});

test('springInitialVelocity: v/(1-p) to complete, -v/p to cancel, 0 when nothing is left', () => {
  assert.equal(springInitialVelocity(0.25, 1.5, true), 2); // 1.5 / 0.75
  assert.equal(springInitialVelocity(0.25, 1.5, false), -6); // -1.5 / 0.25
  assert.equal(springInitialVelocity(0.5, -1, false), 2);
  assert.equal(springInitialVelocity(1, 3, true), 0);
  assert.equal(springInitialVelocity(0, 3, false), 0);
  assert.equal(springInitialVelocity(0.5, Infinity, true), 0); // not finite
});

/** e(t) = x(t) - 1 of x'' + 2ζω x' + ω²(x - 1) = 0, x(0) = 0, x'(0) = v0, written out here. */
function springError(zeta, R, v0) {
  const omega = (2 * Math.PI) / R;
  if (zeta < 1) {
    const wd = omega * Math.sqrt(1 - zeta * zeta);
    const b = (v0 - zeta * omega) / wd;
    return { error: (t) => Math.exp(-zeta * omega * t) * (-Math.cos(wd * t) + b * Math.sin(wd * t)),
      // |e| <= sqrt(1 + b²) e^{-ζωt}: beyond this time it stays inside the band
      bound: Math.log(Math.sqrt(1 + b * b) / 0.005) / (zeta * omega), wd };
  }
  if (zeta === 1) return { error: (t) => (-1 + (v0 - omega) * t) * Math.exp(-omega * t), bound: 4 };
  const s = Math.sqrt(zeta * zeta - 1);
  const r1 = -omega * (zeta - s);
  const r2 = -omega * (zeta + s);
  const c2 = (v0 + r1) / (r2 - r1);
  const c1 = -1 - c2;
  return { error: (t) => c1 * Math.exp(r1 * t) + c2 * Math.exp(r2 * t), bound: 4 };
}

test('a tiny damping ratio settles fast: ζ = 1e-4 and 0.01 within 50 ms, finite and positive', () => {
  const R = 0.35;
  for (const zeta of [1e-4, 0.01]) {
    for (const v0 of [0, 3, -2]) {
      const P = parseParameters({ ...base, spring: { dampingRatio: zeta, response: R } });
      const started = performance.now();
      const t = springSettlingTime(P, v0);
      const elapsed = performance.now() - started;
      assert.ok(elapsed < 50, `ζ=${zeta} v0=${v0}: ${elapsed.toFixed(2)} ms`);
      assert.ok(Number.isFinite(t) && t > 0, `ζ=${zeta} v0=${v0}: ${t}`);
      const { error, bound, wd } = springError(zeta, R, v0);
      // on the band's edge, before the envelope's bound and within a damped period of it
      assert.ok(Math.abs(Math.abs(error(t)) - 0.005) <= 1e-9, `ζ=${zeta} v0=${v0}: |e(${t})| = ${Math.abs(error(t))}`);
      assert.ok(t <= bound + 1e-9 && t >= bound - 2 * Math.PI / wd, `ζ=${zeta} v0=${v0}: ${t} vs envelope ${bound}`);
      // inside the band for the next few periods
      for (let s = t + 1e-7; s < t + 3 * (2 * Math.PI / wd); s += R / 2000) {
        assert.ok(Math.abs(error(s)) <= 0.005 + 1e-12, `ζ=${zeta} v0=${v0}: out of the band at ${s}`);
      }
    }
  }
});

test('the settling time matches a brute-force scan (step R/20000, then bisection) within 1e-6 s', () => {
  const R = 0.35;
  for (const [zeta, v0] of [[0.05, 2], [0.3, 0], [0.6, 10], [0.85, -4], [1, -3], [1, 6], [1.5, 4], [3, -1]]) {
    const { error, bound } = springError(zeta, R, v0);
    const excess = (t) => Math.abs(error(t)) - 0.005;
    const step = R / 20000;
    const end = 1.2 * bound + R;
    let last = 0;
    for (let i = 1; i * step < end; i++) if (excess(i * step) > 0) last = i * step;
    assert.ok(excess(end) <= 0, `ζ=${zeta} v0=${v0}: the scan's range ${end} is too short`);
    let lo = last;
    let hi = last + step;
    for (let i = 0; i < 60; i++) {
      const mid = (lo + hi) / 2;
      if (excess(mid) > 0) lo = mid; else hi = mid;
    }
    const P = parseParameters({ ...base, spring: { dampingRatio: zeta, response: R } });
    const t = springSettlingTime(P, v0);
    assert.ok(Math.abs(t - (lo + hi) / 2) <= 1e-6, `ζ=${zeta} v0=${v0}: ${t} vs scan ${(lo + hi) / 2}`);
  }
});

test('springPosition: 0 at the release, (1 + ωt) e^{-ωt} short of 1 when critically damped, within the tolerance from the settling time on', () => {
  const P = parseParameters({ ...base, spring: { dampingRatio: 1, response: 0.3 } });
  const omega = (2 * Math.PI) / 0.3;
  assert.equal(springPosition(P, 0, 0), 0);
  for (const t of [0.01, 0.05, 0.1, 0.2]) {
    const expected = 1 - (1 + omega * t) * Math.exp(-omega * t);
    assert.ok(Math.abs(springPosition(P, 0, t) - expected) <= 1e-12, `t=${t}`);
  }
  for (const v0 of [0, 4, -3]) {
    const settled = springSettlingTime(P, v0);
    for (const t of [settled, settled * 1.5, settled * 3]) {
      assert.ok(Math.abs(springPosition(P, v0, t) - 1) <= 0.005 + 1e-12, `v0=${v0} t=${t}`);
    }
  }
  const bouncy = parseParameters({ ...base, spring: { dampingRatio: 0.4, response: 0.3 } });
  assert.ok([0.1, 0.15, 0.2].some((t) => springPosition(bouncy, 0, t) > 1), 'an under-damped spring overshoots');
});

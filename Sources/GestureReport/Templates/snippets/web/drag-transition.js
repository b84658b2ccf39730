{{header}}
'use strict';

{{decision}}

{{recentProgress}}

/** Velocity, progress/s, at the last sample: the slope of a least-squares line through the samples
 *  of the last 100 ms (gesturetune's `lsq1`; browsers report no velocity). */
class LineVelocity {
  constructor() { this.samples = []; }
  reset() { this.samples = []; }
  add(time, progress) {
    this.samples.push({ t: time, p: progress });
    while (this.samples.length > 2 && time - this.samples[0].t > 0.1) this.samples.shift();
  }
  get value() {
    const s = this.samples;
    if (s.length < 2) return 0;
    const mt = s.reduce((a, x) => a + x.t, 0) / s.length;
    const mp = s.reduce((a, x) => a + x.p, 0) / s.length;
    let num = 0;
    let den = 0;
    for (const x of s) {
      num += (x.t - mt) * (x.p - mp);
      den += (x.t - mt) * (x.t - mt);
    }
    return den > 0 ? num / den : 0;
  }
}

/**
 * A drag {{directionWord}} on `element`, decided with the suggested rule. While the finger moves,
 * `onProgress(p)` gets the transition's progress (0 to 1); on release, `onSettle(complete,
 * durationMs)` gets whether to complete and how long the settle animation takes (the finger's
 * speed, capped). The drag starts only within the suggested direction lock. Interruptible: a
 * pointer that lands while your settle animation runs calls `onCatch()`, which stops that
 * animation and returns its progress (or null when none runs); the drag goes on from there.
 * Give `element` `touch-action: none` (or the axis the page scrolls on).
 */
class TunedDragTransition {
  static directionLockAngle = {{directionLockAngle}}; // degrees from the axis
  static fingerSpeedCap = {{fingerSpeedCap}}; // s
  static horizontal = {{horizontal}};
  static sign = {{sign}};
  static slop = 8; // px before the direction lock decides

  constructor(element, { onProgress, onSettle, onCatch = () => null }) {
    Object.assign(this, { element, onProgress, onSettle, onCatch });
    this.recent = new RecentProgress();
    this.velocity = new LineVelocity();
    this.pointer = null;
    element.addEventListener('pointerdown', (e) => this.down(e));
    element.addEventListener('pointermove', (e) => this.move(e));
    element.addEventListener('pointerup', (e) => this.up(e, true));
    element.addEventListener('pointercancel', (e) => this.up(e, false));
  }

  along(dx, dy) { return TunedDragTransition.sign * (TunedDragTransition.horizontal ? dx : dy); }
  across(dx, dy) { return TunedDragTransition.horizontal ? dy : dx; }
  extent() {
    const r = this.element.getBoundingClientRect();
    return Math.max(TunedDragTransition.horizontal ? r.width : r.height, 1);
  }

  down(e) {
    if (this.pointer !== null) return;
    const caught = this.onCatch();
    this.pointer = { id: e.pointerId, x: e.clientX, y: e.clientY, start: caught ?? 0, locked: caught !== null ? true : null };
    this.progress = this.pointer.start;
    this.recent.reset();
    this.velocity.reset();
    this.element.setPointerCapture(e.pointerId);
  }

  move(e) {
    const p = this.pointer;
    if (!p || e.pointerId !== p.id) return;
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    if (p.locked === null && Math.hypot(dx, dy) >= TunedDragTransition.slop) {
      const a = this.along(dx, dy);
      p.locked = a > 0 && Math.atan2(Math.abs(this.across(dx, dy)), a) * 180 / Math.PI <= TunedDragTransition.directionLockAngle;
    }
    if (p.locked !== true) return;
    this.progress = Math.min(Math.max(p.start + this.along(dx, dy) / this.extent(), 0), 1);
    this.recent.add(e.timeStamp / 1000, this.progress);
    this.velocity.add(e.timeStamp / 1000, this.progress);
    this.onProgress(this.progress);
  }

  up(e, released) {
    const p = this.pointer;
    if (!p || e.pointerId !== p.id) return;
    this.pointer = null;
    if (p.locked !== true) return;
    const progress = this.progress;
    const velocity = this.velocity.value;
    const complete = released && gestureTuneShouldComplete(progress, velocity, this.recent, this.extent());
    const remaining = complete ? 1 - progress : progress;
    const fingerTime = remaining / Math.abs(velocity);
    const time = Number.isFinite(fingerTime) ? Math.min(TunedDragTransition.fingerSpeedCap, fingerTime) : TunedDragTransition.fingerSpeedCap;
    this.onSettle(complete, Math.round(time * 1000));
  }
}

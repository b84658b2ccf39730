{{header}}
//
// Use: 1. `npm install path/to/gesturetune/runtimes/web` (the runtime), and add this module to
// your app. 2. Give the dragged element `touch-action: none` (or the axis the page scrolls on).
// 3. `new TransitionNameDragTransition(element, { onProgress, onSettle })`, where the element moves
// inside a container that stays still (its parent by default, or `container:`): positions are
// measured in the container's frame and its size is the extent, as gesturetune's web recorder
// measures them. 4. Your `onSettle(complete, durationMs)` animates to 1 (complete) or 0.
// At each release the element receives a `gesturetune:decision` CustomEvent with
// detail {decision: 'complete' | 'cancel', progress, velocity, admitted} (admitted false: the
// gate refused the gesture, the transition never started). In development, pass
// `parameters: await loadParameters('params.json')` to try new values without a rebuild.
import { GestureTracker, parseBlock, settleDuration } from '@gesturetune/runtime';

{{parameters}}
/**
 * A drag {{directionWord}} on `element`, measured and decided by the runtime. While the finger
 * moves, `onProgress(p)` gets the transition's progress (0 to 1); on release, `onSettle(complete,
 * durationMs, release)` gets whether to complete and how long the settle takes (the finger's
 * speed, capped), and `release` the core's figures (spring velocity and settling time too). The
 * transition starts only when the gate admits the gesture (edge width, direction after the
 * slop). Interruptible: a pointer that lands while your settle animation runs calls `onCatch()`,
 * which stops that animation and returns its progress (or null when none runs); the drag goes on
 * from there.
 */
export class TransitionNameDragTransition {
  constructor(element, { container = element.parentElement ?? document.documentElement, onProgress = () => {}, onSettle = () => {}, onCatch = () => null, parameters = parseBlock(TransitionNameTuning) } = {}) {
    Object.assign(this, { element, container, onProgress, onSettle, onCatch, parameters });
    this.pointer = null;
    element.addEventListener('pointerdown', (e) => this.down(e));
    element.addEventListener('pointermove', (e) => this.move(e));
    element.addEventListener('pointerup', (e) => this.up(e, true));
    element.addEventListener('pointercancel', (e) => this.up(e, false));
  }

  /** The container's corner and its size along the axis, px, taken once per gesture. */
  frame() {
    const r = this.container.getBoundingClientRect();
    return { left: r.left, top: r.top, extent: this.parameters.direction === 'right' || this.parameters.direction === 'left' ? r.width : r.height };
  }

  /** A pointer event as a core sample: s, and px from the container's corner. */
  static sample(e, frame) {
    return { t: e.timeStamp / 1000, x: e.clientX - frame.left, y: e.clientY - frame.top };
  }

  down(e) {
    if (this.pointer !== null) return;
    const frame = this.frame();
    const core = new GestureTracker(this.parameters, frame.extent);
    const caught = this.onCatch();
    if (caught !== null && caught !== undefined) core.startProgress = Math.min(Math.max(caught, 0), 1);
    this.pointer = { id: e.pointerId, frame, core, started: core.startProgress > 0 };
    const s = TransitionNameDragTransition.sample(e, frame);
    core.add(s.t, s.x, s.y);
    this.element.setPointerCapture?.(e.pointerId);
    if (this.pointer.started) this.onProgress(core.progress(s.x, s.y));
  }

  move(e) {
    const p = this.pointer;
    if (!p || e.pointerId !== p.id) return;
    const events = typeof e.getCoalescedEvents === 'function' ? e.getCoalescedEvents() : [];
    for (const c of events.length > 0 ? events : [e]) {
      const s = TransitionNameDragTransition.sample(c, p.frame);
      p.core.add(s.t, s.x, s.y);
    }
    const s = TransitionNameDragTransition.sample(e, p.frame);
    if (!p.started && p.core.admitted === true) p.started = true;
    if (p.started) this.onProgress(p.core.progress(s.x, s.y));
  }

  up(e, released) {
    const p = this.pointer;
    if (!p || e.pointerId !== p.id) return;
    this.pointer = null;
    const s = TransitionNameDragTransition.sample(e, p.frame);
    const r = p.core.release(s.t, s.x, s.y);
    const complete = released && r.complete;
    const detail = { decision: complete ? 'complete' : 'cancel', progress: r.progress, velocity: r.velocity, admitted: r.admitted };
    if (p.started) {
      // A pointercancel (the browser took the touch) goes back, at the finger's speed, capped.
      const duration = complete === r.complete ? r.settleDuration : settleDuration(this.parameters, r.progress, r.velocity);
      this.onSettle(complete, Math.round(duration * 1000), r);
    }
    this.element.dispatchEvent(new CustomEvent('gesturetune:decision', { detail }));
  }
}

// gesture-trace-recorder.js: records touch traces for gesturetune (written by
// `gesturetune recorder --platform web`).
//
// Three lines:
//
//   <script src="gesture-trace-recorder.js"></script>
//   const recorder = GestureTraceRecorder.attach(document.querySelector('#sheet'));
//   recorder.download('sheet-dismiss.csv');   // e.g. from a "save traces" button
//
// Writes gesturetune's canonical trace CSV, one row a pointer sample:
//
//   gesture,t,x,y,phase,width,height,vx,vy,outcome,intent
//
// It listens to Pointer Events without claiming them (passive listeners, no pointer capture, no
// preventDefault) and keeps every coalesced sample (`getCoalescedEvents()`), so 120 Hz input is
// kept. `t` is `event.timeStamp` in seconds; browsers report no velocity, so `vx, vy` stay empty.
//
// Positions are taken in a frame that does not move with the finger, whatever element the
// recorder is attached to: the container (`options.container`, by default the element's parent;
// the viewport when that parent is <body> or <html>) where it stood when the finger went down.
// `x, y` are CSS pixels from that frame's top-left corner and `width, height` its size, the
// extent progress is measured against. A sheet that follows the finger does not move its own
// frame. When the container itself moves during a gesture, the recorder warns on the console and
// writes a comment row after the gesture (`# g3: the frame moved ...`, which gesturetune skips);
// pass a still `options.container` then.
// A browser that pans or scrolls on a touch sends `pointercancel`: give the element the
// `touch-action` your gesture needs (`none`, or `pan-y` for a horizontal swipe).
//
// Labelling: call `recorder.beginTrial('complete')` or `recorder.beginTrial('cancel')` before
// each scripted attempt; the next gesture gets that intent. `recorder.labelGesture('g3',
// 'cancel')` sets a gesture's intent afterwards, from what the person says they meant when asked
// right after the swipe (never from what the page did). 'other' labels a gesture not meant for
// the transition (a scroll, a tap): without such gestures gesturetune cannot measure false
// starts and keeps the start gate you have. `recorder.recordOutcome('complete')`
// records what the page did with the last gesture.
(function (root) {
  'use strict';

  var HEADER = 'gesture,t,x,y,phase,width,height,vx,vy,outcome,intent\n';

  function fixed(value, digits) {
    return isFinite(value) ? value.toFixed(digits) : '';
  }

  function checkIntent(intent) {
    if (intent !== 'complete' && intent !== 'cancel' && intent !== 'other') {
      throw new TypeError("intent must be 'complete', 'cancel' or 'other', not " + String(intent));
    }
    return intent;
  }

  function checkOutcome(outcome) {
    if (outcome !== 'complete' && outcome !== 'cancel') {
      throw new TypeError("outcome must be 'complete' or 'cancel', not " + String(outcome));
    }
    return outcome;
  }

  /** The element's parent, or null (the viewport) when that parent is the page itself. */
  function defaultContainer(element) {
    var parent = element.parentElement;
    if (!parent || parent === document.body || parent === document.documentElement) return null;
    return parent;
  }

  function Recorder(element, options) {
    this.element = element;
    this.options = options || {};
    this.container = this.options.container || defaultContainer(element);
    this.gestureCount = 0;
    this.trialIntent = null;
    this._written = [];
    this._current = null;
    this._pending = null;
    this._listeners = [];
    var self = this;
    this._listen(element, 'pointerdown', function (event) { self._down(event); });
    this._listen(root, 'pointermove', function (event) { self._move(event); });
    this._listen(root, 'pointerup', function (event) { self._end(event, 'ended'); });
    this._listen(root, 'pointercancel', function (event) { self._end(event, 'cancelled'); });
  }

  Recorder.prototype._listen = function (target, type, handler) {
    target.addEventListener(type, handler, { passive: true, capture: true });
    this._listeners.push([target, type, handler]);
  };

  /** Stops listening; what was recorded stays available. */
  Recorder.prototype.detach = function () {
    this._listeners.forEach(function (l) { l[0].removeEventListener(l[1], l[2], { capture: true }); });
    this._listeners = [];
  };

  /** Starts a scripted trial: the next gesture is labelled `intent` ('complete' or 'cancel'). */
  Recorder.prototype.beginTrial = function (intent) {
    this.trialIntent = checkIntent(intent);
  };

  /** Ends the running trial without a gesture. */
  Recorder.prototype.endTrial = function () {
    this.trialIntent = null;
  };

  /** Sets the intent of the gesture `id` ('g1', ...) recorded so far; false when there is none. */
  Recorder.prototype.labelGesture = function (id, intent) {
    checkIntent(intent);
    var found = this._written.filter(function (w) { return w.gesture.id === id; })[0];
    var gesture = found ? found.gesture : (this._pending && this._pending.id === id ? this._pending : null);
    if (!gesture) return false;
    gesture.intent = intent;
    return true;
  };

  /** What the page did with the last gesture: 'complete' or 'cancel'. */
  Recorder.prototype.recordOutcome = function (outcome) {
    this._writePending(checkOutcome(outcome));
  };

  /** The frame's position in the viewport and its size, now. */
  Recorder.prototype._frame = function () {
    if (!this.container) return { left: 0, top: 0, width: root.innerWidth, height: root.innerHeight };
    var rect = this.container.getBoundingClientRect();
    return { left: rect.left, top: rect.top, width: rect.width, height: rect.height };
  };

  /** Notes how far the frame has moved since the finger went down (the largest shift seen). */
  Recorder.prototype._checkFrame = function () {
    var gesture = this._current;
    if (!this.container) return;
    var now = this._frame();
    var dx = now.left - gesture.frame.left, dy = now.top - gesture.frame.top;
    if (Math.abs(dx) + Math.abs(dy) <= Math.abs(gesture.shift[0]) + Math.abs(gesture.shift[1])) return;
    gesture.shift = [dx, dy];
    if (Math.abs(dx) > 0.5 || Math.abs(dy) > 0.5) {
      if (!gesture.warned && root.console) {
        root.console.warn('GestureTraceRecorder: the container moved during gesture ' + gesture.id +
          '; positions stay in the frame where it stood at pointerdown: attach with a still options.container');
      }
      gesture.warned = true;
    }
  };

  Recorder.prototype._row = function (event, phase) {
    var gesture = this._current, frame = gesture.frame;
    gesture.rows.push([
      gesture.id, fixed(event.timeStamp / 1000, 6), fixed(event.clientX - frame.left, 3),
      fixed(event.clientY - frame.top, 3), phase, fixed(frame.width, 3), fixed(frame.height, 3), '', ''
    ].join(','));
  };

  Recorder.prototype._samples = function (event) {
    var list = typeof event.getCoalescedEvents === 'function' ? event.getCoalescedEvents() : [];
    return list.length > 0 ? list : [event];
  };

  Recorder.prototype._down = function (event) {
    if (this._current || (event.pointerType === 'mouse' && event.button !== 0)) return;
    this._writePending(null);
    this.gestureCount += 1;
    this._current = {
      id: 'g' + this.gestureCount, pointerId: event.pointerId, intent: this.trialIntent, rows: [],
      frame: this._frame(), shift: [0, 0], warned: false
    };
    this.trialIntent = null;
    this._row(event, 'began');
  };

  Recorder.prototype._move = function (event) {
    if (!this._current || event.pointerId !== this._current.pointerId) return;
    this._checkFrame();
    var samples = this._samples(event);
    for (var i = 0; i < samples.length; i++) this._row(samples[i], 'moved');
  };

  Recorder.prototype._end = function (event, phase) {
    if (!this._current || event.pointerId !== this._current.pointerId) return;
    this._checkFrame();
    this._row(event, phase);
    this._pending = this._current;
    this._current = null;
  };

  /** The comment row that says the frame moved during `gesture`, or null. */
  function frameNote(gesture) {
    if (!gesture.warned) return null;
    return '# ' + gesture.id + ': the frame moved by ' + gesture.shift[0].toFixed(1) + ' ' +
      gesture.shift[1].toFixed(1) + ' px during this gesture; positions are in the frame where it stood at pointerdown';
  }

  function gestureLines(gesture, outcome) {
    var tail = ',' + (outcome || '') + ',' + (gesture.intent || '');
    var lines = gesture.rows.map(function (row) { return row + tail; });
    var note = frameNote(gesture);
    if (note) lines.push(note);
    return lines;
  }

  Recorder.prototype._writePending = function (outcome) {
    var gesture = this._pending;
    if (!gesture) return;
    this._pending = null;
    this._written.push({ gesture: gesture, outcome: outcome });
  };

  /** The CSV text of every gesture so far (one still waiting for its outcome included, without it). */
  Recorder.prototype.csv = function () {
    var lines = [];
    this._written.forEach(function (w) { Array.prototype.push.apply(lines, gestureLines(w.gesture, w.outcome)); });
    if (this._pending) Array.prototype.push.apply(lines, gestureLines(this._pending, null));
    return HEADER + lines.map(function (line) { return line + '\n'; }).join('');
  };

  /** Saves `csv()` as a file named `name` through the browser's download. */
  Recorder.prototype.download = function (name) {
    var blob = new Blob([this.csv()], { type: 'text/csv' });
    var link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = name || 'gesture-trace.csv';
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(link.href); }, 1000);
  };

  var GestureTraceRecorder = {
    /** Records the pointer gestures that start on `element`; `options.container` sets the
     *  still element whose position and size are the frame (default: the element's parent, or
     *  the viewport when that is the page). */
    attach: function (element, options) {
      return new Recorder(element, options);
    }
  };

  if (typeof module === 'object' && module.exports) module.exports = GestureTraceRecorder;
  root.GestureTraceRecorder = GestureTraceRecorder;
})(typeof window !== 'undefined' ? window : this);

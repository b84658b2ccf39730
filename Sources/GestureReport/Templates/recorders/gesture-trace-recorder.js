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
// kept. `t` is `event.timeStamp` in seconds, `x, y` CSS pixels from the element's top-left
// corner, `width, height` the element's size; browsers report no velocity, so `vx, vy` stay empty.
// A browser that pans or scrolls on a touch sends `pointercancel`: give the element the
// `touch-action` your gesture needs (`none`, or `pan-y` for a horizontal swipe).
//
// Labelling: call `recorder.beginTrial('complete')` or `recorder.beginTrial('cancel')` before
// each scripted attempt; the next gesture gets that intent. `recorder.recordOutcome('complete')`
// records what the page did with the last gesture.
(function (root) {
  'use strict';

  var HEADER = 'gesture,t,x,y,phase,width,height,vx,vy,outcome,intent\n';

  function fixed(value, digits) {
    return isFinite(value) ? value.toFixed(digits) : '';
  }

  function checkIntent(intent) {
    if (intent !== 'complete' && intent !== 'cancel') {
      throw new TypeError("intent must be 'complete' or 'cancel', not " + String(intent));
    }
    return intent;
  }

  function Recorder(element, options) {
    this.element = element;
    this.options = options || {};
    this.container = this.options.container || element;
    this.gestureCount = 0;
    this.trialIntent = null;
    this._lines = [];
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

  /** What the page did with the last gesture: 'complete' or 'cancel'. */
  Recorder.prototype.recordOutcome = function (outcome) {
    this._writePending(checkIntent(outcome));
  };

  Recorder.prototype._row = function (event, phase) {
    var rect = this.container.getBoundingClientRect();
    this._current.rows.push([
      this._current.id, fixed(event.timeStamp / 1000, 6), fixed(event.clientX - rect.left, 3),
      fixed(event.clientY - rect.top, 3), phase, fixed(rect.width, 3), fixed(rect.height, 3), '', ''
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
    this._current = { id: 'g' + this.gestureCount, pointerId: event.pointerId, intent: this.trialIntent, rows: [] };
    this.trialIntent = null;
    this._row(event, 'began');
  };

  Recorder.prototype._move = function (event) {
    if (!this._current || event.pointerId !== this._current.pointerId) return;
    var samples = this._samples(event);
    for (var i = 0; i < samples.length; i++) this._row(samples[i], 'moved');
  };

  Recorder.prototype._end = function (event, phase) {
    if (!this._current || event.pointerId !== this._current.pointerId) return;
    this._row(event, phase);
    this._pending = this._current;
    this._current = null;
  };

  Recorder.prototype._writePending = function (outcome) {
    var gesture = this._pending;
    if (!gesture) return;
    this._pending = null;
    var tail = ',' + (outcome || '') + ',' + (gesture.intent || '');
    for (var i = 0; i < gesture.rows.length; i++) this._lines.push(gesture.rows[i] + tail);
  };

  /** The CSV text of every gesture so far (one still waiting for its outcome included, without it). */
  Recorder.prototype.csv = function () {
    var lines = this._lines.slice();
    var pending = this._pending;
    if (pending) {
      var tail = ',,' + (pending.intent || '');
      pending.rows.forEach(function (row) { lines.push(row + tail); });
    }
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
     *  element whose size and position define the container (default: `element`). */
    attach: function (element, options) {
      return new Recorder(element, options);
    }
  };

  if (typeof module === 'object' && module.exports) module.exports = GestureTraceRecorder;
  root.GestureTraceRecorder = GestureTraceRecorder;
})(typeof window !== 'undefined' ? window : this);

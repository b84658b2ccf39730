/** The last three (time, progress) samples of the drag: their mean velocity (progress/s) and
 *  acceleration (progress/s², clamped to ±5), as gesturetune's kinematic rule measures them.
 *  Only the kinematic rule reads it; the other rules take it and ignore it. */
class RecentProgress {
  constructor() { this.samples = []; }
  get count() { return this.samples.length; }
  reset() { this.samples = []; }

  add(time, progress) {
    const last = this.samples[this.samples.length - 1];
    if (last && time <= last.t) this.samples.pop();
    this.samples.push({ t: time, p: progress });
    if (this.samples.length > 3) this.samples.shift();
  }

  /** The mean of the segment velocities (one segment with two samples). */
  get meanVelocity() {
    const s = this.samples;
    if (s.length < 2) return 0;
    let sum = 0;
    for (let k = 1; k < s.length; k++) {
      if (s[k].t <= s[k - 1].t) return 0;
      sum += (s[k].p - s[k - 1].p) / (s[k].t - s[k - 1].t);
    }
    return sum / (s.length - 1);
  }

  get meanAcceleration() {
    const s = this.samples;
    if (s.length !== 3 || s[1].t <= s[0].t || s[2].t <= s[1].t) return 0;
    const v1 = (s[1].p - s[0].p) / (s[1].t - s[0].t);
    const v2 = (s[2].p - s[1].p) / (s[2].t - s[1].t);
    return Math.min(Math.max((v2 - v1) / ((s[2].t - s[0].t) / 2), -5), 5);
  }
}

/// One gesture id's state: the samples of its open run, or how its last run closed.
final class Track {
    enum Status: Equatable {
        /// Not seen yet.
        case fresh
        /// Between `began` and the release.
        case open
        /// Samples with no `began` (the file starts mid-gesture): not kept, counted at the release.
        case fragment
        /// More than `maxGestureSamples` (lenient): rows are dropped until the release.
        case overflow
        /// Released by this phase (`ended` or `cancelled`); a new `began` starts the next run.
        case closed(Phase)
    }

    let key: String
    // Read and written once per row: the dynamic exclusivity checks would cost more than the
    // rest of the row's bookkeeping. Tracks are reached only from the reader's single thread.
    @exclusivity(unchecked) var status = Status.fresh
    /// Runs begun so far (a stream id has several).
    var runs = 0
    /// The open (or last) run's gesture id.
    var name = ""
    @exclusivity(unchecked) var samples: [Sample] = []
    var intent: Intent?
    var outcome: Intent?
    var width: Double?
    var height: Double?
    var firstLine = 0
    @exclusivity(unchecked) var duplicates = 0
    /// Time of the last sample of the open run (s).
    @exclusivity(unchecked) var lastT = -Double.infinity
    /// Order of first appearance (gestures without a phase column are delivered in it).
    var order = 0

    init(key: String) { self.key = key }

    /// Whether the track holds state that must survive (it is not merely closed).
    var isOpen: Bool {
        switch status {
        case .open, .fragment, .overflow: true
        case .fresh, .closed: false
        }
    }
}

// Gesture assembly (trace-format.md, "Gestures"; issue 2, item 4).
//
// Strict-mode decisions for real-recording quirks (lenient mode in brackets):
// - a row after its gesture's release (a late `moved`, a second `ended`): error
//   `expected a new "began" for gesture "g1", found "moved" after "ended"` [skipped, after-release];
// - time going backwards within a gesture: error [sample dropped, time-backwards]; between
//   gestures it is legal;
// - a `began` while the same id is still open: error [the open run is dropped, not-closed];
// - a gesture still open at the end of the file: error at its first line [dropped, not-closed];
// - more than `maxGestureSamples` samples: error [the gesture is dropped, too-many-samples];
// - equal timestamps and exact duplicate rows: kept and counted in both modes;
// - coordinates outside the screen or negative: legal in both modes;
// - rows before a gesture's first `began` (file cut at the start): skipped, no-began, in both modes.
extension ReadState {
    /// Adds the current (well-formed) row to its gesture.
    @inline(__always)
    mutating func addRow(line: Int) {
        let hasPhase = hasPhaseColumn
        if hasPhase {
            switch rowPhase {
            case .multiTouch:
                count(.multiTouch)
                return
            case .possible:
                count(.possibleState)
                return
            default:
                break
            }
        }
        if gesturePartCount == 0 {
            add(to: sequence, line: line)
            return
        }
        if gesturePartCount > 1 {
            for k in 0..<gesturePartCount {
                if k > 0 { idBytes.append(0x2F) }
                idBytes.append(idPartBytes[k])
            }
        }
        // Consecutive rows of one id skip the lookup (and, being unowned(unsafe), the retain).
        if cachedKey.hasSameBytes(as: idBytes), let cachedTrack {
            add(to: cachedTrack, line: line)
            return
        }
        add(to: lookupTrack(), line: line)
    }

    /// Adds the current row to `track`'s gesture.
    @inline(__always)
    mutating func add(to track: Track, line: Int) {
        guard hasPhaseColumn else {
            addUnphased(track, line: line)
            return
        }
        let phase = rowPhase.phase!
        let sample = Sample(t: t, x: x, y: y, phase: phase, vx: vx, vy: vy, line: line)
        switch track.status {
        case .open:
            if phase == .began {
                let error = TraceError.row(
                    file: displayName, line: line,
                    message: "gesture \"\(track.name)\" began again before \"ended\" or \"cancelled\" (it began on line \(track.firstLine))")
                if problem(error, .notClosed) { begin(track, sample) }
                return
            }
            if append(sample, to: track), phase != .moved { close(track, by: phase) }
        case .fresh, .closed:
            if phase == .began {
                begin(track, sample)
            } else if case .closed(let how) = track.status {
                let who = track.name.isEmpty ? "" : " for gesture \"\(track.name)\""
                problem(
                    .row(file: displayName, line: line, message: "expected a new \"began\"\(who), found \"\(phase)\" after \"\(how)\""),
                    .afterRelease)
            } else {
                track.name = ""
                track.firstLine = line
                if phase == .moved {
                    track.status = .fragment
                } else {
                    track.status = .closed(phase)
                    count(.noBegan)
                }
            }
        case .fragment:
            if phase == .began {
                count(.noBegan)
                begin(track, sample)
            } else if phase != .moved {
                track.status = .closed(phase)
                count(.noBegan)
            }
        case .overflow:
            if phase == .began {
                begin(track, sample)
            } else if phase != .moved {
                track.status = .closed(phase)
            }
        }
    }

    /// The track of the current row's gesture id (`idBytes`), made when the id is new.
    mutating func lookupTrack() -> Track {
        let key = idBytes.string
        let track: Track
        if let known = tracks[key] {
            track = known
        } else {
            if tracks.count >= evictionThreshold { evictClosedTracks() }
            track = Track(key: key)
            track.order = trackOrder
            trackOrder += 1
            tracks[key] = track
        }
        cachedKey.set(to: idBytes)
        // The dictionary keeps the track alive; eviction clears the cache.
        cachedTrack = track
        return track
    }

    /// Forgets closed tracks once `closedTrackCapacity` ids are known, so memory stays bounded
    /// by the open gestures. A forgotten id that comes back starts again at run 1, and a late
    /// row after its release then reads as a file cut at the start (no-began).
    mutating func evictClosedTracks() {
        if hasPhaseColumn {
            var kept = [String: Track](minimumCapacity: Self.closedTrackCapacity)
            for (key, track) in tracks where track.isOpen { kept[key] = track }
            tracks = kept
            cachedTrack = nil
            cachedKey.removeAll()
        }
        evictionThreshold = max(Self.closedTrackCapacity, 2 * tracks.count)
    }

    mutating func begin(_ track: Track, _ sample: Sample) {
        track.runs += 1
        if track === sequence {
            sequenceNumber += 1
            track.name = "#\(sequenceNumber)"
        } else if gesturePartCount > 1 || track.runs > 1 {
            track.name = "\(track.key)#\(track.runs)"
        } else {
            track.name = track.key
        }
        track.status = .open
        track.firstLine = sample.line
        track.duplicates = 0
        track.samples = []
        track.samples.reserveCapacity(64)
        track.samples.append(sample)
        track.lastT = sample.t
        track.intent = intent
        track.outcome = outcome
        track.width = width
        track.height = height
    }

    /// Appends `sample` after the time and size checks; false when it was not appended.
    @inline(__always)
    mutating func append(_ sample: Sample, to track: Track) -> Bool {
        if sample.t <= track.lastT, let last = track.samples.last {
            if sample.t < last.t {
                let error = TraceError.row(
                    file: displayName, line: sample.line,
                    message: "time went backwards within gesture \"\(track.name)\" (\(sample.t) s after \(last.t) s on line \(last.line))")
                problem(error, .timeBackwards)
                return false
            }
            if sample.t == last.t {
                track.duplicates += 1
                if sample.x == last.x && sample.y == last.y && sample.phase == last.phase && sample.vx == last.vx && sample.vy == last.vy {
                    summary.duplicateRows += 1
                }
            }
        }
        if track.samples.count >= options.maxGestureSamples {
            let error = TraceError.limit(
                file: displayName, line: sample.line,
                message: "gesture \"\(track.name)\" has more than \(options.maxGestureSamples) samples (raise --max-gesture-samples)")
            if problem(error, .tooManySamples) {
                track.samples = []
                track.status = sample.phase == .moved || !hasPhaseColumn ? .overflow : .closed(sample.phase)
            }
            return false
        }
        track.samples.append(sample)
        track.lastT = sample.t
        if let intent, track.intent == nil { track.intent = intent }
        if let outcome, track.outcome == nil { track.outcome = outcome }
        if let width, track.width == nil { track.width = width }
        if let height, track.height == nil { track.height = height }
        return true
    }

    mutating func close(_ track: Track, by phase: Phase) {
        track.status = .closed(phase)
        let samples = track.samples
        track.samples = []
        deliver(track, samples)
    }

    mutating func deliver(_ track: Track, _ samples: [Sample]) {
        guard samples.count >= 2 else {
            count(.tooFewSamples)
            return
        }
        ready.append(
            Gesture(
                id: track.name, samples: samples, intent: track.intent, outcome: track.outcome,
                width: track.width, height: track.height, file: path, firstLine: track.firstLine,
                duplicateTimestamps: track.duplicates))
        summary.gestures += 1
        summary.duplicateTimestamps += track.duplicates
    }

    /// A gesture column without a phase column: an id's first sample begins its gesture, its
    /// last sample (known at the end of the file) releases it.
    mutating func addUnphased(_ track: Track, line: Int) {
        let sample = Sample(t: t, x: x, y: y, phase: track.status == .fresh ? .began : .moved, vx: vx, vy: vy, line: line)
        switch track.status {
        case .fresh:
            track.name = track.key
            begin(track, sample)
            track.name = track.key
        case .open:
            _ = append(sample, to: track)
        case .fragment, .overflow, .closed:
            break
        }
    }

    /// End of input: releases the gestures of a file without a phase column, and reports the
    /// gestures still open (strict: the first one by line is an error).
    mutating func finishFile() {
        guard !stopped, hasHeader else { return }
        var open = tracks.values.filter(\.isOpen)
        if sequence.isOpen { open.append(sequence) }
        if !hasPhaseColumn {
            for track in open.sorted(by: { $0.order < $1.order }) where track.status == .open {
                var samples = track.samples
                track.samples = []
                if samples.count >= 2 { samples[samples.count - 1].phase = .ended }
                track.status = .closed(.ended)
                deliver(track, samples)
            }
        } else {
            for track in open.sorted(by: { $0.firstLine < $1.firstLine }) {
                switch track.status {
                case .open:
                    let error = TraceError.row(
                        file: displayName, line: track.firstLine,
                        message: "gesture \"\(track.name)\" was not closed by \"ended\" or \"cancelled\" before the end of the file")
                    if !problem(error, .notClosed) { return }
                case .fragment:
                    count(.noBegan)
                default:
                    break
                }
                track.samples = []
            }
        }
        summary.problems.sort { ($0.line ?? 0) < ($1.line ?? 0) }
    }
}

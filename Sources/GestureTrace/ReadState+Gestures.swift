/// One gesture id's state, reached through a pointer (`TrackRef`) so the per-row path needs
/// no reference counting and no exclusivity checks; a `Track` box owns it.
typealias TrackRef = UnsafeMutablePointer<TrackState>

/// Owns one `TrackState`; the reader's dictionary of ids holds the boxes.
final class Track {
    let state: TrackRef

    init(key: String) {
        state = .allocate(capacity: 1)
        state.initialize(to: TrackState(key: key))
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }
}

/// One gesture id's state: the samples of its open run, or how its last run closed.
struct TrackState {
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
    var status = Status.fresh
    /// Runs begun so far (a stream id has several).
    var runs = 0
    /// The open (or last) run's gesture id.
    var name = ""
    var samples: [Sample] = []
    var intent: Intent?
    var outcome: Intent?
    var width: Double?
    var height: Double?
    var firstLine = 0
    /// Line of the sample (or row) that closed the last run, for messages about later rows.
    var releaseLine = 0
    var duplicates = 0
    /// Time of the last sample of the open run (s).
    var lastT = -Double.infinity
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
//   `column "phase": expected "began" (gesture "g1" was closed by "ended" on line 7), found "moved"`
//   [skipped, after-release];
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
            add(to: sequence.state, line: line)
            return
        }
        if gesturePartCount > 1 {
            for k in 0..<gesturePartCount {
                if k > 0 { idBytes.append(0x2F) }
                idBytes.append(idPartBytes[k])
            }
        }
        // Consecutive rows of one id skip the lookup.
        if cachedKey.hasSameBytes(as: idBytes), let cachedTrack {
            add(to: cachedTrack, line: line)
            return
        }
        add(to: lookupTrack(), line: line)
    }

    /// Adds the current row to `track`'s gesture.
    @inline(__always)
    mutating func add(to track: TrackRef, line: Int) {
        guard hasPhaseColumn else {
            addUnphased(track, line: line)
            return
        }
        let phase = rowPhase.phase!
        let sample = Sample(t: t, x: x, y: y, phase: phase, vx: hasVelocity ? vx : nil, vy: hasVelocity ? vy : nil, line: line)
        switch track.pointee.status {
        case .open:
            if phase == .began {
                let error = TraceError.badField(
                    file: displayName, line: line, column: columnName(of: .phase),
                    expected: "\"moved\", \"ended\" or \"cancelled\" (gesture \"\(track.pointee.name)\" began on line \(track.pointee.firstLine) and is still open)",
                    found: lastPhaseWord.text)
                if problem(error, .notClosed) { begin(track, sample) }
                return
            }
            if append(sample, to: track), phase != .moved { close(track, by: phase) }
        case .fresh, .closed:
            if phase == .began {
                begin(track, sample)
            } else if case .closed(let how) = track.pointee.status {
                let name = track.pointee.name.isEmpty ? track.pointee.key : track.pointee.name
                let who = name.isEmpty ? "the previous gesture" : "gesture \"\(name)\""
                problem(
                    .badField(
                        file: displayName, line: line, column: columnName(of: .phase),
                        expected: "\"began\" (\(who) was closed by \"\(how)\" on line \(track.pointee.releaseLine))",
                        found: lastPhaseWord.text),
                    .afterRelease)
            } else {
                track.pointee.name = ""
                track.pointee.firstLine = line
                if phase == .moved {
                    track.pointee.status = .fragment
                } else {
                    track.pointee.status = .closed(phase)
                    track.pointee.releaseLine = line
                    count(.noBegan)
                }
            }
        case .fragment:
            if phase == .began {
                count(.noBegan)
                begin(track, sample)
            } else if phase != .moved {
                track.pointee.status = .closed(phase)
                track.pointee.releaseLine = line
                count(.noBegan)
            }
        case .overflow:
            if phase == .began {
                begin(track, sample)
            } else if phase != .moved {
                track.pointee.status = .closed(phase)
                track.pointee.releaseLine = line
            }
        }
    }

    /// The track of the current row's gesture id (`idBytes`), made when the id is new.
    mutating func lookupTrack() -> TrackRef {
        let key = idBytes.string
        let track: TrackRef
        if let known = tracks[key] {
            track = known.state
        } else {
            if tracks.count >= evictionThreshold { evictClosedTracks() }
            let box = Track(key: key)
            track = box.state
            track.pointee.order = trackOrder
            trackOrder += 1
            tracks[key] = box
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
            for (key, box) in tracks where box.state.pointee.isOpen { kept[key] = box }
            tracks = kept
            cachedTrack = nil
            cachedKey.removeAll()
        }
        evictionThreshold = max(Self.closedTrackCapacity, 2 * tracks.count)
    }

    mutating func begin(_ track: TrackRef, _ sample: Sample) {
        track.pointee.runs += 1
        if track == sequence.state {
            sequenceNumber += 1
            track.pointee.name = "#\(sequenceNumber)"
        } else if gesturePartCount > 1 || track.pointee.runs > 1 {
            track.pointee.name = "\(track.pointee.key)#\(track.pointee.runs)"
        } else {
            track.pointee.name = track.pointee.key
        }
        track.pointee.status = .open
        track.pointee.firstLine = sample.line
        track.pointee.duplicates = 0
        track.pointee.samples = []
        track.pointee.samples.reserveCapacity(64)
        track.pointee.samples.append(sample)
        track.pointee.lastT = sample.t
        track.pointee.intent = intent
        track.pointee.outcome = outcome
        track.pointee.width = width
        track.pointee.height = height
    }

    /// Appends `sample` after the time and size checks; false when it was not appended.
    @inline(__always)
    mutating func append(_ sample: Sample, to track: TrackRef) -> Bool {
        if sample.t <= track.pointee.lastT, let last = track.pointee.samples.last {
            if sample.t < last.t {
                let unit = layout?.timeUnit ?? .s
                let error = TraceError.badField(
                    file: displayName, line: sample.line, column: columnName(of: .time),
                    expected: "a time not before \(timeText(last.t)) \(unit.rawValue) (line \(last.line), gesture \"\(track.pointee.name)\")",
                    found: timeText(sample.t))
                problem(error, .timeBackwards)
                return false
            }
            if sample.t == last.t {
                track.pointee.duplicates += 1
                if sample.x == last.x && sample.y == last.y && sample.phase == last.phase && sample.vx == last.vx && sample.vy == last.vy {
                    summary.duplicateRows += 1
                }
            }
        }
        if track.pointee.samples.count >= options.maxGestureSamples {
            let error = TraceError.limit(
                file: displayName, line: sample.line,
                message: "expected at most \(options.maxGestureSamples) samples in gesture \"\(track.pointee.name)\" (raise --max-gesture-samples), found \(options.maxGestureSamples + 1)")
            if problem(error, .tooManySamples) {
                track.pointee.samples = []
                track.pointee.status = sample.phase == .moved || !hasPhaseColumn ? .overflow : .closed(sample.phase)
                track.pointee.releaseLine = sample.line
            }
            return false
        }
        track.pointee.samples.append(sample)
        track.pointee.lastT = sample.t
        if let intent, track.pointee.intent == nil { track.pointee.intent = intent }
        if let outcome, track.pointee.outcome == nil { track.pointee.outcome = outcome }
        if let width, track.pointee.width == nil { track.pointee.width = width }
        if let height, track.pointee.height == nil { track.pointee.height = height }
        return true
    }

    mutating func close(_ track: TrackRef, by phase: Phase) {
        track.pointee.status = .closed(phase)
        track.pointee.releaseLine = track.pointee.samples.last?.line ?? 0
        let samples = track.pointee.samples
        track.pointee.samples = []
        deliver(track, samples)
    }

    mutating func deliver(_ track: TrackRef, _ samples: [Sample]) {
        guard samples.count >= 2 else {
            count(.tooFewSamples)
            return
        }
        ready.append(
            Gesture(
                id: track.pointee.name, samples: samples, intent: track.pointee.intent, outcome: track.pointee.outcome,
                width: track.pointee.width, height: track.pointee.height, file: path, firstLine: track.pointee.firstLine,
                duplicateTimestamps: track.pointee.duplicates))
        summary.gestures += 1
        summary.duplicateTimestamps += track.pointee.duplicates
    }

    /// A gesture column without a phase column: an id's first sample begins its gesture, its
    /// last sample (known at the end of the file) releases it.
    mutating func addUnphased(_ track: TrackRef, line: Int) {
        let sample = Sample(
            t: t, x: x, y: y, phase: track.pointee.status == .fresh ? .began : .moved,
            vx: hasVelocity ? vx : nil, vy: hasVelocity ? vy : nil, line: line)
        switch track.pointee.status {
        case .fresh:
            track.pointee.name = track.pointee.key
            begin(track, sample)
            track.pointee.name = track.pointee.key
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
        var open = tracks.values.map(\.state).filter(\.pointee.isOpen)
        if sequence.state.pointee.isOpen { open.append(sequence.state) }
        if !hasPhaseColumn {
            for track in open.sorted(by: { $0.pointee.order < $1.pointee.order }) where track.pointee.status == .open {
                var samples = track.pointee.samples
                track.pointee.samples = []
                if samples.count >= 2 { samples[samples.count - 1].phase = .ended }
                track.pointee.status = .closed(.ended)
                deliver(track, samples)
            }
        } else {
            for track in open.sorted(by: { $0.pointee.firstLine < $1.pointee.firstLine }) {
                switch track.pointee.status {
                case .open:
                    let last = track.pointee.samples.last.map { $0.line == track.pointee.firstLine ? "" : ", last sample on line \($0.line)" } ?? ""
                    let error = TraceError.row(
                        file: displayName, line: track.pointee.firstLine,
                        message: "column \"\(columnName(of: .phase))\": expected \"ended\" or \"cancelled\" to close gesture \"\(track.pointee.name)\" (began here\(last)), found the end of the file")
                    if !problem(error, .notClosed) { return }
                case .fragment:
                    count(.noBegan)
                default:
                    break
                }
                track.pointee.samples = []
            }
        }
        summary.problems.sort { ($0.line ?? 0) < ($1.line ?? 0) }
    }
}

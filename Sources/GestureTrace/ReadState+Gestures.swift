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
    /// Labelled `other` (not meant for the transition).
    var notMeant = false
    /// Line of the row whose label the run took (0: none yet).
    var intentLine = 0
    var outcome: Intent?
    /// The `--by` group at the run's first row.
    var group: String?
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
    /// Stamp of the moment the track last became open (`ReadState.openOrder`).
    var openStamp = 0

    init(key: String) { self.key = key }

    /// Whether the track holds state that must survive (it is not merely closed).
    var isOpen: Bool {
        switch status {
        case .open, .fragment, .overflow: true
        case .fresh, .closed: false
        }
    }
}

// Gesture assembly (trace-format.md, "Gestures").
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
        if summary.hasExtentColumn {
            guard sizesAreNotNegative(line: line) else { return }
        }
        if scale != nil || hasDPI {
            guard convertToPoints(line: line) else { return }
        }
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
        // Without phases a gesture ends where its id does: the next row has another id.
        if !hasPhase, let previous = cachedTrack, previous.pointee.isOpen {
            releaseUnphased(previous)
        }
        add(to: lookupTrack(), line: line)
    }

    /// False when the row gives a negative container width or height (the row is a problem,
    /// skipped in lenient mode). Checked on every row, not only a gesture's first. A size of 0
    /// (or `-0`) stays "not known": the extent then comes from `--extent` or the default.
    mutating func sizesAreNotNegative(line: Int) -> Bool {
        for (slot, role) in [(NumberSlot.width, Role.width), (NumberSlot.height, Role.height)] {
            let size = numbers[slot]
            guard size < 0 else { continue }
            problem(
                .badField(
                    file: displayName, line: line, column: columnName(of: role),
                    expected: Self.sizeExpectation, found: decimalText(size)),
                .malformedRow)
            return false
        }
        return true
    }

    /// Multiplies the row's coordinates, velocities and container size by the points per
    /// unit of `--scale`, or of the row's `dpi` column: 160 dpi is 1 pt per px (Android's
    /// dp), and a value below 20 is a density factor (`DisplayMetrics.density`, px per dp).
    /// False when the row's dpi is not positive (the row is a problem, skipped in lenient mode).
    mutating func convertToPoints(line: Int) -> Bool {
        var factor = scale ?? 1
        if scale == nil {
            let dpi = numbers[NumberSlot.dpi]
            guard dpi > 0 else {
                problem(
                    .badField(
                        file: displayName, line: line, column: columnName(of: .dpi),
                        expected: Self.dpiExpectation, found: decimalText(dpi)),
                    .malformedRow)
                return false
            }
            factor = dpi < 20 ? 1 / dpi : 160 / dpi
        }
        for slot in [
            NumberSlot.x, NumberSlot.y, NumberSlot.vx, NumberSlot.vy, NumberSlot.width,
            NumberSlot.height,
        ] {
            numbers[slot] *= factor
        }
        return true
    }

    /// Sets a track's status, keeping `openTracks` and `openOrder` up to date; a track that
    /// opens beyond `maxOpenGestures` is an error at `line` (lenient: the oldest open track is
    /// dropped as not-closed).
    mutating func setStatus(_ track: TrackRef, _ status: TrackState.Status, line: Int = 0) {
        let wasOpen = track.pointee.isOpen
        track.pointee.status = status
        let isOpen = track.pointee.isOpen
        guard wasOpen != isOpen, track != sequence.state else { return }
        if !isOpen {
            openTracks -= 1
            return
        }
        openTracks += 1
        openStampCounter += 1
        track.pointee.openStamp = openStampCounter
        openOrder.append((track.pointee.key, openStampCounter))
        if openOrder.count - openOrderStart > 2 * max(openTracks, 1024) { compactOpenOrder() }
        if openTracks > options.maxOpenGestures { tooManyOpen(track, line: line) }
    }

    /// The oldest track still open (not `except`), removed from `openOrder`.
    mutating func popOldestOpen() -> TrackRef? {
        while openOrderStart < openOrder.count {
            let entry = openOrder[openOrderStart]
            openOrderStart += 1
            if let track = tracks[entry.key]?.state, track.pointee.isOpen,
                track.pointee.openStamp == entry.stamp
            {
                return track
            }
        }
        return nil
    }

    mutating func compactOpenOrder() {
        openOrder = openOrder[openOrderStart...].filter { entry in
            guard let track = tracks[entry.key]?.state else { return false }
            return track.pointee.isOpen && track.pointee.openStamp == entry.stamp
        }
        openOrderStart = 0
    }

    /// One gesture more than `maxOpenGestures` is open.
    mutating func tooManyOpen(_ newest: TrackRef, line: Int) {
        let limit = options.maxOpenGestures
        guard let oldest = popOldestOpen() else { return }
        let oldName = oldest.pointee.name.isEmpty ? oldest.pointee.key : oldest.pointee.name
        guard options.lenient else {
            let newName = newest.pointee.name.isEmpty ? newest.pointee.key : newest.pointee.name
            fail(
                .limit(
                    file: displayName, line: line,
                    message:
                        "expected at most \(limit) gestures open at once (raise --max-open-gestures), found \(limit + 1): gesture \"\(newName)\" opens here while \"\(oldName)\" (line \(oldest.pointee.firstLine)) and \(limit - 1) more are open"
                ))
            return
        }
        let status = oldest.pointee.status
        oldest.pointee.samples = []
        setStatus(oldest, .closed(.cancelled))
        oldest.pointee.releaseLine = line
        switch status {
        case .open:
            problem(
                .limit(
                    file: displayName, line: oldest.pointee.firstLine,
                    message:
                        "gesture \"\(oldName)\" was still open on line \(line), with \(limit) gestures open at once (--max-open-gestures): dropped as not-closed"
                ),
                .notClosed)
        case .fragment: count(.noBegan)
        default: break
        }
    }

    /// Adds the current row to `track`'s gesture.
    @inline(__always)
    mutating func add(to track: TrackRef, line: Int) {
        guard hasPhaseColumn else {
            addUnphased(track, line: line)
            return
        }
        let phase = rowPhase.phase!
        let sample = Sample(
            t: t, x: x, y: y, phase: phase, vx: hasVelocity ? vx : nil, vy: hasVelocity ? vy : nil,
            line: line)
        switch track.pointee.status {
        case .open:
            if phase == .began {
                let error = TraceError.badField(
                    file: displayName, line: line, column: columnName(of: .phase),
                    expected:
                        "\"moved\", \"ended\" or \"cancelled\" (gesture \"\(track.pointee.name)\" began on line \(track.pointee.firstLine) and is still open)",
                    found: lastPhaseWord.text)
                if problem(error, .notClosed) { begin(track, sample) }
                return
            }
            if append(sample, to: track), phase != .moved { close(track, by: phase) }
            return
        case .fresh, .closed:
            if phase == .began {
                begin(track, sample)
            } else if case .closed(let how) = track.pointee.status {
                let name = track.pointee.name.isEmpty ? track.pointee.key : track.pointee.name
                let who = name.isEmpty ? "the previous gesture" : "gesture \"\(name)\""
                problem(
                    .badField(
                        file: displayName, line: line, column: columnName(of: .phase),
                        expected:
                            "\"began\" (\(who) was closed by \"\(how)\" on line \(track.pointee.releaseLine))",
                        found: lastPhaseWord.text),
                    .afterRelease)
            } else {
                track.pointee.name = ""
                track.pointee.firstLine = line
                if phase == .moved {
                    setStatus(track, .fragment, line: line)
                } else {
                    setStatus(track, .closed(phase))
                    track.pointee.releaseLine = line
                    count(.noBegan)
                }
            }
        case .fragment:
            if phase == .began {
                count(.noBegan)
                begin(track, sample)
            } else if phase != .moved {
                setStatus(track, .closed(phase))
                track.pointee.releaseLine = line
                count(.noBegan)
            }
        case .overflow:
            if phase == .began {
                begin(track, sample)
            } else if phase != .moved {
                setStatus(track, .closed(phase))
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
        var kept = [String: Track](minimumCapacity: Self.closedTrackCapacity)
        for (key, box) in tracks where box.state.pointee.isOpen { kept[key] = box }
        tracks = kept
        cachedTrack = nil
        cachedKey.removeAll()
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
        track.pointee.firstLine = sample.line
        track.pointee.duplicates = 0
        // Reserved for as many samples as the last gesture had, at most `sampleReserveLimit`:
        // one allocation per gesture in a file of like gestures, and memory still grows with
        // the samples a gesture has, not with how many gestures are open.
        track.pointee.samples = []
        track.pointee.samples.reserveCapacity(sampleReserve)
        track.pointee.samples.append(sample)
        track.pointee.lastT = sample.t
        track.pointee.intent = intent
        track.pointee.notMeant = intentOther
        track.pointee.intentLine = rowLabelled ? sample.line : 0
        track.pointee.outcome = outcome
        track.pointee.group = rowGroup
        track.pointee.width = width
        track.pointee.height = height
        setStatus(track, .open, line: sample.line)
    }

    /// Whether the row being read gives its gesture a label (an empty field gives none).
    var rowLabelled: Bool { intent != nil || intentOther }

    /// A row's label as messages name it: `complete`, `cancel` or `other`.
    static func labelWord(_ intent: Intent?, other: Bool) -> String {
        other ? "other" : intent?.rawValue ?? "none"
    }

    /// Appends `sample` after the time, label and size checks; false when it was not appended.
    @inline(__always)
    mutating func append(_ sample: Sample, to track: TrackRef) -> Bool {
        if sample.t <= track.pointee.lastT, let last = track.pointee.samples.last {
            if sample.t < last.t {
                let unit = layout?.timeUnit ?? .s
                let error = TraceError.badField(
                    file: displayName, line: sample.line, column: columnName(of: .time),
                    expected:
                        "a time not before \(timeText(last.t)) \(unit.rawValue) (line \(last.line), gesture \"\(track.pointee.name)\")",
                    found: timeText(sample.t))
                problem(error, .timeBackwards)
                return false
            }
            if sample.t == last.t {
                track.pointee.duplicates += 1
                if sample.x == last.x && sample.y == last.y && sample.phase == last.phase
                    && sample.vx == last.vx && sample.vy == last.vy
                {
                    summary.duplicateRows += 1
                }
            }
        }
        // One label per gesture: a row labelled otherwise than the run's first labelled row
        // is a mistake in the file (an empty field leaves the label as it is).
        if track.pointee.intentLine > 0, rowLabelled,
            intent != track.pointee.intent || intentOther != track.pointee.notMeant
        {
            let error = TraceError.badField(
                file: displayName, line: sample.line, column: columnName(of: .intent),
                expected:
                    "the label \"\(Self.labelWord(track.pointee.intent, other: track.pointee.notMeant))\" given on line \(track.pointee.intentLine) (one label per gesture, \"\(track.pointee.name)\")",
                found: Self.labelWord(intent, other: intentOther))
            problem(error, .malformedRow)
            return false
        }
        if track.pointee.samples.count >= options.maxGestureSamples {
            let error = TraceError.limit(
                file: displayName, line: sample.line,
                message:
                    "expected at most \(options.maxGestureSamples) samples in gesture \"\(track.pointee.name)\" (raise --max-gesture-samples), found \(options.maxGestureSamples + 1)"
            )
            if problem(error, .tooManySamples) {
                track.pointee.samples = []
                setStatus(
                    track,
                    sample.phase == .moved || !hasPhaseColumn ? .overflow : .closed(sample.phase))
                track.pointee.releaseLine = sample.line
            }
            return false
        }
        track.pointee.samples.append(sample)
        track.pointee.lastT = sample.t
        if track.pointee.intentLine == 0, rowLabelled {
            track.pointee.intent = intent
            track.pointee.notMeant = intentOther
            track.pointee.intentLine = sample.line
        }
        if let outcome, track.pointee.outcome == nil { track.pointee.outcome = outcome }
        if let width, track.pointee.width == nil { track.pointee.width = width }
        if let height, track.pointee.height == nil { track.pointee.height = height }
        return true
    }

    mutating func close(_ track: TrackRef, by phase: Phase) {
        setStatus(track, .closed(phase))
        track.pointee.releaseLine = track.pointee.samples.last?.line ?? 0
        let samples = track.pointee.samples
        track.pointee.samples = []
        deliver(track, samples)
    }

    mutating func deliver(_ track: TrackRef, _ samples: [Sample]) {
        sampleReserve = min(Self.sampleReserveLimit, max(8, samples.count))
        guard samples.count >= 2 else {
            count(.tooFewSamples)
            return
        }
        ready.append(
            Gesture(
                id: track.pointee.name, samples: samples, intent: track.pointee.intent,
                outcome: track.pointee.outcome,
                width: track.pointee.width, height: track.pointee.height, file: displayName,
                firstLine: track.pointee.firstLine,
                duplicateTimestamps: track.pointee.duplicates, group: track.pointee.group,
                notMeant: track.pointee.notMeant))
        summary.gestures += 1
        summary.duplicateTimestamps += track.pointee.duplicates
    }

    /// A gesture column without a phase column: an id's first sample begins its gesture, and
    /// the gesture lasts while the following rows have the same id (the same id later is its
    /// next run, `ID#2`).
    mutating func addUnphased(_ track: TrackRef, line: Int) {
        let opens = !track.pointee.isOpen
        let sample = Sample(
            t: t, x: x, y: y, phase: opens ? .began : .moved,
            vx: hasVelocity ? vx : nil, vy: hasVelocity ? vy : nil, line: line)
        switch track.pointee.status {
        case .fresh, .closed:
            begin(track, sample)
            if track.pointee.runs == 1 { track.pointee.name = track.pointee.key }
        case .open:
            _ = append(sample, to: track)
        case .fragment, .overflow:
            break
        }
    }

    /// Releases a gesture of a file without a phase column. Its last row is a moving sample
    /// like any other (fitted, its position the release progress): the closing sample is a
    /// lift-off made from it, with its time, position and line, so the release time is the
    /// last sample's time and the finger never counts as rested.
    mutating func releaseUnphased(_ track: TrackRef) {
        guard track.pointee.status == .open else {
            setStatus(track, .closed(.ended))
            return
        }
        var samples = track.pointee.samples
        track.pointee.samples = []
        setStatus(track, .closed(.ended))
        track.pointee.releaseLine = samples.last?.line ?? 0
        if samples.count >= 2, var liftOff = samples.last {
            liftOff.phase = .ended
            samples.append(liftOff)
        }
        deliver(track, samples)
    }

    /// End of input: releases the gestures of a file without a phase column, and reports the
    /// gestures still open (strict: the first one by line is an error).
    mutating func finishFile() {
        guard !stopped, hasHeader else { return }
        var open = tracks.values.map(\.state).filter(\.pointee.isOpen)
        if sequence.state.pointee.isOpen { open.append(sequence.state) }
        if !hasPhaseColumn {
            for track in open.sorted(by: { $0.pointee.order < $1.pointee.order }) {
                releaseUnphased(track)
            }
        } else {
            for track in open.sorted(by: { $0.pointee.firstLine < $1.pointee.firstLine }) {
                switch track.pointee.status {
                case .open:
                    let last =
                        track.pointee.samples.last.map {
                            $0.line == track.pointee.firstLine
                                ? "" : ", last sample on line \($0.line)"
                        } ?? ""
                    let error = TraceError.row(
                        file: displayName, line: track.pointee.firstLine,
                        message:
                            "column \"\(columnName(of: .phase))\": expected \"ended\" or \"cancelled\" to close gesture \"\(track.pointee.name)\" (began here\(last)), found the end of the file"
                    )
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

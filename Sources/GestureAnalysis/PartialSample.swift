import Foundation
import GesturePhysics
import GestureTrace
import GestureTuning

/// `GestureSample` as the partial stores it: its capacity, the gestures offered, and the kept
/// entries (best-ranked first) column by column. Each number column is one string of the
/// rows' values separated by commas, so a reader parses digits instead of decoding a JSON
/// value per field, and like values sit together for the compressor. A value is written in
/// full (`Double.description`, which reads back to the same bits; integers in decimal), left
/// empty for nil, or written `=` when it is what the measurement's other fields give, bit for
/// bit (`progressVelocity` from the velocity and the extent, an estimate's axis velocity from
/// its components, the gate's edge distance from the start position, the sample rate from the
/// curve, the ranking hash from the gesture's key and the seed, ...): the writer checks each
/// such value and writes it in full when the rule does not give it back exactly. The time to
/// the slop and the pause before release, when `=`, are read off the curve at the point the
/// `.at` column names.
/// Progress curves are `PartialCurve` integers when those give the curve back exactly, else
/// their points; all curves' values follow each other in one column, `curve.points` long
/// each. Texts: `id` one per row; `files` and `groups`, the distinct values the `file` and
/// `group` columns index.
package struct PartialSample: Codable, Sendable {
    var capacity: Int
    var offered: Int
    var rows: Int
    var columns: [String: String]
    var text: [String: [String]]

    /// The columns, in the order the writer fills them (the file holds them sorted by name).
    static let estimatorFields = ["vx", "vy", "axis", "used", "fellBack", "window"]

    /// `files`: the run's files (`fileIndex` indexes them); `seed`: the tuning seed.
    init(_ sample: GestureSample, files runFiles: [String], seed: UInt64) {
        capacity = sample.capacity
        offered = sample.offered
        let entries = sample.ranked
        rows = entries.count
        var w = ColumnWriter()
        var files: [String: Int] = [:], fileList: [String] = []
        var groups: [String: Int] = [:], groupList: [String] = []
        var ids: [String] = []
        ids.reserveCapacity(rows)
        for e in entries {
            let m = e.measurement
            w.int("priority", e.priority.rawValue + 1)
            let hashRule = Self.hash(files: runFiles, index: e.fileIndex, id: m.id, seed: seed)
            if hashRule == e.hash {
                w.derived("hash")
            } else {
                w.int("hash", Int(Int64(bitPattern: e.hash)))
            }
            w.int("fileIndex", e.fileIndex)
            w.int("order", e.order)
            w.int("intentSource", e.intentSource.map { IntentSource.allCases.firstIndex(of: $0)! })
            ids.append(m.id)
            w.int("file", Self.index(of: m.file, in: &files, &fileList))
            w.int("group", m.group.map { Self.index(of: $0, in: &groups, &groupList) })
            w.int("sampleCount", m.sampleCount)
            w.int("firstLine", m.firstLine)
            w.int("intent", m.intent.map { Intent.allCases.firstIndex(of: $0)! })
            w.int("outcome", m.outcome.map { Intent.allCases.firstIndex(of: $0)! })
            w.int("flags", Self.flags(m))
            w.number("extent", m.extent)
            w.int("extentSource", Self.extentSources.firstIndex(of: m.extentSource)!)
            w.int("direction", Direction.allCases.firstIndex(of: m.direction)!)
            w.number("kinematicVelocity", m.kinematicVelocity)
            w.number("kinematicAcceleration", m.kinematicAcceleration)
            w.number("startPosition", m.startPosition)
            w.number("entryAngle", m.entryAngle)
            w.number("peakVelocity", m.peakVelocity)
            w.int("duplicateTimestamps", m.duplicateTimestamps)
            w.int("kinematicSampleCount", m.kinematicSampleCount)
            w.number("startTime", m.startTime)
            // The curve, then what it gives.
            let curve = m.progressCurve
            w.int("curve.points", curve.count)
            if let c = PartialCurve(m) {
                w.int("curve.tDigits", c.tDigits)
                w.int("curve.xDigits", c.xDigits)
                for n in c.t { w.int("curve.t", n) }
                for n in c.x { w.int("curve.x", n) }
            } else {
                w.int("curve.tDigits", nil)
                w.int("curve.xDigits", nil)
                for point in curve {
                    w.number("curve.rawT", point.t)
                    w.number("curve.rawP", point.p)
                }
            }
            w.number("releaseProgress", m.releaseProgress, rule: curve.last?.p)
            w.number("duration", m.duration, rule: curve.last?.t)
            w.number("sampleRate", m.sampleRate, rule: Self.sampleRate(curve))
            w.point(
                "pauseBeforeRelease", m.pauseBeforeRelease, curve: curve,
                rule: { Self.pause(curve, $0) })
            w.point("gate.timeToSlop", m.gate.timeToSlop, curve: curve, rule: { curve[$0].t })
            w.number("endTime", m.endTime, rule: m.startTime.map { $0 + m.duration })
            // Estimates, then the velocity when it is one of them.
            var present = 0
            for e in Estimator.allCases {
                let key = "estimates.\(e.rawValue)"
                guard let v = m.estimates[e] else {
                    for field in Self.estimatorFields { w.int("\(key).\(field)", nil) }
                    continue
                }
                present |= 1 << e.ordinal
                w.estimate(key, v, direction: m.direction)
            }
            w.int("estimates", present)
            if let same = Estimator.allCases.first(where: { m.estimates[$0] == m.velocity }) {
                w.int("velocity.same", same.ordinal)
                for field in Self.estimatorFields { w.int("velocity.\(field)", nil) }
            } else {
                w.int("velocity.same", nil)
                w.estimate("velocity", m.velocity, direction: m.direction)
            }
            w.number(
                "progressVelocity", m.progressVelocity,
                rule: Self.finiteOrZero(m.velocity.axis / m.extent))
            let g = m.gate
            w.number("gate.edgeDistance", g.edgeDistance, rule: m.startPosition)
            w.number(
                "gate.edgeShare", g.edgeShare, rule: Self.finiteOrZero(g.edgeDistance / m.extent))
            w.number("gate.slop", g.slop)
            w.number("gate.angle", g.angle, rule: m.entryAngle)
            w.number("gate.distanceToSlop", g.distanceToSlop)
        }
        columns = w.columns.mapValues { String(decoding: $0.bytes, as: UTF8.self) }
        text = ["id": ids, "files": fileList, "groups": groupList]
    }

    static let noVelocity = VelocityEstimate(
        vx: 0, vy: 0, axis: 0, usedEstimator: nil, fellBack: false)

    /// The ranking hash `MeasurementCollector` gives the gesture: of its key (the file as
    /// given, the id as read, before a multi-file run prefixes it with the file); nil when
    /// `index` is not a file of the run.
    static func hash(files: [String], index: Int, id: String, seed: UInt64) -> UInt64? {
        guard files.indices.contains(index) else { return nil }
        let file = files[index]
        let prefix = file + ":"
        let read = id.hasPrefix(prefix) ? String(id.dropFirst(prefix.count)) : id
        return GestureKey(file: file, id: read).mixed(seed: seed, stream: GestureSample.stream)
    }

    /// The samples per second the curve gives when it holds every sample, the lift-off last:
    /// the points before lift-off less one over the time of the last of them.
    static func sampleRate(_ curve: [ProgressPoint]) -> Double? {
        guard curve.count >= 3 else { return nil }
        return finiteOrZero(Double(curve.count - 2) / curve[curve.count - 2].t)
    }

    /// The time from point `k` of the curve to its last, at least 0.
    static func pause(_ curve: [ProgressPoint], _ k: Int) -> Double {
        finiteOrZero(max(0, curve[curve.count - 1].t - curve[k].t))
    }

    static let extentSources: [ExtentSource] = [.column, .option, .defaultValue]

    static func finiteOrZero(_ value: Double) -> Double { value.isFinite ? value : 0 }

    static func index(of value: String, in table: inout [String: Int], _ list: inout [String])
        -> Int
    {
        if let k = table[value] { return k }
        table[value] = list.count
        list.append(value)
        return list.count - 1
    }

    /// notMeant, interruptedBySystem, lateReversal, restedBeforeRelease, gate.movedAgainst.
    static func flags(_ m: GestureMeasurement) -> Int {
        (m.notMeant ? 1 : 0) | (m.interruptedBySystem ? 2 : 0) | (m.lateReversal ? 4 : 0)
            | (m.restedBeforeRelease ? 8 : 0) | (m.gate.movedAgainst ? 16 : 0)
    }

    /// The sample back; a column that is missing, of the wrong length, or holds a value out
    /// of range is an error naming it.
    func sample(files runFiles: [String], seed: UInt64) throws(PartialError) -> GestureSample {
        for (key, count) in [("rows", rows), ("capacity", capacity), ("offered", offered)]
        where !(0...AnalysisPartial.maxCount).contains(count) {
            throw PartialError(
                "sample.\(key): expected a count from 0 to \(AnalysisPartial.maxCount), found \(count)"
            )
        }
        let columns = try SampleColumns(self)
        var entries: [GestureSample.Entry] = []
        entries.reserveCapacity(rows)
        var curves = SampleColumns.CurveCursor()
        for k in 0..<rows {
            let m = try columns.measurement(k, curves: &curves)
            guard let priority = GestureSample.Priority(rawValue: columns.priority[k] - 1) else {
                throw PartialError("sample.columns.priority: expected a priority in row \(k)")
            }
            entries.append(
                GestureSample.Entry(
                    priority: priority,
                    hash: try columns.hash(k, id: m.id, files: runFiles, seed: seed),
                    fileIndex: columns.fileIndex[k], order: columns.order[k], measurement: m,
                    intentSource: columns.intentSource[k].map { IntentSource.allCases[$0] }))
        }
        return GestureSample(capacity: capacity, offered: offered, entries: entries)
    }
}

/// The columns of a `PartialSample`, each checked as a whole (its length, its codes within
/// range, its counts), then read row by row into measurements.
struct SampleColumns {
    let ids: [String], files: [String], groups: [String]
    let priority: [Int], hash: [Cell], fileIndex: [Int], order: [Int], intentSource: [Int?]
    let file: [Int], group: [Int?], sampleCount: [Int], intent: [Int?], outcome: [Int?]
    let flags: [Int], extentSource: [Int], direction: [Int]
    let duplicates: [Int], kinematicCount: [Int]
    let extent: [Double], kinematicVelocity: [Double], kinematicAcceleration: [Double]
    let startPosition: [Double], entryAngle: [Double?], peakVelocity: [Double]
    let startTime: [Double?]
    /// Each gesture's first line in its file; none in a partial written before the column was.
    let firstLine: [Int?]
    let pause: [Cell], pauseAt: [Int?], sampleRate: [Cell]
    let points: [Int], tDigits: [Int?], xDigits: [Int?]
    let curveT: [Int], curveX: [Int], rawT: [Double], rawP: [Double]
    let releaseProgress: [Cell], duration: [Cell], endTime: [Cell]
    let present: [Int], estimates: [[Cell]], same: [Int?], velocity: [[Cell]]
    let progressVelocity: [Cell], edgeDistance: [Cell], edgeShare: [Cell], slop: [Double]
    let angle: [Cell], timeToSlop: [Cell], timeToSlopAt: [Int?], distanceToSlop: [Double?]

    /// Where the next row's points start in the integer and the raw curve columns.
    struct CurveCursor {
        var integer = 0
        var raw = 0
    }

    init(_ sample: PartialSample) throws(PartialError) {
        let rows = sample.rows
        let r = ColumnReader(columns: sample.columns, rows: rows)
        func texts(_ key: String, _ count: Int?) throws(PartialError) -> [String] {
            guard let list = sample.text[key], count.map({ list.count == $0 }) ?? true else {
                throw PartialError(
                    "sample.text.\(key): expected \(count.map { "\($0) texts" } ?? "texts")")
            }
            return list
        }
        ids = try texts("id", rows)
        files = try texts("files", nil)
        groups = try texts("groups", nil)
        /// Codes from 0 to `n - 1`, absent only in an optional column.
        func codes(_ name: String, _ n: Int) throws(PartialError) -> [Int?] {
            let values = try r.ints(name)
            for case let v? in values where !(0..<n).contains(v) {
                throw PartialError(
                    "sample.columns.\(name): expected a code from 0 to \(n - 1), found \(v)")
            }
            return values
        }
        func code(_ name: String, _ n: Int) throws(PartialError) -> [Int] {
            try codes(name, n).map { (v) throws(PartialError) -> Int in
                guard let v else {
                    throw PartialError("sample.columns.\(name): expected a value in every row")
                }
                return v
            }
        }
        func counts(_ name: String) throws(PartialError) -> [Int] {
            try r.ints(name).map { (v) throws(PartialError) -> Int in
                guard let v, (0...AnalysisPartial.maxCount).contains(v) else {
                    throw PartialError(
                        "sample.columns.\(name): expected a count from 0 to \(AnalysisPartial.maxCount) in every row"
                    )
                }
                return v
            }
        }
        priority = try code("priority", 5)
        hash = try r.intCells("hash")
        fileIndex = try counts("fileIndex")
        order = try counts("order")
        intentSource = try codes("intentSource", IntentSource.allCases.count)
        file = try code("file", files.count)
        group = try codes("group", groups.count)
        sampleCount = try counts("sampleCount")
        firstLine =
            sample.columns["firstLine"] == nil
            ? [Int?](repeating: nil, count: rows) : try r.ints("firstLine")
        for case let line? in firstLine where line < 0 {
            throw PartialError("sample.columns.firstLine: expected a line number, found \(line)")
        }
        intent = try codes("intent", 2)
        outcome = try codes("outcome", 2)
        flags = try code("flags", 32)
        extentSource = try code("extentSource", 3)
        direction = try code("direction", Direction.allCases.count)
        duplicates = try counts("duplicateTimestamps")
        kinematicCount = try counts("kinematicSampleCount")
        extent = try r.required(r.numbers("extent"), "extent")
        kinematicVelocity = try r.required(r.numbers("kinematicVelocity"), "kinematicVelocity")
        kinematicAcceleration = try r.required(
            r.numbers("kinematicAcceleration"), "kinematicAcceleration")
        startPosition = try r.required(r.numbers("startPosition"), "startPosition")
        entryAngle = try r.numbers("entryAngle")
        pause = try r.cells("pauseBeforeRelease")
        pauseAt = try r.ints("pauseBeforeRelease.at")
        sampleRate = try r.cells("sampleRate")
        peakVelocity = try r.required(r.numbers("peakVelocity"), "peakVelocity")
        startTime = try r.numbers("startTime")
        points = try counts("curve.points")
        tDigits = try codes("curve.tDigits", PartialCurve.scales.count)
        xDigits = try codes("curve.xDigits", PartialCurve.scales.count)
        var integerPoints = 0, rawPoints = 0
        for k in 0..<rows {
            if tDigits[k] != nil, xDigits[k] != nil {
                integerPoints += points[k]
            } else {
                rawPoints += points[k]
            }
        }
        curveT = try r.required(r.ints("curve.t", count: integerPoints), "curve.t")
        curveX = try r.required(r.ints("curve.x", count: integerPoints), "curve.x")
        rawT = try r.required(r.numbers("curve.rawT", count: rawPoints), "curve.rawT")
        rawP = try r.required(r.numbers("curve.rawP", count: rawPoints), "curve.rawP")
        releaseProgress = try r.cells("releaseProgress")
        duration = try r.cells("duration")
        endTime = try r.cells("endTime")
        present = try code("estimates", 1 << Estimator.allCases.count)
        var estimates: [[Cell]] = []
        for e in Estimator.allCases {
            for field in PartialSample.estimatorFields {
                estimates.append(try r.cells("estimates.\(e.rawValue).\(field)"))
            }
        }
        self.estimates = estimates
        same = try codes("velocity.same", Estimator.allCases.count)
        velocity = try PartialSample.estimatorFields.map { (f) throws(PartialError) in
            try r.cells("velocity.\(f)")
        }
        progressVelocity = try r.cells("progressVelocity")
        edgeDistance = try r.cells("gate.edgeDistance")
        edgeShare = try r.cells("gate.edgeShare")
        slop = try r.required(r.numbers("gate.slop"), "gate.slop")
        angle = try r.cells("gate.angle")
        timeToSlop = try r.cells("gate.timeToSlop")
        timeToSlopAt = try r.ints("gate.timeToSlop.at")
        distanceToSlop = try r.numbers("gate.distanceToSlop")
    }

    /// Row `k`'s cell of `cells`: nil when empty, the rule's value when derived (`=`).
    func value(_ cells: [Cell], _ name: String, _ k: Int, rule: Double?) throws(PartialError)
        -> Double?
    {
        switch cells[k] {
        case .empty: return nil
        case .value(let v): return Double(bitPattern: v)
        case .derived:
            guard let rule else {
                throw PartialError("sample.columns.\(name): expected a value in row \(k), found =")
            }
            return rule
        }
    }

    func required(_ cells: [Cell], _ name: String, _ k: Int, rule: Double?) throws(PartialError)
        -> Double
    {
        guard let v = try value(cells, name, k, rule: rule) else {
            throw PartialError("sample.columns.\(name): expected a value in row \(k)")
        }
        return v
    }

    /// Row `k`'s measurement; `curves` moves past its points.
    func measurement(_ k: Int, curves: inout CurveCursor) throws(PartialError)
        -> GestureMeasurement
    {
        let dir = Direction.allCases[direction[k]]
        let f = flags[k]
        var m = GestureMeasurement(
            id: ids[k], file: files[file[k]], sampleCount: sampleCount[k],
            intent: intent[k].map { Intent.allCases[$0] },
            outcome: outcome[k].map { Intent.allCases[$0] },
            interruptedBySystem: f & 2 != 0, extent: extent[k],
            extentSource: PartialSample.extentSources[extentSource[k]], releaseProgress: 0,
            velocity: PartialSample.noVelocity, progressVelocity: 0, estimates: [:],
            kinematicVelocity: kinematicVelocity[k],
            kinematicAcceleration: kinematicAcceleration[k], startPosition: startPosition[k],
            entryAngle: entryAngle[k], pauseBeforeRelease: 0, duration: 0,
            sampleRate: 0, peakVelocity: peakVelocity[k], lateReversal: f & 4 != 0,
            duplicateTimestamps: duplicates[k], progressCurve: [],
            kinematicSampleCount: kinematicCount[k],
            restedBeforeRelease: f & 8 != 0, direction: dir,
            gate: .init(
                edgeDistance: 0, edgeShare: 0, slop: 0, angle: nil, timeToSlop: nil,
                distanceToSlop: nil, movedAgainst: f & 16 != 0),
            notMeant: f & 1 != 0)
        m.group = group[k].map { groups[$0] }
        m.firstLine = firstLine[k]
        m.startTime = startTime[k]
        m.progressCurve = try curve(k, m, &curves)
        let curve = m.progressCurve
        m.releaseProgress = try required(
            releaseProgress, "releaseProgress", k, rule: curve.last?.p)
        m.duration = try required(duration, "duration", k, rule: curve.last?.t)
        m.sampleRate = try required(
            sampleRate, "sampleRate", k, rule: PartialSample.sampleRate(curve))
        m.pauseBeforeRelease = try required(
            pause, "pauseBeforeRelease", k,
            rule: try point(pauseAt, "pauseBeforeRelease", k, curve).map {
                PartialSample.pause(curve, $0)
            })
        m.endTime = try value(endTime, "endTime", k, rule: m.startTime.map { $0 + m.duration })
        // Estimates, then the velocity.
        let fields = PartialSample.estimatorFields.count
        for e in Estimator.allCases where present[k] & (1 << e.ordinal) != 0 {
            let at = e.ordinal * fields
            m.estimates[e] = try estimate(
                estimates[at..<at + fields], "estimates.\(e.rawValue)", k, dir)
        }
        if let s = same[k] {
            guard let v = m.estimates[Estimator.allCases[s]] else {
                throw PartialError(
                    "sample.columns.velocity.same: expected an estimator the row has in row \(k)")
            }
            m.velocity = v
        } else {
            m.velocity = try estimate(velocity[...], "velocity", k, dir)
        }
        m.progressVelocity = try required(
            progressVelocity, "progressVelocity", k,
            rule: PartialSample.finiteOrZero(m.velocity.axis / m.extent))
        m.gate.edgeDistance = try required(
            edgeDistance, "gate.edgeDistance", k, rule: m.startPosition)
        m.gate.edgeShare = try required(
            edgeShare, "gate.edgeShare", k,
            rule: PartialSample.finiteOrZero(m.gate.edgeDistance / m.extent))
        m.gate.slop = slop[k]
        m.gate.angle = try value(angle, "gate.angle", k, rule: m.entryAngle)
        m.gate.timeToSlop = try value(
            timeToSlop, "gate.timeToSlop", k,
            rule: try point(timeToSlopAt, "gate.timeToSlop", k, curve).map { curve[$0].t })
        m.gate.distanceToSlop = distanceToSlop[k]
        return m
    }

    /// Row `k`'s progress curve: integers at their scales, or the raw numbers.
    func curve(_ k: Int, _ m: GestureMeasurement, _ at: inout CurveCursor) throws(PartialError)
        -> [ProgressPoint]
    {
        let n = points[k]
        if let td = tDigits[k], let xd = xDigits[k] {
            let c = PartialCurve(
                tDigits: td, t: Array(curveT[at.integer..<at.integer + n]), xDigits: xd,
                x: Array(curveX[at.integer..<at.integer + n]))
            at.integer += n
            guard let curve = c.points(m) else {
                throw PartialError(
                    "sample.columns.curve.t: expected a curve of integers within range in row \(k)")
            }
            return curve
        }
        defer { at.raw += n }
        return (at.raw..<at.raw + n).map { ProgressPoint(t: rawT[$0], p: rawP[$0]) }
    }

    /// A point of the curve the `.at` column names in row `k`.
    func point(_ at: [Int?], _ name: String, _ k: Int, _ curve: [ProgressPoint])
        throws(PartialError) -> Int?
    {
        guard let j = at[k] else { return nil }
        guard curve.indices.contains(j) else {
            throw PartialError(
                "sample.columns.\(name).at: expected a point of the curve in row \(k), found \(j)")
        }
        return j
    }

    /// An estimate from its six columns in row `k`.
    func estimate(_ cells: ArraySlice<[Cell]>, _ name: String, _ k: Int, _ dir: Direction)
        throws(PartialError) -> VelocityEstimate
    {
        let c = Array(cells)
        let vx = try required(c[0], "\(name).vx", k, rule: nil)
        let vy = try required(c[1], "\(name).vy", k, rule: nil)
        let axis = try required(c[2], "\(name).axis", k, rule: dir.along(x: vx, y: vy))
        let used = try value(c[3], "\(name).used", k, rule: nil).map(Int.init)
        let fellBack = try required(c[4], "\(name).fellBack", k, rule: nil)
        let window = try required(c[5], "\(name).window", k, rule: nil)
        guard used.map({ (0..<Estimator.allCases.count).contains($0) }) ?? true,
            fellBack == 0 || fellBack == 1,
            (0...Double(AnalysisPartial.maxCount)).contains(window)
        else {
            throw PartialError(
                "sample.columns.\(name): expected an estimator code, 0 or 1 and a count in row \(k)"
            )
        }
        return VelocityEstimate(
            vx: vx, vy: vy, axis: axis, usedEstimator: used.map { Estimator.allCases[$0] },
            fellBack: fellBack == 1, windowCount: Int(window))
    }

    /// Row `k`'s ranking hash: written, or derived (`=`) from the gesture's key.
    func hash(_ k: Int, id: String, files runFiles: [String], seed: UInt64) throws(PartialError)
        -> UInt64
    {
        switch hash[k] {
        case .value(let h): return h
        case .derived:
            guard
                let h = PartialSample.hash(files: runFiles, index: fileIndex[k], id: id, seed: seed)
            else {
                throw PartialError(
                    "sample.columns.hash: expected a value in row \(k), found = for a file not in the run"
                )
            }
            return h
        case .empty:
            throw PartialError("sample.columns.hash: expected a value in row \(k)")
        }
    }
}

/// The number columns being written: each a string of values separated by commas.
struct ColumnWriter {
    struct Column {
        var bytes: [UInt8] = []
        var count = 0
        mutating func next() {
            if count > 0 { bytes.append(UInt8(ascii: ",")) }
            count += 1
        }
    }
    var columns: [String: Column] = [:]

    mutating func int(_ name: String, _ value: Int?) {
        columns[name, default: Column()].next()
        if let value { columns[name]!.bytes.append(contentsOf: String(value).utf8) }
    }

    mutating func number(_ name: String, _ value: Double?) {
        columns[name, default: Column()].next()
        if let value { columns[name]!.bytes.append(contentsOf: value.description.utf8) }
    }

    mutating func derived(_ name: String) {
        columns[name, default: Column()].next()
        columns[name]!.bytes.append(UInt8(ascii: "="))
    }

    /// `=` and the first point `k` of `curve` at which `rule(k)` gives `value` bit for bit in
    /// `name.at`; else the value, and nothing in `name.at`.
    mutating func point(
        _ name: String, _ value: Double?, curve: [ProgressPoint], rule: (Int) -> Double
    ) {
        if let value,
            let k = curve.indices.first(where: { rule($0).bitPattern == value.bitPattern })
        {
            derived(name)
            int("\(name).at", k)
        } else {
            number(name, value)
            int("\(name).at", nil)
        }
    }

    /// `=` when `rule` gives `value` bit for bit (nil stays empty), else the value.
    mutating func number(_ name: String, _ value: Double?, rule: Double?) {
        if let value, let rule, value.bitPattern == rule.bitPattern {
            columns[name, default: Column()].next()
            columns[name]!.bytes.append(UInt8(ascii: "="))
        } else {
            number(name, value)
        }
    }

    mutating func estimate(_ key: String, _ v: VelocityEstimate, direction: Direction) {
        number("\(key).vx", v.vx)
        number("\(key).vy", v.vy)
        number("\(key).axis", v.axis, rule: direction.along(x: v.vx, y: v.vy))
        int("\(key).used", v.usedEstimator?.ordinal)
        int("\(key).fellBack", v.fellBack ? 1 : 0)
        int("\(key).window", v.windowCount)
    }
}

/// A number column's value: none, `=` (what the rule gives), or a number (a double's bits).
enum Cell: Equatable {
    case empty, derived
    case value(UInt64)
}

/// Reads the number columns of a sample.
struct ColumnReader {
    let columns: [String: String]
    let rows: Int

    /// The column's values as written, `count` of them (`rows` when nil).
    func fields<T>(
        _ name: String, count: Int?, parse: (UnsafePointer<UInt8>, Int) -> T?, empty: T,
        derived: T?
    ) throws(PartialError) -> [T] {
        let count = count ?? rows
        // A column no row wrote a value to (no curve kept as points, an empty sample) is absent.
        guard var text = columns[name] else {
            if count == 0 { return [] }
            throw PartialError("sample.columns: missing column \"\(name)\"")
        }
        if count == 0 {
            guard text.isEmpty else {
                throw PartialError("sample.columns.\(name): expected no values")
            }
            return []
        }
        let result = text.withUTF8 { bytes -> Result<[T], PartialError> in
            var out: [T] = []
            out.reserveCapacity(count)
            guard let base = bytes.baseAddress else {
                if count == 1 { return .success([empty]) }
                return .failure(
                    PartialError("sample.columns.\(name): expected \(count) values, found 1"))
            }
            var start = 0
            for i in 0...bytes.count where i == bytes.count || bytes[i] == UInt8(ascii: ",") {
                let length = i - start
                if length == 0 {
                    out.append(empty)
                } else if length == 1, bytes[start] == UInt8(ascii: "="), let derived {
                    out.append(derived)
                } else if let v = parse(base + start, length) {
                    out.append(v)
                } else {
                    let found = String(decoding: bytes[start..<min(i, start + 40)], as: UTF8.self)
                    return .failure(
                        PartialError(
                            "sample.columns.\(name): expected a number, found \"\(found)\""))
                }
                start = i + 1
            }
            guard out.count == count else {
                return .failure(
                    PartialError(
                        "sample.columns.\(name): expected \(count) values, found \(out.count)"))
            }
            return .success(out)
        }
        return try result.get()
    }

    func ints(_ name: String, count: Int? = nil) throws(PartialError) -> [Int?] {
        // A value that does not parse is nil of `T?`, not a `T` that is nil.
        try fields(
            name, count: count, parse: { Self.integer($0, $1).map { Int?.some($0) } }, empty: nil,
            derived: nil)
    }

    /// Integers, `=` or none.
    func intCells(_ name: String) throws(PartialError) -> [Cell] {
        try fields(
            name, count: nil,
            parse: { Self.integer($0, $1).map { Cell.value(UInt64(bitPattern: Int64($0))) } },
            empty: .empty, derived: .derived)
    }

    func cells(_ name: String, count: Int? = nil) throws(PartialError) -> [Cell] {
        try fields(
            name, count: count, parse: { Self.number($0, $1).map { Cell.value($0.bitPattern) } },
            empty: .empty, derived: .derived)
    }

    func numbers(_ name: String, count: Int? = nil) throws(PartialError) -> [Double?] {
        try fields(
            name, count: count, parse: { Self.number($0, $1).map { Double?.some($0) } },
            empty: nil, derived: nil)
    }

    /// Every value present.
    func required<T>(_ values: [T?], _ name: String) throws(PartialError) -> [T] {
        try values.map { (v) throws(PartialError) -> T in
            guard let v else {
                throw PartialError("sample.columns.\(name): expected a value in every row")
            }
            return v
        }
    }

    /// A decimal integer with an optional minus sign that fits an `Int`.
    static func integer(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        var i = 0
        let negative = p[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        guard i < count, count - i <= 19 else { return nil }
        var magnitude: UInt64 = 0
        while i < count {
            let d = UInt64(p[i]) &- 48
            guard d <= 9 else { return nil }
            magnitude = magnitude * 10 + d
            i += 1
        }
        // 19 digits fit a UInt64; an Int takes up to 2^63 - 1, or 2^63 negated.
        guard magnitude <= UInt64(Int.max) + (negative ? 1 : 0) else { return nil }
        return negative ? Int(truncatingIfNeeded: 0 &- magnitude) : Int(magnitude)
    }

    /// A double as `Double.description` writes it (decimals, exponents, `inf`, `nan`).
    static func number(_ p: UnsafePointer<UInt8>, _ count: Int) -> Double? {
        if let v = decimalNumber(p, count) { return v }
        switch String(decoding: UnsafeBufferPointer(start: p, count: count), as: UTF8.self) {
        case "inf": return .infinity
        case "-inf": return -.infinity
        case "nan": return .nan
        default: return nil
        }
    }
}

/// A progress curve as the integers it was measured from: each point's time on the trace's
/// clock and its position along the axis, in units of 10^-`tDigits` s and 10^-`xDigits` pt,
/// as differences from the previous point (the first from the gesture's start time and
/// start position). A point reads back as `t = n / 10^k - startTime` and
/// `p = min(max((m / 10^k - startPosition) / extent, 0), 1)`; the curve is stored so only
/// when every point reads back to the same bits, else the measurement keeps it as it is.
/// Recorded times and positions have few decimals, so the integers are short and their
/// differences shorter.
struct PartialCurve: Codable, Equatable {
    var tDigits: Int
    var t: [Int]
    var xDigits: Int
    var x: [Int]

    init(tDigits: Int, t: [Int], xDigits: Int, x: [Int]) {
        (self.tDigits, self.t, self.xDigits, self.x) = (tDigits, t, xDigits, x)
    }

    /// Powers of ten a curve may use, each a double exactly: `n / 10^k` is then the double
    /// nearest the decimal, as a reader of the trace's text made it.
    static let scales: [Double] = (0...9).map { pow(10, Double($0)) }
    /// Integers beyond this do not convert to doubles exactly.
    static let limit = 1 << 53

    init?(_ m: GestureMeasurement) {
        let curve = m.progressCurve
        guard !curve.isEmpty, let t0 = m.startTime, t0.isFinite, m.extent.isFinite, m.extent > 0
        else { return nil }
        let s0 = m.startPosition, extent = m.extent
        guard
            let (tk, t) = Self.integers(
                curve.map { t0 + $0.t }, start: t0,
                matches: { k, n, i in Self.time(n, k, t0).bitPattern == curve[i].t.bitPattern }),
            let (xk, x) = Self.integers(
                curve.map { s0 + $0.p * extent }, start: s0,
                matches: { k, n, i in
                    Self.progress(n, k, s0, extent).bitPattern == curve[i].p.bitPattern
                })
        else { return nil }
        (tDigits, self.t, xDigits, self.x) = (tk, t, xk, x)
    }

    static func time(_ n: Int, _ k: Int, _ t0: Double) -> Double { Double(n) / scales[k] - t0 }

    static func progress(_ n: Int, _ k: Int, _ s0: Double, _ extent: Double) -> Double {
        min(max((Double(n) / scales[k] - s0) / extent, 0), 1)
    }

    /// The fewest decimals `k` at which every value rounds to an integer that reads back
    /// (`matches`), as differences (the first from `start`'s integer); nil when none does.
    static func integers(
        _ values: [Double], start: Double, matches: (Int, Int, Int) -> Bool
    ) -> (Int, [Int])? {
        let bound = Double(limit)
        search: for k in scales.indices {
            let first = (start * scales[k]).rounded()
            guard abs(first) < bound else { return nil }
            var previous = Int(first)
            var out: [Int] = []
            out.reserveCapacity(values.count)
            for (i, v) in values.enumerated() {
                let scaled = (v * scales[k]).rounded()
                guard scaled.isFinite, abs(scaled) < bound else { return nil }
                let n = Int(scaled)
                guard matches(k, n, i) else { continue search }
                out.append(n - previous)
                previous = n
            }
            return (k, out)
        }
        return nil
    }

    /// The points back; nil when the numbers are out of range.
    func points(_ m: GestureMeasurement) -> [ProgressPoint]? {
        guard Self.scales.indices.contains(tDigits), Self.scales.indices.contains(xDigits),
            t.count == x.count, let t0 = m.startTime, m.extent > 0
        else { return nil }
        func sums(_ steps: [Int], from start: Double, _ k: Int) -> [Int]? {
            let first = (start * Self.scales[k]).rounded()
            guard first.isFinite, abs(first) < Double(Self.limit) else { return nil }
            var n = Int(first)
            var out: [Int] = []
            out.reserveCapacity(steps.count)
            for step in steps {
                guard abs(step) < Self.limit else { return nil }
                n += step
                guard abs(n) < Self.limit else { return nil }
                out.append(n)
            }
            return out
        }
        guard let ts = sums(t, from: t0, tDigits), let xs = sums(x, from: m.startPosition, xDigits)
        else { return nil }
        return zip(ts, xs).map { n, m2 in
            ProgressPoint(
                t: Self.time(n, tDigits, t0),
                p: Self.progress(m2, xDigits, m.startPosition, m.extent))
        }
    }
}

/// The checks a summary read back from JSON (a shard for `merge`, a `--baseline`) must pass
/// before any figure of it is used.
///
/// The file is not trusted: `misdecided: -1000` would turn a failing case into a pass, and a
/// `maxError` of `-1e300` or an error rate beyond any integer would reach arithmetic that traps.
/// Every count is a whole number from 0 up, `misdecided` at most `labelled`, every rate within
/// [0, 1], counts at most `maxCount`, the gate within the bounds the command line accepts (`--max-error` and
/// `--tolerance` from 0 to 1), the shard `K/N` with 1 ≤ K ≤ N. A violation names the key.
extension BatchSummary {
    /// The largest count a file may hold (2^40, about 10^12: a trace of that many rows would be
    /// terabytes). Totals over files then stay far from `Int.max`, so summing cannot trap.
    package static let maxCount = 1 << 40

    /// The first violation as `key: expected …, found …`, nil when the summary is consistent.
    package func violation() -> String? {
        func count(_ key: String, _ value: Int) -> String? {
            value >= 0 && value <= Self.maxCount
                ? nil : "\(key): expected a count from 0 to \(Self.maxCount), found \(value)"
        }
        func unit(_ key: String, _ value: Double?) -> String? {
            guard let value else { return nil }
            return value.isFinite && value >= 0 && value <= 1
                ? nil : "\(key): expected a value from 0 to 1, found \(value)"
        }
        func finite(_ key: String, _ value: Double?) -> String? {
            guard let value else { return nil }
            return value.isFinite ? nil : "\(key): expected a finite number, found \(value)"
        }
        if let v = unit("gate.maxError", gate.maxError) ?? unit("gate.tolerance", gate.tolerance) {
            return v
        }
        if let shard {
            if shard.count < 1 || shard.index < 1 || shard.index > shard.count {
                return "shard: expected K/N with 1 <= K <= N, found \(shard.index)/\(shard.count)"
            }
            guard let corpusFiles = shard.corpusFiles else {
                return "shard.corpusFiles: expected a whole number, found none"
            }
            if let v = count("shard.corpusFiles", corpusFiles) { return v }
        }
        if let extent = settings.extent, !(extent.isFinite && extent > 0) {
            return "settings.extent: expected a number greater than 0, found \(extent)"
        }
        if let v = finite("settings.horizon", settings.horizon)
            ?? finite("settings.maxGap", settings.maxGap)
        {
            return v
        }
        for (k, file) in files.enumerated() {
            let key = "files[\(k)]"
            let counts = [
                ("rows", file.rows), ("gestures", file.gestures), ("labelled", file.labelled),
                ("misdecided", file.misdecided),
                ("unlabelled", file.unlabelled), ("interrupted", file.interrupted),
                ("confusion.completeDecidedComplete", file.confusion.completeDecidedComplete),
                ("confusion.completeDecidedCancel", file.confusion.completeDecidedCancel),
                ("confusion.cancelDecidedComplete", file.confusion.cancelDecidedComplete),
                ("confusion.cancelDecidedCancel", file.confusion.cancelDecidedCancel),
            ]
            for (name, value) in counts { if let v = count("\(key).\(name)", value) { return v } }
            for (reason, n) in file.skippedByReason.sorted(by: { $0.key < $1.key }) {
                if let v = count("\(key).skippedByReason.\(reason)", n) { return v }
            }
            for (g, group) in (file.groups ?? []).enumerated() {
                if let v = count("\(key).groups[\(g)].labelled", group.labelled)
                    ?? count("\(key).groups[\(g)].misdecided", group.misdecided)
                {
                    return v
                }
            }
            if file.misdecided > file.labelled {
                return
                    "\(key).misdecided: expected at most labelled (\(file.labelled)), found \(file.misdecided)"
            }
            if file.labelled > file.gestures {
                return
                    "\(key).labelled: expected at most gestures (\(file.gestures)), found \(file.labelled)"
            }
            if let v = unit("\(key).errorRate", file.errorRate)
                ?? unit("\(key).baselineErrorRate", file.baselineErrorRate)
            {
                return v
            }
            if let line = file.problem?.line, line < 0 {
                return "\(key).problem.line: expected a line of 0 or more, found \(line)"
            }
            for (g, m) in file.misdecidedGestures.enumerated() {
                if let v = finite(
                    "\(key).misdecidedGestures[\(g)].releaseProgress", m.releaseProgress)
                    ?? finite(
                        "\(key).misdecidedGestures[\(g)].progressVelocity", m.progressVelocity)
                {
                    return v
                }
            }
        }
        return nil
    }
}

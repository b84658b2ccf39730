/// A column the reader understands, with its accepted spellings (trace-format.md, "Canonical
/// columns"). Header names are matched case-insensitively after trimming.
enum Column: String, CaseIterable, Sendable {
    case t
    case tMs = "t_ms"
    case tUs = "t_us"
    case tNs = "t_ns"
    case x, y, phase, gesture, width, height, intent, outcome, vx, vy, dpi

    /// Spellings in priority order: when a header holds several, the first wins and the
    /// others are ignored columns.
    var aliases: [String] {
        switch self {
        case .t: ["t", "time", "timestamp", "t_s"]
        case .tMs: ["t_ms", "time_ms"]
        case .tUs: ["t_us", "time_us"]
        case .tNs: ["t_ns", "time_ns"]
        case .x: ["x"]
        case .y: ["y"]
        case .phase: ["phase", "state", "action"]
        case .gesture: ["gesture", "gesture_id", "stroke", "id"]
        case .width: ["width", "container_width"]
        case .height: ["height", "container_height"]
        case .intent: ["intent", "label", "expected"]
        case .outcome: ["outcome", "actual"]
        case .vx: ["vx"]
        case .vy: ["vy"]
        case .dpi: ["dpi", "xdpi", "density"]
        }
    }

    /// The unit a time column's name implies.
    var timeUnit: TimeUnit? {
        switch self {
        case .t: .s
        case .tMs: .ms
        case .tUs: .us
        case .tNs: .ns
        default: nil
        }
    }

    static let timeColumns: [Column] = [.t, .tMs, .tUs, .tNs]

    /// The column a `--map` key names: a canonical name or any alias (`time_ms` is `t_ms`).
    static func named(_ name: String) -> Column? {
        let key = name.trimmedLowercased
        return allCases.first { $0.aliases.contains(key) }
    }

    /// Role of a column of this kind in a data row.
    var role: Role {
        switch self {
        case .t, .tMs, .tUs, .tNs: .time
        case .x: .x
        case .y: .y
        case .phase: .phase
        case .gesture: .gesturePart
        case .width: .width
        case .height: .height
        case .intent: .intent
        case .outcome: .outcome
        case .vx: .vx
        case .vy: .vy
        case .dpi: .dpi
        }
    }
}

/// What a field at a given column index means, resolved once from the header.
enum Role: UInt8, Sendable {
    case ignore, time, x, y, phase, gesturePart, width, height, intent, outcome, vx, vy, dpi
}

/// Column mappings of well-known public datasets (`--preset NAME`).
enum Presets {
    /// `touchalytics`: Frank et al., "Touchalytics" (2013), one stream per phone, user and document.
    /// `bioident`: the BioIdent touch dataset, one stream per device, user and document type.
    /// A source written `a|b` accepts either spelling (the first the header holds): the
    /// Touchalytics readme says `document ID`, some exports `doc ID`.
    static let all: [String: [String: [String]]] = [
        "touchalytics": [
            "t_ms": ["time[ms]"], "phase": ["action"], "x": ["x-coordinate"], "y": ["y-coordinate"],
            "gesture": ["phone ID", "user ID", "document ID|doc ID"],
        ],
        "bioident": [
            "t_ms": ["time"], "phase": ["action"], "x": ["x_coor"], "y": ["y_coor"],
            "gesture": ["device_id", "user_id", "doc_type"],
        ],
    ]
}

/// The header resolved into per-column roles (trace-format.md, "Canonical columns" and
/// "Foreign layouts").
struct ColumnLayout: Sendable {
    /// Header names as found (trimmed).
    var names: [String]
    /// Role of each column, by index.
    var roles: [Role]
    /// For `.gesturePart` columns, the part's position in the joined id; -1 otherwise.
    var gesturePart: [Int]
    /// Number of columns the gesture id joins (0: no gesture column).
    var gesturePartCount: Int
    /// Index of each role's column (for messages), by `Role.rawValue`.
    var columnOfRole: [Int]
    var timeUnit: TimeUnit
    var ignored: [String]
    /// Column index of each `options.filters` entry, in order.
    var filterColumns: [Int] = []
    /// Column index of each `options.groupColumns` entry, in order.
    var groupColumns: [Int] = []

    func has(_ role: Role) -> Bool { columnOfRole[Int(role.rawValue)] >= 0 }

    /// The header name of the column holding `role`.
    func name(of role: Role) -> String {
        let index = columnOfRole[Int(role.rawValue)]
        return index >= 0 ? names[index] : "\(role)"
    }

    /// Resolves `header` with the mapping of `options` (preset first, then `--map`, which
    /// wins per key), then the aliases for every column the mapping does not name.
    ///
    /// Throws `.missingColumn` when time, `x`, `y` or (without a gesture column) `phase` is
    /// absent, with the found columns and the unused column nearest (Levenshtein distance) to
    /// the missing name's spellings; `.file` for a bad mapping or an unknown preset.
    static func resolve(header: [String], options: ReaderOptions, file: String, line: Int)
        throws(TraceError) -> ColumnLayout
    {
        let names = header.map(\.trimmed)
        let lower = header.map(\.trimmedLowercased)
        var roles = [Role](repeating: .ignore, count: names.count)
        var parts = [Int](repeating: -1, count: names.count)
        var partCount = 0
        var mappedColumns: [Column: [Int]] = [:]
        var roleOfIndex: [Int: String] = [:]

        var mapping: [String: [String]] = [:]
        /// Keys whose sources come from the preset (not overridden by `--map`), for messages.
        var fromPreset: Set<String> = []
        if let preset = options.preset {
            guard let presetMapping = Presets.all[preset.trimmedLowercased] else {
                let known = Presets.all.keys.sorted()
                let near =
                    nearest(to: [preset.trimmedLowercased], among: known).map {
                        "; did you mean \"\($0)\"?"
                    } ?? ""
                throw .file(
                    file: file, line: 0,
                    message:
                        "unknown preset \"\(preset)\" (known presets: \(known.joined(separator: ", ")))\(near)"
                )
            }
            mapping = presetMapping
            fromPreset = Set(presetMapping.keys)
        }
        for (key, sources) in options.mapping {
            mapping[key] = sources
            fromPreset.remove(key)
        }

        for key in mapping.keys.sorted() {
            let sources = mapping[key] ?? []
            guard let column = Column.named(key) else {
                let known = Column.allCases.map(\.rawValue)
                let near =
                    nearest(to: [key.trimmedLowercased], among: known).map {
                        "; did you mean \"\($0)\"?"
                    } ?? ""
                throw .file(
                    file: file, line: 0,
                    message:
                        "--map \(key)=...: unknown column name \"\(key)\" (known: \(known.joined(separator: ", ")))\(near)"
                )
            }
            if column != .gesture && sources.count != 1 {
                throw .file(
                    file: file, line: 0,
                    message:
                        "--map \(key)=\(sources.joined(separator: "+")): only the gesture id may join several columns"
                )
            }
            var indices: [Int] = []
            for source in sources {
                let spellings =
                    fromPreset.contains(key)
                    ? source.split(separator: "|").map(String.init) : [source]
                guard
                    let index = spellings.lazy.compactMap({
                        lower.firstIndex(of: $0.trimmedLowercased)
                    }).first
                else {
                    let near =
                        nearest(to: [source.trimmedLowercased], among: names).map {
                            "; did you mean \"\($0)\"?"
                        } ?? ""
                    let origin =
                        fromPreset.contains(key)
                        ? "--preset \(options.preset!.trimmedLowercased) (\(key)=\(sources.joined(separator: "+")))"
                        : "--map \(key)=\(source)"
                    throw .file(
                        file: file, line: line,
                        message:
                            "\(origin): no column \"\(source)\"; found columns \(quotedList(names))\(near)"
                    )
                }
                if let other = roleOfIndex[index] {
                    throw .file(
                        file: file, line: line,
                        message:
                            "column \"\(names[index])\" is mapped to two roles (\(other) and \(key)): a column has one role"
                    )
                }
                roleOfIndex[index] = key
                indices.append(index)
            }
            mappedColumns[column] = indices
        }
        let mappedTime = Column.timeColumns.filter { mappedColumns[$0] != nil }
        if mappedTime.count > 1 {
            throw .file(
                file: file, line: 0,
                message:
                    "--map names several time columns (\(mappedTime.map(\.rawValue).joined(separator: ", "))): keep one"
            )
        }

        var timeUnit = TimeUnit.s
        var taken = [Bool](repeating: false, count: names.count)
        func assign(_ column: Column, _ indices: [Int]) {
            for index in indices {
                taken[index] = true
                roles[index] = column.role
                if column == .gesture {
                    parts[index] = partCount
                    partCount += 1
                }
            }
            if let unit = column.timeUnit { timeUnit = unit }
        }
        for column in Column.allCases {
            if let indices = mappedColumns[column] { assign(column, indices) }
        }
        for column in Column.allCases where mappedColumns[column] == nil {
            if column.timeUnit != nil && !mappedTime.isEmpty { continue }
            if column.role == .time && roles.contains(.time) { continue }
            for alias in column.aliases {
                if let index = lower.indices.first(where: { lower[$0] == alias && !taken[$0] }) {
                    assign(column, [index])
                    break
                }
            }
        }

        var columnOfRole = [Int](repeating: -1, count: Int(Role.dpi.rawValue) + 1)
        for (index, role) in roles.enumerated()
        where role != .ignore && columnOfRole[Int(role.rawValue)] < 0 {
            columnOfRole[Int(role.rawValue)] = index
        }
        let unused = names.indices.filter { !taken[$0] && !names[$0].isEmpty }.map { names[$0] }
        func missing(_ columns: [Column]) -> TraceError {
            // A column spelled like another canonical column (`x` when `--map x=...` took
            // another one) is no candidate: it means that column, not a typo of this one.
            let candidates = unused.filter { Column.named($0) == nil }
            var best: (distance: Int, column: Column, name: String)?
            for column in columns {
                for alias in column.aliases {
                    for name in candidates {
                        let d = editDistance(name.lowercased(), alias)
                        if d <= closeEnough(alias), best == nil || d < best!.distance {
                            best = (d, column, name)
                        }
                    }
                }
            }
            // A header that holds every column of a preset's layout (and none was chosen).
            let preset =
                options.preset == nil
                ? Presets.all.keys.sorted().first { name in
                    Presets.all[name]!.values.joined().allSatisfy { source in
                        source.split(separator: "|").contains { lower.contains($0.lowercased()) }
                    }
                } : nil
            return .missingColumn(
                file: file, line: line, name: (best?.column ?? columns[0]).rawValue,
                found: names.filter { !$0.isEmpty },
                suggestion: preset == nil ? best?.name : nil, preset: preset)
        }
        if columnOfRole[Int(Role.time.rawValue)] < 0 { throw missing(Column.timeColumns) }
        if columnOfRole[Int(Role.x.rawValue)] < 0 { throw missing([.x]) }
        if columnOfRole[Int(Role.y.rawValue)] < 0 { throw missing([.y]) }
        if columnOfRole[Int(Role.phase.rawValue)] < 0 && partCount == 0 { throw missing([.phase]) }
        if options.requirePlatformVelocity,
            columnOfRole[Int(Role.vx.rawValue)] < 0 || columnOfRole[Int(Role.vy.rawValue)] < 0
        {
            throw .file(
                file: file, line: line,
                message:
                    "--estimator platform: expected the platform's velocity columns \"vx\" and \"vy\", found columns \(quotedList(names.filter { !$0.isEmpty })) (record them with 'gesturetune recorder', or choose another estimator)"
            )
        }

        var filterColumns: [Int] = []
        for filter in options.filters {
            guard let index = lower.firstIndex(of: filter.column.trimmedLowercased) else {
                let near =
                    nearest(to: [filter.column.trimmedLowercased], among: names).map {
                        "; did you mean \"\($0)\"?"
                    } ?? ""
                throw .file(
                    file: file, line: line,
                    message:
                        "--where \(filter.description): no column \"\(filter.column)\"; found columns \(quotedList(names))\(near)"
                )
            }
            filterColumns.append(index)
        }

        var groupColumns: [Int] = []
        for column in options.groupColumns {
            guard let index = lower.firstIndex(of: column.trimmedLowercased) else {
                let near =
                    nearest(to: [column.trimmedLowercased], among: names).map {
                        "; did you mean \"\($0)\"?"
                    } ?? ""
                throw .file(
                    file: file, line: line,
                    message:
                        "--by \(options.groupColumns.joined(separator: "+")): no column \"\(column)\"; found columns \(quotedList(names))\(near)"
                )
            }
            groupColumns.append(index)
        }

        return ColumnLayout(
            names: names, roles: roles, gesturePart: parts, gesturePartCount: partCount,
            columnOfRole: columnOfRole, timeUnit: options.timeUnit ?? timeUnit, ignored: unused,
            filterColumns: filterColumns, groupColumns: groupColumns)
    }
}

/// How far (edits) a name may be from a spelling and still be suggested: none for a single
/// letter (any other letter is one edit away), 1 edit for names of 2 or 3 letters, about a
/// third of the length beyond (`phsae` → `phase`, `tme` → `time`, `time[ms]` → `time_ms`).
func closeEnough(_ name: String) -> Int { name.count <= 1 ? 0 : max(1, (name.count + 1) / 3) }

/// The entry of `candidates` nearest to any of `targets`, if close enough.
func nearest(to targets: [String], among candidates: [String]) -> String? {
    var best: (Int, String)?
    for candidate in candidates {
        for target in targets {
            let d = editDistance(candidate.lowercased(), target)
            if d <= closeEnough(target), best == nil || d < best!.0 { best = (d, candidate) }
        }
    }
    return best?.1
}

/// Edit distance between two strings, by Unicode scalars: insertions, deletions,
/// substitutions and transpositions of adjacent letters each count 1 (optimal string
/// alignment), so the common typo `tiem` is one edit from `time`.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(
                previous[j] + 1, current[j - 1] + 1,
                previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], beforePrevious[j - 2] + 1)
            }
        }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
}

/// `"t", "x", "y"`: the first `shown` names, each cut at 80 characters, then `… and N more`,
/// so a header of 10⁵ columns gives a message of a line, not a megabyte.
func quotedList(_ names: [String], shown: Int = 12) -> String {
    let quoted = names.prefix(shown).map { name in
        "\"\(name.count > 80 ? String(name.prefix(80)) + "…" : name)\""
    }
    let rest = names.count - quoted.count
    return quoted.joined(separator: ", ") + (rest > 0 ? ", … and \(rest) more" : "")
}

extension String {
    var trimmed: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return String(s)
    }

    var trimmedLowercased: String { trimmed.lowercased() }
}

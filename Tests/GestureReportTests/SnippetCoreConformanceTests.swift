import Foundation
import GesturePhysics
import GestureTrace
import GestureTuning
import TestSupport
import Testing

@testable import GestureCodegen
@testable import GestureReport

/// Each language's GestureTuneCore, compiled with its parameters block, fed every gesture's
/// samples in order, must decide as `gesturetune measure FILE --params params.json` does (its
/// `p_r`, `v_p` and `decision` columns) on the three sample traces and on seeded `simulate` sets
/// in all four directions, under every rule family and estimator, and must admit the gestures the
/// start-of-gesture gate admits (gate-spec: the first sample's edge distance and the direction
/// once the finger is more than the slop away). One process per language per file.
@Suite(.serialized) struct SnippetCoreConformanceTests {
    struct Case {
        var name: String
        /// A sample trace (path under the package) or `simulate` arguments.
        var trace: String?
        var simulate: [String]
        /// Add `vx, vy` columns (the platform estimator's input).
        var platformColumns = false
        var set: ParameterSet
    }

    static func set(
        _ rule: Rule, _ direction: Direction, estimator: Estimator? = nil,
        window: (Double, Int, Double)? = nil, edge: Double? = nil, lock: Double? = nil,
        slop: Double? = nil
    ) -> ParameterSet {
        var s = ParameterSet(
            rule: rule, direction: direction, transitionDuration: 0.3, fingerSpeedCap: 0.4,
            spring: .init(dampingRatio: 0.9, response: 0.32), edgeWidth: edge,
            directionLockAngle: lock)
        s.estimator = estimator
        s.slop = slop
        if let window {
            s.horizon = window.0
            s.maxSamples = window.1
            s.maxGap = window.2
        }
        return s
    }

    static let cases: [Case] = [
        Case(
            name: "swipe", trace: "traces/swipe.csv", simulate: [],
            set: set(.projection(progress: 0.43, tau: 0.44), .right, edge: 12, lock: 10)),
        Case(
            name: "outcome", trace: "traces/outcome.csv", simulate: [],
            set: set(
                .threshold(progress: 0.45, velocity: 0.85), .right, estimator: .lsq1,
                window: (0.08, 8, 0.03), lock: 6)),
        Case(
            name: "unlabelled", trace: "traces/unlabelled.csv", simulate: [],
            set: set(.kinematic(distance: 187.5, duration: 0.35), .right, estimator: .impulse)),
        Case(
            name: "right", trace: nil,
            simulate: ["--direction", "right", "--seed", "11", "--rate", "120"],
            set: set(.forward(progress: 0.5, velocity: 0.51), .right, estimator: .delta, edge: 12)),
        Case(
            name: "left", trace: nil,
            simulate: ["--direction", "left", "--seed", "12", "--rate", "240"],
            set: set(
                .logistic(b0: -4.1, b1: 8.9, b2: 2.2), .left, window: (0.1, 20, 0.02), edge: 14,
                lock: 8, slop: 6)),
        Case(
            name: "down", trace: nil,
            simulate: ["--direction", "down", "--seed", "13", "--rate", "60", "--extent", "700"],
            platformColumns: true,
            set: set(.threshold(progress: 0.3, velocity: .infinity), .down, estimator: .platform)),
        Case(
            name: "up", trace: nil,
            simulate: ["--direction", "up", "--seed", "14", "--jitter", "0.004"],
            set: set(.projection(progress: 0.5, tau: 0.3), .up, estimator: .lsq1, lock: 6, slop: 14)
        ),
    ]

    /// The rule family's distance from its boundary at `(p, v)`: a mismatch closer than 1e-9 is
    /// a tie (kinematic: never, its inputs are not in measure's columns).
    static func margin(_ rule: Rule, p: Double, v: Double) -> Double {
        switch rule {
        case .threshold(let pth, let vth):
            return min(abs(v - vth), abs(abs(v) - vth), abs(p - pth))
        case .forward(let pth, let vth): return min(abs(v), abs(v - vth), abs(p - pth))
        case .projection(let pth, let tau): return abs(p + tau * v - pth)
        case .logistic(let b0, let b1, let b2): return abs(b0 + b1 * p + b2 * v)
        case .kinematic: return .infinity
        }
    }

    /// A gesture fed to the cores: its extent and its samples (`a` down/move, `r` the release),
    /// as physics reads them (non-finite samples skipped; the first ended or cancelled sample
    /// releases; none: the last sample releases too).
    static func feed(_ gesture: Gesture, extent: Double) -> String {
        var out = "g \(extent)\n"
        func line(_ kind: String, _ s: Sample) -> String {
            var l = "\(kind) \(s.t) \(s.x) \(s.y)"
            if let vx = s.vx, let vy = s.vy { l += " \(vx) \(vy)" }
            return l + "\n"
        }
        var last: Sample?
        for s in gesture.samples where s.t.isFinite && s.x.isFinite && s.y.isFinite {
            if s.phase == .ended || s.phase == .cancelled { return out + line("r", s) }
            out += line("a", s)
            last = s
        }
        return out + (last.map { line("r", $0) } ?? "r 0.0 0.0 0.0\n")
    }

    struct Expected {
        var id: String
        var admitted: Bool
        var decision: Bool
        var progress: Double
        var velocity: Double
    }

    /// Prepares every case: the trace file, params.json, the feed, and what measure and the gate say.
    static func prepare(_ dir: URL) throws -> [(Case, feed: URL, expected: [Expected])] {
        var out: [(Case, URL, [Expected])] = []
        for c in cases {
            var trace = dir.appendingPathComponent("\(c.name).csv")
            if let path = c.trace {
                trace = TestSupport.packageRoot.appendingPathComponent(path)
            } else {
                let r = try TestSupport.run(
                    ["simulate", "--gestures", "150", "--out", trace.path] + c.simulate)
                try #require(r.status == 0, "\(r.stderr)")
                if c.platformColumns {
                    // vx, vy per row from a formula; every seventh row leaves them empty.
                    let text = try String(contentsOf: trace, encoding: .utf8)
                    var lines = text.split(separator: "\n").map(String.init)
                    lines[0] += ",vx,vy"
                    for k in 1..<lines.count {
                        lines[k] +=
                            k % 7 == 0
                            ? ",,"
                            : ",\(Double(k % 13) * 17.5 - 40),\(Double(k % 11) * 61.25 - 200)"
                    }
                    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: trace)
                }
            }
            let params = dir.appendingPathComponent("\(c.name).json")
            try c.set.write(to: params.path)
            let measured = try TestSupport.run([
                "measure", trace.path, "--params", params.path, "--format", "ndjson",
            ])
            try #require(measured.status == 0, "\(c.name): \(measured.stderr)")
            var rows: [String: [String: Any]] = [:]
            for line in measured.stdout.split(separator: "\n") {
                let row = try #require(
                    try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                rows[try #require(row["id"] as? String)] = row
            }
            var physics = PhysicsOptions(direction: c.set.direction)
            _ = c.set.apply(to: &physics, keep: [])
            let engine = PhysicsEngine(options: physics)
            var feed = ""
            var expected: [Expected] = []
            _ = try TraceReader.read(path: trace.path) { gesture in
                let m = engine.measure(gesture)
                feed += Self.feed(gesture, extent: m.extent)
                let row = rows[gesture.id] ?? [:]
                let admitted = c.set.gate.admits(m)
                // measure decides as the app does: the gate, then the release; a refused
                // gesture's row says so, and the core's release decision is the engine's.
                #expect(
                    row["admitted"] as? Bool == admitted, "\(c.name) \(gesture.id): admitted")
                let decision =
                    admitted
                    ? row["decision"] as? String == "complete"
                    : c.set.decider.decision(m.releaseState) == .complete
                if !admitted {
                    #expect(row["decision"] as? String == "refused", "\(c.name) \(gesture.id)")
                }
                expected.append(
                    Expected(
                        id: gesture.id, admitted: admitted,
                        decision: decision,
                        progress: row["p_r"] as? Double ?? .nan,
                        velocity: row["v_p"] as? Double ?? .nan))
            }
            #expect(expected.count == rows.count, "\(c.name)")
            let url = dir.appendingPathComponent("\(c.name).feed")
            try Data(feed.utf8).write(to: url)
            out.append((c, url, expected))
        }
        return out
    }

    /// Compares a core's output lines (`admitted ruleCompletes progress velocity`) with measure.
    static func check(
        _ language: String, _ c: Case, _ output: String, _ expected: [Expected]
    ) -> (ties: Int, worstProgress: Double, worstVelocity: Double) {
        let lines = output.split(separator: "\n")
        #expect(lines.count == expected.count, "\(language) \(c.name): \(lines.count) lines")
        var ties = 0
        var worstP = 0.0
        var worstV = 0.0
        for (line, e) in zip(lines, expected) {
            let f = line.split(separator: " ").map(String.init)
            guard f.count == 4, let p = Double(f[2]), let v = Double(f[3]) else {
                Issue.record("\(language) \(c.name): bad line \(line)")
                continue
            }
            worstP = max(worstP, abs(p - e.progress))
            worstV = max(worstV, abs(v - e.velocity) / max(1, abs(e.velocity)))
            #expect(
                abs(p - e.progress) <= 1e-12
                    && abs(v - e.velocity) <= 1e-9 * max(1, abs(e.velocity)),
                "\(language) \(c.name) \(e.id): p \(p) v \(v), measure p_r \(e.progress) v_p \(e.velocity)"
            )
            #expect((f[0] == "1") == e.admitted, "\(language) \(c.name) \(e.id): admitted \(f[0])")
            if (f[1] == "1") != e.decision {
                if margin(c.set.rule, p: e.progress, v: e.velocity) <= 1e-9 {
                    ties += 1
                } else {
                    Issue.record(
                        "\(language) \(c.name) \(e.id): core decides \(f[1]), measure \(e.decision) (p_r \(e.progress), v_p \(e.velocity))"
                    )
                }
            }
        }
        let refused = expected.filter { !$0.admitted }.count
        let completing = expected.filter(\.decision).count
        // Not vacuous: both decisions occur, and a set with a gate refuses some gestures.
        #expect(completing > 0 && completing < expected.count, "\(c.name)")
        if c.set.edgeWidth != nil || c.set.directionLockAngle != nil {
            #expect(refused > 0 && refused < expected.count, "\(c.name)")
        }
        print(
            "\(language) \(c.name): \(expected.count) gestures (\(completing) complete, \(refused) refused by the gate), ties within 1e-9 decided differently: \(ties); largest |Δp_r| \(worstP), largest relative |Δv_p| \(worstV)"
        )
        return (ties, worstP, worstV)
    }

    static func sources(_ set: ParameterSet, _ language: SnippetTemplates.Language) throws
        -> String
    {
        try SnippetTemplates.core(set, language: language)
    }

    @Test(.enabled(if: PlatformToolchains.swiftc != nil, "swiftc not found: skipped"))
    func swiftCoreDecidesAsMeasure() throws {
        let dir = try TestSupport.temporaryDirectory("core-swift")
        let prepared = try Self.prepare(dir)
        // One program: each case's block, core and rule in its own namespace.
        var source = "import Foundation\n"
        for (k, (c, _, _)) in prepared.enumerated() {
            let core = try Self.sources(c.set, .swift).replacingOccurrences(
                of: "\nfunc gestureTuneRuleCompletes(",
                with: "\nstatic func gestureTuneRuleCompletes(")
            source += "enum Case\(k) {\n\(core)\n}\n"
        }
        source += """
            func run<Core>(_ path: String, make: (Double) -> Core, add: (inout Core, [Double]) -> Void,
                release: (Core, [Double]) -> (Bool, Bool, Double, Double)) {
                let text = try! String(contentsOfFile: path, encoding: .utf8)
                var core: Core? = nil
                var out = ""
                for line in text.split(separator: "\\n") {
                    let f = line.split(separator: " ")
                    let n = f.dropFirst().map { Double($0)! }
                    switch f[0] {
                    case "g": core = make(n[0])
                    case "a": add(&core!, n)
                    default:
                        let r = release(core!, n)
                        out += "\\(r.0 ? 1 : 0) \\(r.1 ? 1 : 0) \\(r.2) \\(r.3)\\n"
                    }
                }
                print(out, terminator: "")
            }
            let arguments = CommandLine.arguments
            switch arguments[2] {

            """
        for k in prepared.indices {
            source += """
                case "\(k)":
                    run(arguments[1], make: { Case\(k).GestureTuneCore(extent: $0) },
                        add: { c, n in c.add(t: n[0], x: n[1], y: n[2], vx: n.count > 3 ? n[3] : nil, vy: n.count > 4 ? n[4] : nil) },
                        release: { c, n in
                            let r = c.release(t: n[0], x: n[1], y: n[2], vx: n.count > 3 ? n[3] : nil, vy: n.count > 4 ? n[4] : nil)
                            return (r.admitted, r.ruleCompletes, r.progress, r.velocity)
                        })

                """
        }
        source += "default: break\n}\n"
        let main = dir.appendingPathComponent("main.swift")
        try Data(source.utf8).write(to: main)
        let exe = dir.appendingPathComponent("core").path
        let build = try TestSupport.runProcess([
            PlatformToolchains.swiftc!, "-swift-version", "6", "-warnings-as-errors", "-O", "-o",
            exe,
            main.path,
        ])
        try #require(build.status == 0, "\(build.stderr)")
        for (k, (c, feed, expected)) in prepared.enumerated() {
            let r = try TestSupport.runProcess([exe, feed.path, "\(k)"])
            #expect(r.status == 0, "\(r.stderr)")
            _ = Self.check("swift", c, r.stdout, expected)
        }
    }

    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/node"),
            "node not found: skipped"))
    func javascriptCoreDecidesAsMeasure() throws {
        let dir = try TestSupport.temporaryDirectory("core-js")
        let prepared = try Self.prepare(dir)
        for (c, feed, expected) in prepared {
            let script =
                try Self.sources(c.set, .javascript) + """

                    const lines = require('fs').readFileSync(process.argv[2], 'utf8').split('\\n');
                    let core = null;
                    const out = [];
                    for (const line of lines) {
                      if (line === '') continue;
                      const f = line.split(' ');
                      const n = f.slice(1).map(Number);
                      if (f[0] === 'g') core = new GestureTuneCore(n[0]);
                      else if (f[0] === 'a') core.add(n[0], n[1], n[2], n.length > 3 ? n[3] : null, n.length > 4 ? n[4] : null);
                      else {
                        const r = core.release(n[0], n[1], n[2], n.length > 3 ? n[3] : null, n.length > 4 ? n[4] : null);
                        out.push(`${r.admitted ? 1 : 0} ${r.ruleCompletes ? 1 : 0} ${r.progress} ${r.velocity}`);
                      }
                    }
                    process.stdout.write(out.join('\\n') + '\\n');

                    """
            let url = dir.appendingPathComponent("\(c.name).js")
            try Data(script.utf8).write(to: url)
            let r = try TestSupport.runProcess(["/usr/bin/node", url.path, feed.path])
            #expect(r.status == 0, "\(r.stderr)")
            _ = Self.check("javascript", c, r.stdout, expected)
        }
    }

    @Test(
        .enabled(
            if: PlatformToolchains.kotlinc != nil
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/java"),
            "kotlinc or java is absent (apt-get install kotlin): skipped"))
    func kotlinCoreDecidesAsMeasure() throws {
        let dir = try TestSupport.temporaryDirectory("core-kotlin")
        let prepared = try Self.prepare(dir)
        // One compilation: each case's block, core and rule in its own package.
        var files: [String] = []
        var dispatch = ""
        for (k, (c, _, _)) in prepared.enumerated() {
            let source =
                "package case\(k)\n\n" + (try Self.sources(c.set, .kotlin)) + """

                    fun run(path: String) {
                        var core: GestureTuneCore? = null
                        val out = StringBuilder()
                        for (line in java.io.File(path).readLines()) {
                            if (line.isEmpty()) continue
                            val f = line.split(" ")
                            val n = f.drop(1).map { it.toDouble() }
                            when (f[0]) {
                                "g" -> core = GestureTuneCore(n[0])
                                "a" -> core!!.add(n[0], n[1], n[2], n.getOrNull(3), n.getOrNull(4))
                                else -> {
                                    val r = core!!.release(n[0], n[1], n[2], n.getOrNull(3), n.getOrNull(4))
                                    out.append(if (r.admitted) "1" else "0").append(' ')
                                        .append(if (r.ruleCompletes) "1" else "0").append(' ')
                                        .append(r.progress).append(' ').append(r.velocity).append('\\n')
                                }
                            }
                        }
                        print(out)
                    }

                    """
            let url = dir.appendingPathComponent("Case\(k).kt")
            try Data(source.utf8).write(to: url)
            files.append(url.path)
            dispatch += "        \"\(k)\" -> case\(k).run(args[0])\n"
        }
        let main = dir.appendingPathComponent("Main.kt")
        try Data(
            "fun main(args: Array<String>) {\n    when (args[1]) {\n\(dispatch)    }\n}\n".utf8
        )
        .write(to: main)
        let jar = dir.appendingPathComponent("core.jar").path
        let build = try TestSupport.runProcess(
            ["/usr/bin/timeout", "600", PlatformToolchains.kotlinc!] + files + [
                main.path, "-include-runtime", "-d", jar,
            ])
        try #require(build.status == 0, "\(build.stderr)")
        for (k, (c, feed, expected)) in prepared.enumerated() {
            let r = try TestSupport.runProcess(["/usr/bin/java", "-jar", jar, feed.path, "\(k)"])
            #expect(r.status == 0, "\(r.stderr)")
            _ = Self.check("kotlin", c, r.stdout, expected)
        }
    }
}

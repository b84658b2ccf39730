import Foundation
import GesturePhysics
import Testing

@testable import GestureReport

@Suite struct SnippetRendererTests {
    static let rules: [Rule] = [
        .threshold(progress: 0.45, velocity: 0.85), .threshold(progress: 0.3, velocity: .infinity),
        .forward(progress: 0.5, velocity: 0.51), .projection(progress: 0.5, tau: 0.3),
        .logistic(b0: -4.1, b1: 8.9, b2: 2.2), .kinematic(distance: 187.5, duration: 0.35),
    ]

    static func model(_ rule: Rule) -> ReportModel {
        var m = Fixture.model(count: 30)
        m.summary.suggestedRule = rule
        return m
    }

    @Test func eachFileCarriesTheSuggestionAndTheIOSNote() {
        let model = Fixture.model(count: 100)
        let r = SnippetRenderer(model: model)
        let s = model.animation.suggestedCompletionSpeed
        for name in SnippetRenderer.fileNames {
            let text = r.text(name)
            #expect(text.contains("Targets iOS (UIKit). It could not be compiled here"), "\(name)")
            #expect(text.contains("import UIKit"))
            #expect(text.contains("let progressThreshold: CGFloat = 0.45"))
            #expect(text.contains("let velocityThreshold: CGFloat = 0.85"))
        }
        let percent = r.text("PercentDrivenPanHandler.swift")
        #expect(percent.contains("UIPercentDrivenInteractiveTransition"))
        #expect(percent.contains("completionSpeed = Self.suggestedCompletionSpeed"))
        #expect(percent.contains("static let suggestedCompletionSpeed: CGFloat = \(Text.trimmed(Text.fixed(s, 3)))"))
        for call in ["update(progress)", "finish()", "cancel()"] { #expect(percent.contains(call)) }
        let spring = r.text("SpringAnimatorPanHandler.swift")
        #expect(spring.contains("UISpringTimingParameters("))
        // The suggested response is applied: ω = 2π / response, stiffness ω², damping 2ζω (mass 1).
        #expect(spring.contains("static let response: TimeInterval = \(Text.trimmed(Text.fixed(model.animation.springResponse ?? 0, 3)))"))
        #expect(spring.contains("let omega = 2 * .pi / CGFloat(Self.response)"))
        #expect(spring.contains("mass: 1, stiffness: omega * omega, damping: 2 * Self.dampingRatio * omega,"))
        #expect(spring.contains("initialVelocity: CGVector(dx: relative, dy: relative)"))
        #expect(spring.contains("@MainActor\nfinal class TunedSpringPan"))
        #expect(spring.contains("progressVelocity / max(1 - progress, 0.001)"))
        #expect(spring.contains("-progressVelocity / max(progress, 0.001)"))
        let tt = r.text("TransitionTreasuryConstants.swift")
        // Threshold 0.45 at rest: the rule flips at p_r = 0.45 when v_p = 0.
        #expect(tt.contains("static let interactivePrecent: CGFloat = 0.45"))
        #expect(tt.contains("cancelPop = !"))
        #expect(tt.contains("static let transitionDuration: TimeInterval = 0.35"))
        #expect(tt.contains("CGAffineTransform(translationX: container.bounds.width, y: 0)"))
    }

    static let swiftc: String? = {
        for p in ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"] where FileManager.default.isExecutableFile(atPath: p) { return p }
        return nil
    }()

    /// Every snippet parses as Swift (`swiftc -parse`: syntax only; UIKit is not available here).
    @Test(.enabled(if: swiftc != nil, "swiftc not found: skipped"), arguments: rules)
    func snippetsParse(_ rule: Rule) throws {
        let dir = try Fixture.directory("snippet-parse")
        let r = SnippetRenderer(model: Self.model(rule))
        var paths: [String] = []
        for name in SnippetRenderer.fileNames {
            let url = dir.appendingPathComponent(name)
            try Data(r.text(name).utf8).write(to: url)
            paths.append(url.path)
        }
        for path in paths {
            let res = try Python.run([Self.swiftc!, "-parse", path])
            #expect(res.status == 0, "\(path): \(res.stderr)")
        }
    }

    /// The generated decision function, compiled with Foundation's CGFloat on Linux, decides
    /// like `Rule.completes` over a grid of release states.
    @Test(.enabled(if: swiftc != nil, "swiftc not found: skipped"))
    func decisionCodeAgreesWithTheRule() throws {
        let dir = try Fixture.directory("snippet-run")
        let ps = (0..<20).map { 0.013 + Double($0) * 0.05 }
        let vs = (0..<24).map { -2.99 + Double($0) * 0.26 }
        var source = "import Foundation\ntypealias CFTimeInterval = Double\n"
        var calls = ""
        for (k, rule) in Self.rules.enumerated() {
            let fn = SnippetRenderer(model: Self.model(rule)).decisionFunction()
                .replacingOccurrences(of: "gestureTuneShouldComplete", with: "decide\(k)")
            source += fn + "\n"
            let call: String
            if rule.family == .kinematic {
                // Uneven steps (10 ms, then 5 ms): mean of the segment velocities v − 1 and v + 1
                // is v, acceleration 2 / 0.0075 clamped to 5 (GesturePhysics' kinematics).
                call = "var r = RecentProgress(); r.add(time: 0, progress: p - 0.01 * (v - 1) - 0.005 * (v + 1)); r.add(time: 0.01, progress: p - 0.005 * (v + 1)); r.add(time: 0.015, progress: p); out += decide\(k)(progress: p, velocity: v, recent: r, extent: 390) ? \"1\" : \"0\""
            } else {
                call = "out += decide\(k)(progress: p, velocity: v) ? \"1\" : \"0\""
            }
            calls += "out = \"\"\nfor p in ps { for v in vs { \(call) } }\nprint(out)\n"
        }
        source += "let ps: [CGFloat] = [\(ps.map { "\($0)" }.joined(separator: ", "))]\n"
        source += "let vs: [CGFloat] = [\(vs.map { "\($0)" }.joined(separator: ", "))]\nvar out = \"\"\n" + calls
        let main = dir.appendingPathComponent("main.swift")
        try Data(source.utf8).write(to: main)
        let exe = dir.appendingPathComponent("decide").path
        let build = try Python.run([Self.swiftc!, "-O", "-o", exe, main.path])
        try #require(build.status == 0, "\(build.stderr)")
        let run = try Python.run([exe])
        let lines = run.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == Self.rules.count)
        for (k, rule) in Self.rules.enumerated() {
            var expected = ""
            for p in ps {
                for v in vs {
                    let acceleration = rule.family == .kinematic ? 5.0 : 0
                    expected += rule.completes(ReleaseState(progress: p, velocity: v, kinematicVelocity: v, kinematicAcceleration: acceleration, sampleCount: 3, extent: 390)) ? "1" : "0"
                }
            }
            #expect(lines[k] == expected, "\(rule)")
            #expect(expected.contains("1") && expected.contains("0"))
        }
    }
}

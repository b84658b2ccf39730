import Foundation
import TestSupport
import Testing

@testable import GestureCodegen
@testable import GestureReport

/// The recorder sources `gesturetune recorder` writes, checked for real: the Swift ones
/// type-checked against stubs of UIKit and SwiftUI (and the platform-neutral core run on Linux),
/// the Kotlin one compiled against stubs of the Android API, the JavaScript one run in headless
/// Chromium under a synthetic touch swipe. Each recorded file is read by `gesturetune validate`.
@Suite struct RecorderTests {
    static let fixtures = TestSupport.packageRoot.appendingPathComponent("Tests/Fixtures/Recorders")

    /// The recorder files of `platform`, written to `dir`; returns their paths.
    static func write(_ platform: RecorderPlatform, to dir: URL) throws -> [String] {
        try platform.files().map { file in
            let url = dir.appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: url)
            return url.path
        }
    }

    @Test func everyPlatformWritesTheCanonicalHeaderAndTrials() throws {
        let header = "gesture,t,x,y,phase,width,height,vx,vy,outcome,intent"
        for platform in RecorderPlatform.allCases {
            let text = try platform.files().map(\.contents).joined()
            #expect(text.contains(header), "\(platform)")
            #expect(text.contains("beginTrial"), "\(platform)")
            #expect(SourceTemplates.placeholders(in: text).isEmpty, "\(platform)")
        }
        let uikit = try RecorderPlatform.uikit.files().map(\.contents).joined()
        for api in [
            "coalescedTouches(for:", "touch.timestamp", "velocity(in: frame.view)", "isCancelled",
            "cancelsTouchesInView = false", "touch.location(in: nil)",
            "convert(CGPoint.zero, to: nil)",
        ] {
            #expect(uikit.contains(api), "\(api)")
        }
        let swiftui = try RecorderPlatform.swiftui.files().map(\.contents).joined()
        #expect(
            swiftui.contains("coordinateSpace: .global") && swiftui.contains("frame(in: .global)"))
        let android = try RecorderPlatform.android.files().map(\.contents).joined()
        for api in [
            "getHistoricalX", "VelocityTracker.obtain()", "handleOnBackProgressed",
            "backEvent.progress", "ACTION_CANCEL", "event.rawX - event.x",
            "dispatcher.onBackPressed()",
            "existing?.onTouch(v, event)",
        ] {
            #expect(
                android.contains(api)
                    || android.contains(api.replacingOccurrences(of: "backEvent.", with: "event.")),
                "\(api)")
        }
        let web = try RecorderPlatform.web.files().map(\.contents).joined()
        for api in [
            "getCoalescedEvents()", "event.timeStamp", "attach: function (element, options)",
            "prototype.csv", "prototype.download", "console.warn",
        ] {
            #expect(web.contains(api), "\(api)")
        }
    }

    // MARK: Swift

    static var swiftc: String? { PlatformToolchains.swiftc }

    @Test(.enabled(if: swiftc != nil, "swiftc not found: skipped"), arguments: ["6", "5"])
    func swiftRecordersTypecheckAgainstTheStubs(swiftVersion: String) throws {
        let dir = try TestSupport.temporaryDirectory("recorder-swift")
        let stubFailures = try PlatformToolchains.buildSwiftStubs(in: dir)
        try #require(stubFailures.isEmpty, "\(stubFailures)")
        for platform in [RecorderPlatform.uikit, .swiftui] {
            let sub = dir.appendingPathComponent(platform.rawValue)
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            let files = try Self.write(platform, to: sub)
            let r = try PlatformToolchains.typecheckSwift(
                files, stubDir: dir, swiftVersion: swiftVersion)
            #expect(r.status == 0, "\(platform): \(r.stderr)")
        }
        // The stubs are what is checked against: a misspelt UIKit member is caught.
        let broken = dir.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        let files = try Self.write(.uikit, to: broken)
        let ext = try String(contentsOfFile: files[1], encoding: .utf8).replacingOccurrences(
            of: "coalescedTouches(for:", with: "coalescedTouchez(for:")
        try Data(ext.utf8).write(to: URL(fileURLWithPath: files[1]))
        let r = try PlatformToolchains.typecheckSwift(
            files, stubDir: dir, swiftVersion: swiftVersion)
        #expect(r.status != 0 && r.stderr.contains("coalescedTouchez"))
    }

    /// The platform-neutral core, compiled with a driver and run on Linux: the rows it writes are
    /// the ones worked out by hand from the driver's calls, and `gesturetune validate` accepts them.
    @Test(
        .enabled(
            if: swiftc != nil && TestSupport.binaryPath != nil,
            "swiftc or the built gesturetune not found: skipped"))
    func coreRecorderWritesWhatValidateAccepts() throws {
        let dir = try TestSupport.temporaryDirectory("recorder-core")
        let core = try Self.write(.uikit, to: dir)[0]
        let exe = dir.appendingPathComponent("driver").path
        let main = dir.appendingPathComponent("main.swift")
        try FileManager.default.copyItem(
            at: Self.fixtures.appendingPathComponent("LinuxRecorderDriver.swift"), to: main)
        let build = try TestSupport.runProcess([
            Self.swiftc!, "-swift-version", "6", "-o", exe, core, main.path,
        ])
        try #require(build.status == 0, "\(build.stderr)")
        let out = dir.appendingPathComponent("out")
        let run = try TestSupport.runProcess([exe, out.path])
        try #require(run.status == 0, "\(run.stderr)")
        let path =
            run.stdout.split(separator: "\n").last.map { String($0) }?.trimmingCharacters(
                in: .whitespaces) ?? ""
        #expect(path.hasPrefix(out.path + "/driver-") && path.hasSuffix(".csv"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Header, 5 + 4 + 3 rows, g3's note, final newline; g1 written at its outcome, g2 when g3
        // began.
        try #require(lines.count == 1 + 12 + 1 + 1, "\(text)")
        #expect(lines[0] == "gesture,t,x,y,phase,width,height,vx,vy,outcome,intent")
        #expect(
            lines[1]
                == "g1,100.000000,10.000,300.000,began,390.000,844.000,2400.000,0.000,complete,complete"
        )
        // 100 + 1/120 = 100.008333…; x = 10 + 20.
        #expect(
            lines[2]
                == "g1,100.008333,30.000,300.000,moved,390.000,844.000,2400.000,0.000,complete,complete"
        )
        #expect(
            lines[5]
                == "g1,100.033333,90.000,300.000,ended,390.000,844.000,2400.000,0.000,complete,complete"
        )
        // g2: no trial, no outcome, no velocity; 101 + 3/60 = 101.05, x = 200 − 15.
        #expect(lines[6] == "g2,101.000000,200.000,310.000,began,390.000,844.000,,,,")
        #expect(lines[9] == "g2,101.050000,185.000,310.000,ended,390.000,844.000,,,,")
        #expect(
            lines[10]
                == "g3,102.000000,30.000,320.000,began,390.000,844.000,100.000,-1.500,cancel,cancel"
        )
        #expect(
            lines[11]
                == "g3,102.010000,32.250,320.000,moved,390.000,844.000,225.000,0.000,cancel,cancel")
        #expect(
            lines[12]
                == "g3,102.020000,33.000,320.500,ended,390.000,844.000,75.000,50.000,cancel,cancel")
        #expect(
            lines[13]
                == "# g3: the frame moved by -12.0 4.0 pt during this gesture; positions are in the frame where it stood when the gesture began"
        )
        #expect(run.stdout.contains("warning: the container moved during gesture g3"))
        #expect(lines[14] == "")
        let v = try TestSupport.run(["validate", path])
        #expect(v.status == 0, "\(v.stderr)")
        #expect(v.stdout.hasSuffix(": 12 rows, 3 gestures; ok\n"), "\(v.stdout)")
    }

    // MARK: Kotlin

    @Test(
        .enabled(
            if: PlatformToolchains.kotlinc != nil,
            "kotlinc is absent (apt-get install kotlin): the Kotlin recorder is not compiled"))
    func kotlinRecorderCompilesAgainstTheAndroidStubs() throws {
        let dir = try TestSupport.temporaryDirectory("recorder-kotlin")
        let files = try Self.write(.android, to: dir)
        let r = try PlatformToolchains.compileKotlin(files, in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        // Negative control: a member the stubs lack is an error.
        let text = try String(contentsOfFile: files[0], encoding: .utf8).replacingOccurrences(
            of: "getHistoricalX", with: "getHistoricalZ")
        try Data(text.utf8).write(to: URL(fileURLWithPath: files[0]))
        let broken = try PlatformToolchains.compileKotlin(files, in: dir)
        #expect(broken.status != 0 && broken.stderr.contains("getHistoricalZ"))
    }

    /// The Kotlin recorder run on the JVM against the stubs with working bodies: a sheet that
    /// follows the finger through the app's own touch listener (set before `attach`, kept), a back
    /// dispatcher whose fallback is the Activity's Back. Density 2, the container at (0, 100) px on
    /// screen, 800 × 1200 px: the finger's screen position (100 + 2.5 px/ms · t, 700) is
    /// ((100 + 2.5 t) / 2, 300) dp in the container, 1250 dp/s, whatever the sheet's translation.
    @Test(
        .enabled(
            if: PlatformToolchains.kotlinc != nil
                && FileManager.default.isExecutableFile(atPath: "/usr/bin/javac")
                && TestSupport.binaryPath != nil,
            "kotlinc, javac or the built gesturetune is absent: skipped"))
    func kotlinRecorderRecordsInTheContainerFrameAndKeepsBackOnTheJVM() throws {
        let dir = try TestSupport.temporaryDirectory("recorder-kotlin-jvm")
        let files = try Self.write(.android, to: dir)
        let stubs = dir.appendingPathComponent("stubs").path
        let javac = try TestSupport.runProcess(
            ["/usr/bin/javac", "-d", stubs] + PlatformToolchains.androidStubs)
        try #require(javac.status == 0, "\(javac.stderr)")
        let jar = dir.appendingPathComponent("driver.jar").path
        let build = try TestSupport.runProcess(
            ["/usr/bin/timeout", "300", PlatformToolchains.kotlinc!] + files + [
                Self.fixtures.appendingPathComponent("AndroidRecorderDriver.kt").path
            ] + PlatformToolchains.androidStubs + ["-include-runtime", "-d", jar])
        try #require(build.status == 0, "\(build.stderr)")
        let out = dir.appendingPathComponent("out")
        let run = try TestSupport.runProcess([
            "/usr/bin/java", "-cp", jar + ":" + stubs, "gesturetrace.AndroidRecorderDriverKt",
            out.path,
        ])
        try #require(run.status == 0, "\(run.stderr)")
        let parts = run.stdout.components(separatedBy: "== ")
        try #require(parts.count == 4, "\(run.stdout)")
        // The app's listener ran for every event and still consumed them; the sheet followed.
        #expect(
            parts[0]
                == "consumed true true true true\napp listener calls 4, sheet translation 100.0\n"
                + "after cancel: navigated 0\nafter press: navigated 1, enabled true\n"
                + "after button: navigated 2\n")
        let header = "gesture,t,x,y,phase,width,height,vx,vy,outcome,intent,back_progress"
        let swipe = [
            "1.000000,50.000,300.000,began,400.000,600.000,,",
            "1.008000,60.000,300.000,moved,400.000,600.000,1250.000,0.000",
            "1.016000,70.000,300.000,moved,400.000,600.000,1250.000,0.000",
            "1.024000,80.000,300.000,moved,400.000,600.000,1250.000,0.000",
            "1.032000,90.000,300.000,moved,400.000,600.000,1250.000,0.000",
            "1.040000,100.000,300.000,ended,400.000,600.000,1250.000,0.000",
        ]
        let first = parts[1].split(separator: "\n").map(String.init)
        #expect(
            first
                == [header] + swipe.map { "g1,\($0),complete,complete," }
                + swipe.map { "g2,\($0),,," }, "\(parts[1])")
        // With the moving sheet as its frame: the same positions (the frame where the sheet stood
        // at the down), and a note: at the up the sheet stood 80 px = 40 dp to the right.
        let moving = parts[2].split(separator: "\n").map(String.init)
        #expect(
            moving
                == [header] + swipe.map { "g1,\($0),,," } + [
                    "# g1: the frame moved by 40.0 0.0 dp during this gesture; positions are in the frame where it stood when the gesture began"
                ], "\(parts[2])")
        #expect(
            run.stderr.contains("W/GestureTraceRecorder: the container moved during gesture g1"))
        // Back, in the container's frame: (4, 600) px on screen is (2, 250) dp.
        let back = parts[3].split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let fields = back.dropFirst().map { [$0[0], $0[2], $0[3], $0[4], $0[5], $0[9], $0[11]] }
        #expect(
            fields == [
                ["g1", "2.000", "250.000", "began", "400.000", "cancel", "0.0000"],
                ["g1", "30.000", "252.000", "moved", "400.000", "cancel", "0.1000"],
                ["g1", "30.000", "252.000", "ended", "400.000", "cancel", "0.1000"],
                ["g2", "1.000", "200.000", "began", "400.000", "complete", "0.0000"],
                ["g2", "50.000", "200.000", "moved", "400.000", "complete", "0.2500"],
                ["g2", "150.000", "210.000", "moved", "400.000", "complete", "0.5000"],
                ["g2", "150.000", "210.000", "ended", "400.000", "complete", "0.5000"],
            ], "\(parts[3])")
        for (k, text) in parts.dropFirst().enumerated() {
            let csv = dir.appendingPathComponent("android\(k).csv")
            try Data(text.utf8).write(to: csv)
            let v = try TestSupport.run(["validate", csv.path])
            #expect(v.status == 0 && v.stdout.hasSuffix("; ok\n"), "\(v.stdout)\(v.stderr)")
        }
    }

    // MARK: JavaScript

    /// A page with the recorder attached to a sheet that follows the finger gets a synthetic touch
    /// swipe (WebDriver pointer actions, pointer type touch): down, `moves` moves 10 px apart, up.
    /// `recorder.csv()` then holds one gesture of moves + 2 samples, labelled by the trial, in the
    /// still stage's frame: the recorded displacement is the driven one although the sheet moved
    /// under the finger. `gesturetune validate` accepts it.
    @Test(
        .enabled(
            if: PlatformToolchains.canRunBrowser && TestSupport.binaryPath != nil,
            "chromium, chromium-driver or python selenium is absent (make deps pydeps installs them), or gesturetune is not built: skipped"
        ))
    func webRecorderRecordsATouchSwipeInChromium() throws {
        let dir = try TestSupport.temporaryDirectory("recorder-web")
        let js = try Self.write(.web, to: dir)[0]
        let moves = 8
        // The stage sits at (20, 40) in the page and is 390 × 600: the finger went down at
        // (70, 340) in the page, (50, 300) in the stage, and moved 10 px at a time.
        var expectedXs: [Double] = [50]
        for k in 1...moves { expectedXs.append(50 + 10 * Double(k)) }
        expectedXs.append(50 + 10 * Double(moves))
        for container in ["", "sheet"] {
            let r = try Python.run([
                "/usr/bin/timeout", "240", Python.executable!,
                Self.fixtures.appendingPathComponent("web-swipe.py").path,
                js, PlatformToolchains.chromium!, "\(moves)", container,
            ])
            try #require(r.status == 0, "\(r.stderr.suffix(3000))")
            var lines = r.stdout.split(separator: "\n").map(String.init)
            if container == "sheet" {
                // The moving sheet as the frame: reported after the gesture, in a comment row;
                // positions stay in the frame where the sheet stood at pointerdown.
                #expect(
                    lines.last
                        == "# g1: the frame moved by \(10 * moves).0 0.0 px during this gesture; positions are in the frame where it stood at pointerdown"
                )
                lines.removeLast()
            }
            try #require(lines.count == 1 + moves + 2, "\(r.stdout)")
            #expect(lines[0] == "gesture,t,x,y,phase,width,height,vx,vy,outcome,intent")
            let rows = lines.dropFirst().map {
                $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            }
            #expect(
                rows.allSatisfy {
                    $0.count == 11 && $0[0] == "g1" && $0[10] == "complete" && $0[9] == ""
                })
            let phases: [String] = rows.map { $0[4] }
            #expect(phases == ["began"] + Array(repeating: "moved", count: moves) + ["ended"])
            let first: [String] = rows.first.map { [$0[2], $0[3], $0[5], $0[6]] } ?? []
            #expect(first == ["50.000", "300.000", "390.000", "600.000"])
            let xs: [Double] = rows.map { Double($0[2]) ?? -1 }
            #expect(
                zip(xs, expectedXs).allSatisfy { abs($0 - $1) <= 1 }
                    && xs.count == expectedXs.count, "\(xs)")
            let times = rows.map { Double($0[1]) ?? -1 }
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
            let csv = dir.appendingPathComponent("web\(container).csv")
            try Data(r.stdout.utf8).write(to: csv)
            let v = try TestSupport.run(["validate", csv.path])
            #expect(v.status == 0, "\(v.stderr)")
            #expect(v.stdout.hasSuffix(": \(moves + 2) rows, 1 gesture; ok\n"), "\(v.stdout)")
        }
    }
}

import Testing

@testable import GestureTrace

/// Phase spellings and gesture assembly (trace-format.md, "Phases" and "Gestures").
@Suite struct GestureAssemblyTests {
    static let spellings: [(String, Phase)] =
        ["began", "down", "start", "touchstart", "pointerdown", "0", "BEGAN", "PointerDown"].map {
            ($0, .began)
        }
        + ["moved", "changed", "move", "stationary", "touchmove", "pointermove", "2", "Moved"].map {
            ($0, .moved)
        }
        + ["ended", "up", "end", "touchend", "pointerup", "1", "UP"].map { ($0, .ended) }
        + [
            "cancelled", "canceled", "cancel", "failed", "touchcancel", "pointercancel", "3",
            "Cancelled",
        ].map { ($0, .cancelled) }

    /// The spelling is placed where its phase belongs: first (began), middle (moved) or last.
    @Test(arguments: spellings)
    func phaseSpelling(spelling: String, phase: Phase) throws {
        var phases = ["began", "moved", "ended"]
        switch phase {
        case .began: phases[0] = spelling
        case .moved: phases[1] = spelling
        case .ended, .cancelled: phases[2] = spelling
        }
        let f = try TraceFixture(
            "t,x,y,phase\n0,0,0,\(phases[0])\n1,1,1,\(phases[1])\n2,2,2,\(phases[2])\n")
        let g = try #require(try f.read().gestures.first)
        let expected: [Phase] = [.began, .moved, phase == .cancelled ? .cancelled : .ended]
        #expect(g.samples.map(\.phase) == expected)
        #expect(g.interruptedBySystem == (phase == .cancelled))
    }

    @Test func multiTouchAndPossibleRowsAreSkippedAndCounted() throws {
        let f = try TraceFixture(
            "t,x,y,phase\n0,0,0,possible\n0,0,0,0\n1,1,1,5\n2,2,2,2\n3,3,3,6\n4,4,4,261\n5,5,5,262\n6,6,6,1\n"
        )
        let (gestures, summary) = try f.read()
        #expect(gestures.first?.samples.map(\.t) == [0, 2, 6])
        #expect(summary.skipped[.multiTouch] == 4)
        #expect(summary.skipped[.possibleState] == 1)
        #expect(summary.rows == 8)
    }

    @Test func interleavedGesturesCloseInOrder() throws {
        let f = try TraceFixture(
            """
            gesture,t,x,y,phase
            a,0.00,0,0,began
            b,0.01,100,0,began
            a,0.02,1,0,moved
            b,0.03,101,0,moved
            b,0.04,102,0,ended
            a,0.05,2,0,cancelled

            """)
        let (gestures, summary) = try f.read()
        #expect(gestures.map(\.id) == ["b", "a"])
        #expect(gestures[0].samples.map(\.x) == [100, 101, 102])
        #expect(gestures[1].samples.map(\.x) == [0, 1, 2])
        #expect(gestures[1].interruptedBySystem)
        #expect(gestures[1].firstLine == 2 && gestures[0].firstLine == 3)
        #expect(summary.gestures == 2)
    }

    @Test func streamIdRunsAreNumbered() throws {
        let f = try TraceFixture(
            "gesture,t,x,y,phase\ns,0,0,0,down\ns,1,1,1,up\ns,2,0,0,down\ns,3,1,1,up\ns,4,0,0,down\ns,5,1,1,up\n"
        )
        #expect(try f.read().gestures.map(\.id) == ["s", "s#2", "s#3"])
    }

    @Test func phaseDelimitedGesturesAreNumbered() throws {
        let f = try TraceFixture(
            "t,x,y,phase\n0,0,0,began\n1,1,1,ended\n2,0,0,began\n3,1,1,moved\n4,2,2,ended\n")
        let (gestures, summary) = try f.read()
        #expect(gestures.map(\.id) == ["#1", "#2"])
        #expect(gestures.map(\.samples.count) == [2, 3])
        #expect(!summary.hasGestureColumn)
    }

    @Test func gestureColumnWithoutPhaseColumn() throws {
        let f = try TraceFixture(
            "gesture,t,x,y\na,0,0,0\na,1,1,1\na,2,2,2\nb,0,5,5\nb,1,6,6\na,5,0,0\na,6,3,0\nc,9,0,0\n"
        )
        let (gestures, summary) = try f.read()
        // A gesture ends where its id's rows do; `a` again later is its second run; `c` has
        // one sample. Each ends with a lift-off made from its last row (same time, place, line).
        #expect(gestures.map(\.id) == ["a", "b", "a#2"])
        #expect(
            gestures.map { $0.samples.map(\.phase) } == [
                [.began, .moved, .moved, .ended], [.began, .moved, .ended],
                [.began, .moved, .ended],
            ])
        #expect(gestures[0].samples[3] == Sample(t: 2, x: 2, y: 2, phase: .ended, line: 4))
        #expect(gestures[2].firstLine == 7)
        #expect(summary.skipped[.tooFewSamples] == 1)
    }

    @Test func gestureWithoutBeganIsSkipped() throws {
        // The file starts mid-gesture: rows before the first `began` are one skipped fragment.
        let f = try TraceFixture(
            "t,x,y,phase\n0,0,0,moved\n1,1,1,moved\n2,2,2,ended\n3,0,0,began\n4,1,1,ended\n")
        for options in [ReaderOptions(), .leniently] {
            let (gestures, summary) = try f.read(options)
            #expect(gestures.map(\.id) == ["#1"])
            #expect(summary.skipped[.noBegan] == 1)
        }
    }

    @Test func fragmentStillOpenAtTheEndCountsAsNoBegan() throws {
        let f = try TraceFixture(
            "gesture,t,x,y,phase\na,0,0,0,moved\nb,0,0,0,began\nb,1,1,1,ended\n")
        let (gestures, summary) = try f.read()
        #expect(gestures.map(\.id) == ["b"])
        #expect(summary.skipped[.noBegan] == 1)
    }

    @Test func gestureMetadataTakesTheFirstValue() throws {
        let f = try TraceFixture(
            "t,x,y,phase,width,intent\n0,0,0,began,,\n1,1,1,moved,390,\n2,2,2,ended,400,cancel\n")
        let g = try #require(try f.read().gestures.first)
        #expect(g.width == 390)
        #expect(g.height == nil)
        #expect(g.intent == .cancel)
        #expect(g.file.hasSuffix("trace.csv"))
    }

    @Test func manyClosedIdsStayBounded() throws {
        // More distinct ids than the closed-track memory holds: every gesture is still delivered.
        var text = "gesture,t,x,y,phase\n"
        let n = ReadState.closedTrackCapacity + 100
        for k in 0..<n { text += "g\(k),0,0,0,began\ng\(k),1,1,1,ended\n" }
        let f = try TraceFixture(text)
        let (gestures, summary) = try f.read()
        #expect(gestures.count == n)
        #expect(summary.gestures == n)
        #expect(gestures.last?.id == "g\(n - 1)")
    }
}

/// The reader keeps the previous row's phase and label spelling to skip its tables: a change
/// of spelling from row to row, and a spelling no table has, must still read as they would alone.
@Suite struct SpellingCacheTests {
    @Test func everyLabelSpellingInTurnReadsAsItself() throws {
        let spellings: [(String, Intent)] = [
            ("complete", .complete), ("no", .cancel), ("YES", .complete), ("0", .cancel),
            ("1", .complete),
            ("False", .cancel), ("true", .complete), ("cancel", .cancel), ("cancel", .cancel),
            ("Complete", .complete),
        ]
        var text = "gesture,t,x,y,phase,intent,outcome\n"
        for (k, (word, _)) in spellings.enumerated() {
            // The outcome column takes the other spelling of the pair, so the one cache alternates.
            let other = spellings[(k + 1) % spellings.count].0
            text +=
                "g\(k),0,0,0,began,\(word),\(other)\ng\(k),0.01,5,0,moved,\(word),\(other)\ng\(k),0.02,9,0,ended,\(word),\(other)\n"
        }
        let gestures = try TraceFixture(text).read().gestures
        #expect(gestures.map(\.intent) == spellings.map(\.1))
        #expect(
            gestures.map(\.outcome)
                == spellings.indices.map { spellings[($0 + 1) % spellings.count].1 })
    }

    /// A field of NUL bytes packs like no spelling at all; before any row, the caches must not
    /// take it for the phase or label they start with.
    @Test func nulFieldsAreNotTakenForACachedSpelling() throws {
        let phase = try TraceFixture(
            bytes: Array("t,x,y,phase\n0,0,0,".utf8) + [0] + Array("\n".utf8)
        ).error()
        #expect(phase != nil, "a NUL phase must be an error")
        if let phase { #expect("\(phase)".contains("phase"), "\(phase)") }
        let label = try TraceFixture(
            bytes: Array("t,x,y,phase,intent\n0,0,0,began,".utf8) + [0]
                + Array("\n1,1,0,ended,complete\n".utf8)
        ).error()
        #expect(label != nil, "a NUL label must be an error")
    }
}

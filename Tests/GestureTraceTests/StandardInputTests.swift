import Foundation
import Testing

@testable import GestureTrace

#if canImport(Glibc)
    import Glibc
#endif

/// `-` reads standard input. The test puts a file on descriptor 0 for the duration of one
/// read (no other test reads standard input) and restores it.
@Suite(.serialized) struct StandardInputTests {
    @Test func dashReadsStandardInput() throws {
        let f = try TraceFixture("t,x,y,phase\n0,0,0,began\n1,x,1,ended\n")
        let saved = dup(0)
        let file = open(f.path, O_RDONLY)
        #expect(saved >= 0 && file >= 0)
        dup2(file, 0)
        close(file)
        defer {
            dup2(saved, 0)
            close(saved)
        }
        var gestures: [Gesture] = []
        let error = #expect(throws: TraceError.self) {
            _ = try TraceReader.read(path: "-") { gestures.append($0) }
        }
        #expect(error?.description == "<stdin>:3: column \"x\": expected a number, found \"x\"")
    }

    /// Gestures and the summary name standard input `<stdin>`, as messages do.
    @Test func standardInputIsNamedLikeInMessages() throws {
        let f = try TraceFixture("t,x,y,phase\n0,0,0,began\n1,1,1,ended\n")
        let saved = dup(0)
        let file = open(f.path, O_RDONLY)
        #expect(saved >= 0 && file >= 0)
        dup2(file, 0)
        close(file)
        defer {
            dup2(saved, 0)
            close(saved)
        }
        var gestures: [Gesture] = []
        let summary = try TraceReader.read(path: "-") { gestures.append($0) }
        #expect(summary.file == "<stdin>")
        #expect(gestures.map(\.file) == ["<stdin>"])
    }
}

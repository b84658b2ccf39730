import Foundation
import TestSupport
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

    /// A gzip stream on a pipe (which cannot be rewound): the magic number is seen in the first
    /// chunk and that chunk still read; a bad field names its line of the text.
    @Test func aCompressedPipeIsDecompressed() throws {
        let text = "t,x,y,phase\n0,0,0,began\n1,1,1,moved\n2,x,2,ended\n"
        let packed = [UInt8](TestSupport.gzip(Data(text.utf8)))
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        // Smaller than a pipe's buffer: written whole before the read starts.
        #expect(write(ends[1], packed, packed.count) == packed.count)
        close(ends[1])
        let saved = dup(0)
        dup2(ends[0], 0)
        close(ends[0])
        defer {
            dup2(saved, 0)
            close(saved)
        }
        let error = #expect(throws: TraceError.self) {
            _ = try TraceReader.read(path: "-") { _ in }
        }
        #expect(error?.description == "<stdin>:4: column \"x\": expected a number, found \"x\"")
    }
}

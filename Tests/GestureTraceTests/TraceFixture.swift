import Foundation
import TestSupport

@testable import GestureTrace

/// Writes CSV text to a temporary file and reads it back through the reader.
struct TraceFixture {
    let path: String

    init(_ text: String, name: String = "trace.csv") throws {
        path = try TestSupport.writeTemporaryFile(text, name: name)
    }

    init(bytes: [UInt8], name: String = "trace.csv") throws {
        let dir = try TestSupport.temporaryDirectory()
        let url = dir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        path = url.path
    }

    /// All gestures and the summary; `feedSize` splits the input into pieces of that size.
    func read(_ options: ReaderOptions = .init(), feedSize: Int = TraceReader.chunkSize) throws -> (
        gestures: [Gesture], summary: ReadSummary
    ) {
        var gestures: [Gesture] = []
        let summary = try TraceReader.read(path: path, options: options, feedSize: feedSize) {
            gestures.append($0)
        }
        return (gestures, summary)
    }

    /// The error reading throws, or nil when it reads cleanly.
    func error(_ options: ReaderOptions = .init(), feedSize: Int = TraceReader.chunkSize)
        -> TraceError?
    {
        do {
            _ = try read(options, feedSize: feedSize)
            return nil
        } catch let error as TraceError {
            return error
        } catch {
            return .unreadable(file: path, reason: "unexpected error \(error)")
        }
    }
}

extension ReaderOptions {
    static let leniently = ReaderOptions(lenient: true)
}

import GestureIO
import GesturePhysics
import GestureTrace

/// `gesturetune measure`'s engine: reads files one after another, measures each gesture as it
/// closes and hands its row on at once (nothing per gesture is kept), in file order then
/// gesture order. Reading runs on the calling thread, measuring and formatting on a second
/// (`GesturePipe`), so the rows come at about the reader's speed.
public enum MeasurementStream {
    /// Writes `header` and then every gesture's `row` (its measurement and the line of its
    /// first sample) of `files` to `output` (called in order, from one thread at a time, with
    /// text of some kilobytes). Throws the first file's
    /// `TraceError`, or the first error of `output`; rows of the files before are written.
    /// Returns what reading each file saw.
    public static func write(
        files: [String], reader: ReaderOptions, physics: PhysicsOptions, header: String,
        row: @escaping @Sendable (GestureMeasurement, Int) -> String,
        to output: @escaping @Sendable (String) throws -> Void
    ) throws -> [ReadSummary] {
        try output(header)
        let failure = Locked<(any Error)?>(nil)
        var summaries: [ReadSummary] = []
        for file in files {
            let engine = Locked(PhysicsEngine(options: physics))
            let pipe = GesturePipe { batch in
                guard failure.withLock({ $0 == nil }) else { return }
                var text = ""
                engine.withLock { engine in
                    for gesture in batch {
                        text += row(engine.measure(gesture), gesture.firstLine)
                    }
                }
                do { try output(text) } catch { failure.withLock { $0 = $0 ?? error } }
            }
            let summary: ReadSummary
            do {
                summary = try TraceReader.read(path: file, options: physics.reading(reader)) {
                    gesture in
                    if let error = failure.withLock({ $0 }) { throw error }
                    pipe.send(gesture)
                }
                pipe.finish()
            } catch {
                pipe.finish()
                throw failure.withLock({ $0 }) ?? error
            }
            if let error = failure.withLock({ $0 }) { throw error }
            summaries.append(summary)
        }
        return summaries
    }
}

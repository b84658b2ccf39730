import Foundation
import GestureTrace
import TestSupport
import Testing

@testable import GestureIO

/// Issue 46, second round: bounded reads, no silent skips in folder walks, zstd skippable frames,
/// partials checked as strictly as a fresh run builds them, killed runs' leftovers removed.
@Suite struct TrustTests {
    static func scratch() throws -> (folder: URL, trace: String) {
        let folder = try TestSupport.temporaryDirectory("gesturetune-trust")
        let trace = folder.appendingPathComponent("s.csv").path
        let made = try TestSupport.run(["simulate", "--gestures", "30", "--out", trace])
        #expect(made.status == 0, "\(made.stderr)")
        return (folder, trace)
    }

    // MARK: Bounded reads

    /// A JSON input beyond the limit is `tooLarge`, a data error, not memory filled.
    @Test func aReadBeyondItsLimitIsRefused() throws {
        let folder = try TestSupport.temporaryDirectory("gesturetune-trust")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("big.json").path
        try Data(repeating: 0x20, count: 4096).write(to: URL(fileURLWithPath: path))
        #expect(throws: InputFile.Failure.tooLarge(limit: 1000)) {
            try InputFile.read(path, limit: 1000)
        }
        #expect(try InputFile.read(path, limit: 4096).count == 4096)
        // A device never ends: refused at the limit.
        #expect(throws: InputFile.Failure.tooLarge(limit: 1 << 16)) {
            try InputFile.read("/dev/zero", limit: 1 << 16)
        }
    }

    /// A small zstd frame that claims much more text (a decompression bomb) stops at the limit.
    @Test func decompressionStopsAtItsLimit() throws {
        let text = Data(repeating: UInt8(ascii: "a"), count: 1 << 20)
        let frame = TestSupport.zstd(text, level: 19)
        #expect(frame.count < 1 << 12)
        #expect(try ZstdFrames.decompress(frame, limit: 1 << 21) == text)
        do throws(ZstdError) {
            _ = try ZstdFrames.decompress(frame, limit: 1 << 16)
            Issue.record("expected the limit to stop it")
        } catch {
            #expect(error.message.contains("expected at most"), "\(error.message)")
        }
    }

    /// `--params /dev/zero` is a data error (65) naming the file, not a trap.
    @Test func anEndlessParameterFileIsADataError() throws {
        let (folder, trace) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try TestSupport.run(
            ["batch", trace, "--params", "/dev/zero", "--allow-empty"], in: folder)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("/dev/zero"), "\(result.stderr)")
        #expect(result.stderr.contains("MiB"), "\(result.stderr)")
    }

    // MARK: zstd skippable frames

    /// A trace that opens with a skippable frame (as `pzstd` writes them) reads as `zstd -d`
    /// reads it: the same gestures as the plain text.
    @Test func aSkippableFrameFirstIsStillZstd() throws {
        let (folder, trace) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try Data(contentsOf: URL(fileURLWithPath: trace))
        let payload = Data("pzstd".utf8)
        var skippable = Data([0x50, 0x2A, 0x4D, 0x18])
        withUnsafeBytes(of: UInt32(payload.count).littleEndian) { skippable.append(contentsOf: $0) }
        skippable.append(payload)
        let compressed = folder.appendingPathComponent("p.csv.zst")
        try (skippable + TestSupport.zstd(text)).write(to: compressed)
        let plain = try TestSupport.run(["validate", trace], in: folder)
        let zstd = try TestSupport.run(["validate", compressed.path], in: folder)
        #expect(plain.status == 0 && zstd.status == 0, "\(zstd.stderr)")
        let gestures = { (s: String) in s.split(separator: "\n").first { $0.contains("gestures") } }
        #expect(gestures(zstd.stdout) != nil)
        #expect(
            gestures(zstd.stdout)?.replacingOccurrences(of: compressed.path, with: "")
                == gestures(plain.stdout)?.replacingOccurrences(of: trace, with: ""),
            "\(zstd.stdout)\n\(plain.stdout)")
    }

    // MARK: No silent skips

    /// A file in a walked folder whose name is not UTF-8 is never left out: `batch` makes it an
    /// ERROR case (exit 65), `analyze` of the folder an error naming it (66).
    @Test func aNameThatIsNotUTF8InAFolderIsNotSkipped() throws {
        let (folder, trace) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let corpus = folder.appendingPathComponent("corpus")
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: trace, toPath: corpus.path + "/ok.csv")
        // sc\xE8ne.csv: made with the name's bytes.
        var bytes = Array((corpus.path + "/sc").utf8) + [0xE8] + Array("ne.csv".utf8) + [0]
        let fd = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            }
        }
        #expect(fd >= 0)
        close(fd)
        let batch = try TestSupport.run(
            ["batch", "corpus", "--params", "ionic", "--allow-empty"], in: folder)
        #expect(batch.status == 65, "\(batch.stdout)\n\(batch.stderr)")
        #expect(batch.stdout.contains("ERROR"), "\(batch.stdout)")
        #expect(batch.stdout.contains("not UTF-8"), "\(batch.stdout)")
        let analyze = try TestSupport.run(["analyze", "corpus", "--no-report"], in: folder)
        #expect(analyze.status == 66, "\(analyze.stderr)")
        #expect(analyze.stderr.contains("not UTF-8"), "\(analyze.stderr)")
    }

    // MARK: Partials checked as a fresh run builds them

    /// Two shards' partials, decompressed JSON (what `unzstd` gives) to edit.
    static func partials(_ folder: URL, _ trace: String, by: [String] = []) throws -> [URL] {
        var out: [URL] = []
        for k in 1...2 {
            let part = folder.appendingPathComponent("p\(k).json")
            let r = try TestSupport.run(
                ["analyze", trace, "--shard", "\(k)/2", "--partial", part.path] + by, in: folder)
            #expect(r.status == 0, "\(r.stderr)")
            let data = try Data(contentsOf: part)
            try ZstdFrames.decompress(data).write(to: part)
            out.append(part)
        }
        return out
    }

    /// A partial re-encoded with spaces (not this version's compact form) and another schema is
    /// refused naming the schema; one whose gate section holds a negative count, another gate
    /// schema, no folds or a cell off the grid or outside 1…2^40 names the key.
    @Test func mergeChecksEveryPartialAsItIs() throws {
        let (folder, trace) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let parts = try Self.partials(folder, trace)
        func edit(_ url: URL, _ change: (inout [String: Any]) -> Void) throws {
            var object = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            change(&object)
            try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted]).write(
                to: url)
        }
        let merged = try TestSupport.run(
            ["merge", parts[0].path, parts[1].path, "--no-report"], in: folder)
        #expect(merged.status == 0, "\(merged.stderr)")
        let original = try Data(contentsOf: parts[1])
        try edit(parts[1]) { $0["schema"] = "gesturetune-analysis-partial/4" }
        let schema = try TestSupport.run(
            ["merge", parts[0].path, parts[1].path, "--no-report"], in: folder)
        #expect(schema.status == 65, "\(schema.stderr)")
        #expect(schema.stderr.contains("found gesturetune-analysis-partial/4"), "\(schema.stderr)")
        try edit(parts[1]) {
            $0["schema"] = "gesturetune-analysis-partial/5"
            var gate = $0["gate"] as! [String: Any]
            gate["others"] = -5
            $0["gate"] = gate
        }
        let negative = try TestSupport.run(
            ["merge", parts[0].path, parts[1].path, "--no-report"], in: folder)
        #expect(negative.status == 65, "\(negative.stderr)")
        #expect(negative.stderr.contains("gate.others: expected a count"), "\(negative.stderr)")
        // The gate's statistics decode as they are and are checked after: another gate schema,
        // no folds, other folds or another seed than the tuning's, a cell key off the grid (5 folds: keys 0…356,719), a cell count outside
        // 1…2^40, the flat cells of gate schema /2; each edit of the partial as written.
        let keys = "gate.cells: expected keys from 0 to 356719 (5 folds), found"
        let count = "expected a count from 1 to 1099511627776, found"
        let gateEdits: [(String, (inout [String: Any]) -> Void)] = [
            (
                "gate.schema: expected gesturetune-gate-statistics/3, found gesturetune-gate-statistics/2",
                { $0["schema"] = "gesturetune-gate-statistics/2" }
            ),
            ("gate.folds: expected at least 1, found 0", { $0["folds"] = 0 }),
            // Keys within the grid, but of folds or a seed no run of these settings writes.
            (
                "gate.folds: expected 5 (the tuning's folds), found 1000000000",
                {
                    $0["folds"] = 1_000_000_000
                }
            ),
            ("gate.seed: expected 1 (the tuning's seed), found 2", { $0["seed"] = 2 }),
            ("\(keys) -1", { $0["cells"] = ["-1": 1] }),
            ("\(keys) 356720", { $0["cells"] = ["356720": 1, "356719": 1] }),
            ("gate.cells.7: \(count) 0", { $0["cells"] = ["7": 0] }),
            ("gate.cells.7: \(count) -3", { $0["cells"] = ["7": -3, "8": 1] }),
            ("gate.cells.7: \(count) 1099511627777", { $0["cells"] = ["7": (1 << 40) + 1] }),
            ("not a gesturetune-analysis-partial/5 file", { $0["cells"] = [7, 1] }),
        ]
        for (message, change) in gateEdits {
            try original.write(to: parts[1])
            try edit(parts[1]) {
                var gate = $0["gate"] as! [String: Any]
                change(&gate)
                $0["gate"] = gate
            }
            let hostile = try TestSupport.run(
                ["merge", parts[0].path, parts[1].path, "--no-report"], in: folder)
            #expect(hostile.status == 65, "\(message): \(hostile.stderr)")
            #expect(hostile.stderr.contains(message), "\(hostile.stderr)")
        }
        // A decoder's own check is said as it is, at its key path.
        try original.write(to: parts[1])
        try edit(parts[1]) {
            var statistics = $0["statistics"] as! [String: Any]
            var search = statistics["search"] as! [String: Any]
            var families = search["families"] as! [[String: Any]]
            families[0]["folds"] = 1_000_000_000
            search["families"] = families
            statistics["search"] = search
            $0["statistics"] = statistics
        }
        let folds = try TestSupport.run(
            ["merge", parts[0].path, parts[1].path, "--no-report"], in: folder)
        #expect(folds.status == 65, "\(folds.stderr)")
        #expect(
            folds.stderr.contains(
                "expected 1 to 1000 folds at statistics.search.families[0].folds, found 1000000000"),
            "\(folds.stderr)")
    }

    /// `merge` applies the unsharded run's `--max-groups` to the shards' groups together.
    @Test func mergeAppliesMaxGroups() throws {
        let folder = try TestSupport.temporaryDirectory("gesturetune-trust")
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = folder.appendingPathComponent("people.csv").path
        let made = try TestSupport.run(
            ["simulate", "--gestures", "120", "--people", "6", "--out", trace])
        #expect(made.status == 0, "\(made.stderr)")
        let parts = try Self.partials(folder, trace, by: ["--by", "person"])
        let unsharded = try TestSupport.run(
            ["analyze", trace, "--by", "person", "--max-groups", "3", "--no-report"], in: folder)
        #expect(unsharded.status == 65, "\(unsharded.stderr)")
        let merged = try TestSupport.run(
            ["merge", parts[0].path, parts[1].path, "--max-groups", "3", "--no-report"],
            in: folder)
        #expect(merged.status == 65, "\(merged.stderr)")
        #expect(merged.stderr.contains("more than --max-groups 3"), "\(merged.stderr)")
        let allowed = try TestSupport.run(
            ["merge", parts[0].path, parts[1].path, "--max-groups", "6", "--no-report"],
            in: folder)
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    // MARK: A killed run's leftovers

    /// The hidden folders a killed run of this host left beside the report (its process gone)
    /// are removed by the next run into that folder; those of a live process are kept.
    @Test func aKilledRunsStagingFoldersAreRemovedByTheNext() throws {
        let (folder, trace) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // A process that has exited: its id names no process now.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let host = TemporaryOutputs.owner.prefix { $0 != "." }
        let dead = ".s.staging-\(host).\(gone.processIdentifier)-AbC123"
        let deadOld = ".s.old-\(host).\(gone.processIdentifier)-XyZ789"
        let live = ".s.staging-\(host).1-LiVe00"  // pid 1 is alive
        let elsewhere = ".s.staging-otherhost.\(gone.processIdentifier)-OtH000"
        for name in [dead, deadOld, live, elsewhere] {
            try FileManager.default.createDirectory(
                at: out.appendingPathComponent(name + "/s"), withIntermediateDirectories: true)
        }
        let r = try TestSupport.run(["analyze", trace, "--out", "out", "--name", "s"], in: folder)
        #expect(r.status == 0, "\(r.stderr)")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: out.path))
        #expect(left == ["s", live, elsewhere], "\(left)")
    }
}

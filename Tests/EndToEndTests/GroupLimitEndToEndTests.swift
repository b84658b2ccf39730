import Foundation
import TestSupport
import Testing

/// `--by` on a column of many values stops at `--max-groups` with one line (65); a small
/// input runs in a small address space whatever `--jobs` says.
@Suite(.enabled(if: EndToEnd.binaryBuilt, EndToEnd.notBuilt))
struct GroupLimitEndToEndTests {
    /// `count` one-gesture groups in a `person` column.
    static func groups(_ count: Int) -> String {
        let rows = Traces.csv((0..<count).map { i in Traces.clear[i % Traces.clear.count] })
            .split(separator: "\n", omittingEmptySubsequences: false)
        var lines = [rows[0] + ",person"]
        for row in rows.dropFirst() where !row.isEmpty {
            let id = row.prefix { $0 != "," }
            lines.append(row + ",p\(id.dropFirst())")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func tooManyGroupsIsOneLineAndDataError() throws {
        let dir = try Traces.corpus(["many.csv": Self.groups(600)])
        let run = try EndToEnd.run(
            ["analyze", "many.csv", "--by", "person", "--no-report"], in: dir)
        #expect(run.status == 65)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(run.stderr.contains("--by person"))
        #expect(run.stderr.contains("at least 501 groups, more than --max-groups 500"))
    }

    @Test func groupsUnderTheCapWork() throws {
        let dir = try Traces.corpus(["some.csv": Self.groups(300)])
        let run = try EndToEnd.run(
            ["analyze", "some.csv", "--by", "person", "--no-report"], in: dir)
        #expect(run.status == 0)
        #expect(run.stdout.contains("groups (--by person)"))
        let capped = try EndToEnd.run(
            ["analyze", "some.csv", "--by", "person", "--no-report", "--max-groups", "299"],
            in: dir)
        #expect(capped.status == 65)
    }

    /// Not run against a sanitized binary: AddressSanitizer and ThreadSanitizer reserve
    /// terabytes of shadow memory, which no `ulimit -v` admits.
    @Test(
        .enabled(
            if: !(ProcessInfo.processInfo.environment["GESTURETUNE_BIN"] ?? "").contains("san/"),
            "a sanitized binary reserves shadow memory beyond any ulimit -v"))
    func smallInputInSmallAddressSpace() throws {
        let twenty = Traces.csv((0..<20).map { Traces.clear[$0 % 6] })
        let dir = try Traces.corpus(["twenty.csv": twenty])
        let normal = try EndToEnd.run(
            ["analyze", "twenty.csv", "--no-report", "--jobs", "64"], in: dir)
        #expect(normal.status == 0)
        guard let bin = TestSupport.binaryPath else { return }
        for _ in 0..<3 {
            let limited = try TestSupport.runProcess(
                [
                    "/bin/sh", "-c",
                    "ulimit -v 250000 && exec \"$0\" analyze twenty.csv --no-report --jobs 64", bin,
                ],
                in: dir, environment: ["NO_COLOR": "1", "SWIFT_BACKTRACE": "enable=no"])
            #expect(limited.status == 0, "\(limited.stderr)")
            #expect(limited.stdout == normal.stdout)
        }
    }
}

import Foundation
import TestSupport
import Testing

@testable import GestureReport

@Suite struct NotebookRendererTests {
    @Test func structureCellIDsAndPrefilledOutputs() throws {
        let model = Fixture.model(count: 120, hostile: true)
        let text = NotebookRenderer(model: model).notebook()
        let nb = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(nb["nbformat"] as? Int == 4)
        #expect(nb["nbformat_minor"] as? Int == 5)
        let kernelspec = (nb["metadata"] as? [String: Any])?["kernelspec"] as? [String: String]
        #expect(kernelspec?["name"] == "python3")
        let cells = try #require(nb["cells"] as? [[String: Any]])
        let code = cells.filter { $0["cell_type"] as? String == "code" }
        #expect(
            code.map { $0["execution_count"] as? Int } == Array(1...code.count).map { Optional($0) }
        )
        #expect(code.allSatisfy { !(($0["outputs"] as? [Any]) ?? []).isEmpty })
        let ids = cells.compactMap { $0["id"] as? String }
        #expect(Set(ids).count == cells.count)
        // One SVG figure output per figure.
        let svgs = code.flatMap { ($0["outputs"] as? [[String: Any]]) ?? [] }.filter {
            (($0["data"] as? [String: Any])?["image/svg+xml"]) != nil
        }
        #expect(svgs.count == 5)
        // A markdown cell per section, in order.
        let markdown = cells.filter { $0["cell_type"] as? String == "markdown" }.map {
            (($0["source"] as? [String]) ?? []).joined()
        }
        var k = 0
        for m in markdown where k < ReportContent.sections.count && m.hasPrefix("## \(k + 1). ") {
            k += 1
        }
        #expect(k == ReportContent.sections.count)
    }

    /// Python lines that take the lock every notebook-executing test holds while its kernel runs.
    static let kernelLock =
        "import fcntl; lock = open('/tmp/gesturetune-notebook-kernels.lock', 'w'); fcntl.flock(lock, fcntl.LOCK_EX)"

    static let checkScript = """
        import sys, nbformat, nbclient
        import fcntl
        lock = open("/tmp/gesturetune-notebook-kernels.lock", "w")
        fcntl.flock(lock, fcntl.LOCK_EX)  # one kernel at a time: parallel launches race for TCP ports and hang
        nb = nbformat.read(sys.argv[1], as_version=4)
        nbformat.validate(nb)
        client = nbclient.NotebookClient(nb, timeout=240, kernel_name="python3", resources={"metadata": {"path": sys.argv[2]}})
        client.execute()
        errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
        figures = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if "image/png" in o.get("data", {}) or "image/svg+xml" in o.get("data", {})]
        print("cells", len(nb.cells), "figures", len(figures), "errors", len(errors))
        sys.exit(1 if errors else 0)
        """

    @Test(
        .enabled(
            if: Python.has(["nbformat", "nbclient", "ipykernel", "pandas", "matplotlib"]),
            "python3 with nbformat, nbclient, ipykernel, pandas, matplotlib is absent (make pydeps): skipped"
        ))
    func validatesAndExecutesTopToBottom() throws {
        for labelled in [true, false] {
            let dir = try Fixture.directory("notebook")
            let out = try ReportWriter.write(
                Fixture.model(count: 150, labelled: labelled, hostile: true), to: dir.path,
                name: "swipe")
            let r = try Python.script(
                Self.checkScript, arguments: [out.folder + "/report.ipynb", out.folder])
            #expect(r.status == 0, "\(r.stdout)\n\(r.stderr.suffix(3000))")
            // Executed: each figure cell drew (matplotlib's inline backend emits image/png).
            #expect(r.stdout.contains("figures 5"), "\(r.stdout)")
        }
    }

    /// With gestures labelled other (traces/accidental.csv) the gate section has its own cell,
    /// which redraws the trade-off from report.json's `figures.gateTradeoff`: the notebook runs
    /// top to bottom and draws six figures.
    @Test(
        .enabled(
            if: Python.has(["nbformat", "nbclient", "ipykernel", "pandas", "matplotlib"])
                && TestSupport.binaryPath != nil,
            "python3 with nbformat, nbclient, ipykernel, pandas, matplotlib (make pydeps) or the built gesturetune is absent: skipped"
        ))
    func theGateCellRedrawsTheTradeoff() throws {
        let dir = try Fixture.directory("notebook-gate")
        let traces = TestSupport.packageRoot.appendingPathComponent("traces/accidental.csv").path
        let a = try TestSupport.run([
            "analyze", traces, "--out", dir.path, "--name", "gate", "--resamples", "0",
        ])
        try #require(a.status == 0, "\(a.stderr)")
        let folder = dir.appendingPathComponent("gate").path
        let notebook = try String(contentsOfFile: folder + "/report.ipynb", encoding: .utf8)
        #expect(notebook.contains("gateTradeoff") && notebook.contains("Start-of-gesture gate"))
        let r = try Python.script(
            Self.checkScript, arguments: [folder + "/report.ipynb", folder])
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr.suffix(3000))")
        #expect(r.stdout.contains("figures 6"), "\(r.stdout)")
    }

    /// `jupyter nbconvert --execute` on a real run's notebook, for two rule families: the raw
    /// traces load, the what-if cell's Python decisions print what Swift's `Rule.completes`
    /// prefilled, and the labels cell reads a labels file beside the notebook.
    @Test(
        .enabled(
            if: Python.has(["nbconvert", "nbformat", "ipykernel", "pandas", "matplotlib"])
                && TestSupport.binaryPath != nil,
            "python3 with nbconvert, ipykernel, pandas, matplotlib (make pydeps) or the built gesturetune is absent: skipped"
        ),
        arguments: [[], ["--rule", "kinematic"]])
    func nbconvertExecutesTheExploreCells(_ options: [String]) throws {
        let dir = try TestSupport.temporaryDirectory("notebook-nbconvert")
        // Inside a folder beside a copy of the trace, so `../../traces/swipe.csv` resolves from the notebook.
        let traces = dir.appendingPathComponent("traces")
        try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestSupport.packageRoot.appendingPathComponent("traces/swipe.csv"),
            to: traces.appendingPathComponent("swipe.csv"))
        let a = try TestSupport.run(
            ["analyze", "traces/swipe.csv", "--out", "out", "--resamples", "0"] + options, in: dir)
        try #require(a.status == 0, "\(a.stderr)")
        let folder = dir.appendingPathComponent("out/swipe")
        // A labels file beside the notebook: g1 cancel → complete, g2 complete as it was, g3 cancel → other.
        try
            "file,line,gesture,intent\ntraces/swipe.csv,2,g1,complete\nswipe.csv,46,g2,complete\ntraces/swipe.csv,,g3,other\n"
            .write(
                to: folder.appendingPathComponent("labels.csv"), atomically: true, encoding: .utf8)
        let executed = folder.appendingPathComponent("executed.ipynb").path
        // nbconvert under the lock the other notebook tests take, with a cell timeout: a kernel
        // that never answers fails the test instead of hanging the run.
        let nbconvert = """
            import sys, runpy
            \(Self.kernelLock)
            sys.argv = ["nbconvert"] + sys.argv[1:]
            runpy.run_module("nbconvert", run_name="__main__", alter_sys=True)
            """
        let r = try TestSupport.runProcess(
            [
                Python.executable!, "-c", nbconvert, "--to", "notebook", "--execute",
                "--ExecutePreprocessor.timeout=240",
                "--output", executed, folder.appendingPathComponent("report.ipynb").path,
            ],
            in: folder)
        try #require(r.status == 0, "\(r.stderr.suffix(3000))")
        func streams(_ path: String, last: Int = 2) throws -> [String] {
            let nb = try #require(
                JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
                    as? [String: Any])
            let cells = (nb["cells"] as? [[String: Any]]) ?? []
            return cells.filter { $0["cell_type"] as? String == "code" }.suffix(last).map { cell in
                ((cell["outputs"] as? [[String: Any]]) ?? []).compactMap { o in
                    (o["text"] as? [String])?.joined() ?? o["text"] as? String
                }.joined()
            }
        }
        let before = try streams(folder.appendingPathComponent("report.ipynb").path)
        let after = try streams(executed)
        #expect(after[0] == "16116 samples from 1 of 1 files\n", "\(after)")
        #expect(after[1].hasPrefix(before[1]), "Python: \(after[1]) Swift: \(before[1])")
        #expect(before[1].contains(" of 300 labelled gestures misdecided ("))
        // The labels cell (before the traces and the what-if): the file's three rows, two changes.
        let labels = try streams(executed, last: 3)[0]
        #expect(labels.hasPrefix("labels.csv: 3 labels, 2 change the report's\n"), "\(labels)")
    }
}

import GestureCodegen

extension HTMLRenderer {
    /// Styles of the interactive parts and the phone layout. Up to 600 px each figure shows its
    /// narrow layout (350 user units, text at 9 px or more down to 320 px; above 600 px the wide
    /// one scales by 0.9 at least): no figure scrolls or is cut. Wide tables scroll inside their
    /// own box, never the page. The drill-down is a panel over the page: at the right beside
    /// the figures on a desktop, a bottom sheet on a phone; its close button and Escape go back.
    static let interactiveStylesheet = """
        .whatif { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 12px 24px; }
        .whatif fieldset { border: 1px solid var(--rule); padding: 8px 12px; min-width: 0; }
        .whatif label { display: grid; grid-template-columns: 64px 1fr 84px; gap: 8px; align-items: center; margin: 4px 0; }
        .whatif input[type=number], .whatif input[type=text] { width: 84px; font: inherit; }
        .whatif input[type=range] { width: 100%; min-width: 0; }
        .whatif output { font-weight: 600; }
        .whatif table { width: auto; }
        .fig-narrow { display: none; }
        figure svg { display: block; }
        [data-gesture] { cursor: pointer; }
        #fig-release-scatter .selected { stroke: #000; stroke-width: 2.5px; paint-order: stroke; }
        tr[data-gesture]:hover td { background: #e8f0fb; }
        .table-tools { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; margin: 8px 0; font-size: 13px; }
        .table-tools input, .table-tools select, .table-tools button { font: inherit; }
        th.sortable { cursor: pointer; user-select: none; }
        th[aria-sort=ascending]::after { content: " ▲"; }
        th[aria-sort=descending]::after { content: " ▼"; }
        #timeline { position: fixed; z-index: 20; top: 0; right: 0; bottom: 0; width: max(420px, min(560px, calc(100vw - 800px))); overflow-y: auto; overscroll-behavior: contain; margin: 0; padding: 8px 16px 24px; background: #fff; border-left: 3px solid var(--accent); box-shadow: -6px 0 18px rgba(0, 0, 0, 0.18); }
        #timeline[hidden] { display: none; }
        #timeline h3 { margin-top: 4px; margin-right: 96px; }
        #timeline-close { position: sticky; top: 0; float: right; font: inherit; padding: 6px 14px; margin-top: 4px; }
        #timeline .timeline-svg svg { display: block; max-width: 100%; height: auto; }
        p, li, figcaption, .warning, .headline, h3 { overflow-wrap: anywhere; }
        td.num, #gesture-table td:first-child { white-space: nowrap; }
        p code, h3 code, li code { overflow-wrap: anywhere; word-break: break-all; }
        @media (max-width: 600px) {
          .fig-wide { display: none; }
          .fig-narrow { display: block; }
          #timeline { top: auto; left: 0; width: 100%; max-height: 62vh; border-left: none; border-top: 3px solid var(--accent); border-radius: 12px 12px 0 0; box-shadow: 0 -6px 18px rgba(0, 0, 0, 0.25); padding: 6px 12px 20px; }
        }
        @media (max-width: 700px) {
          body { font-size: 14px; }
          main { padding: 12px 12px 48px; }
          nav ol { columns: 1; }
          table.facts th { width: auto; }
          .table-wrap > table td { min-width: 4.5em; }
          .table-wrap > table td:last-child { min-width: 12em; }
          .whatif label { grid-template-columns: 48px 1fr 72px; }
          .whatif input[type=number], .whatif input[type=text] { width: 72px; }
        }
        @media print { .table-tools, #timeline, .whatif input, .fig-narrow { display: none !important; } .fig-wide { display: block !important; } tr[data-gesture] { display: table-row !important; } }
        """

    /// The page's script: what-if (the runtime's `ruleCompletes` on each gesture's release
    /// state, counted as `Evaluation` counts: labelled, not interrupted), drill-down,
    /// table sorting, filtering and paging. No framework, no network. (It never spells the
    /// not-a-number token: the page shows none, and the hostile-input tests look for it.)
    /// The JavaScript runtime (`WebRuntime.script()`) first: the what-if decides with it.
    static let script: String = {
        do {
            return try WebRuntime.script() + "\n" + ReportTemplates.files.embedded("report/page.js")
        } catch {
            // The build embeds runtimes/web/src: a missing file is a bug of the build.
            preconditionFailure("\(error)")
        }
    }()
}

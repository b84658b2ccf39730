import GestureCodegen

extension HTMLRenderer {
    /// Styles of the interactive parts and the phone layout. Up to 600 px each figure shows its
    /// narrow layout (350 user units, text at 9 px or more down to 320 px; above 600 px the wide
    /// one scales by 0.9 at least): no figure scrolls or is cut. Wide tables scroll inside their
    /// own box, never the page. The drill-down is a panel over the page: on a desktop in the
    /// column beside the 640 px figures (the what-if box and captions keep to 640 px), a bottom
    /// sheet on a phone; its close button and Escape go back. Up to 700 px every control is at
    /// least 44 px tall (Apple's touch target), and the gesture table keeps its id column
    /// sticky and drops the columns a decision does not rest on (file, samples, duration, v).
    static let interactiveStylesheet = """
        .whatif, .whatif-take, #figures > p { max-width: 640px; }
        .whatif-take h4 { margin: 16px 0 4px; font-size: 15px; }
        .take-tools { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; }
        .take-tools select, .take-tools button { font: inherit; }
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
        #gesture-table th:first-child, #gesture-table td:first-child { position: sticky; left: 0; z-index: 1; background-color: #fff; box-shadow: inset -2px 0 0 var(--rule); }
        #gesture-table th:first-child { background-color: var(--bg-soft); }
        #gesture-table tr.miss td:first-child { background-color: #fdece6; }
        #gesture-table tr.miss-current td:first-child { background-color: #fff8e6; }
        .relabel-bar { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
        .relabel-bar button, select.relabel { font: inherit; }
        .relabel-bar button[aria-pressed=true] { background: var(--accent); color: #fff; border-color: var(--accent); }
        tr.relabelled td:last-child { background: #e6f2fa; }
        .replay-tools { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 6px 0; }
        .replay-tools button, .replay-tools select { font: inherit; }
        .replay svg { display: block; }
        #replay-state { display: block; font-size: 13px; color: var(--muted); min-height: 1.5em; }
        .copy-row { display: flex; justify-content: flex-end; gap: 8px; align-items: center; margin: 4px 0 -4px; font-size: 13px; }
        .copy-row button { font: inherit; }
        details > pre { margin-top: 4px; }
        @media (min-width: 1100px) {
          #timeline { left: max(calc(50vw - 550px + 28px + 640px + 24px), calc(100vw - 560px)); width: auto; }
        }
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
          button, select, input[type=text], summary, th.sortable { min-height: 44px; }
          .whatif input[type=range] { height: 44px; margin: 0; }
          nav ol a, #snippets li > a { display: inline-flex; align-items: center; min-height: 44px; }
          summary { display: flex; align-items: center; }
          #gesture-table .minor { display: none; }
          #gesture-table td { min-width: 0; }
          #gesture-table td:last-child { min-width: 8em; }
          #gesture-table tr[data-gesture] td { height: 44px; }
          #gesture-table td, #gesture-table th { padding: 4px 5px; }
          #gesture-table { font-size: 12px; }
          #gesture-table th { overflow-wrap: anywhere; }
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

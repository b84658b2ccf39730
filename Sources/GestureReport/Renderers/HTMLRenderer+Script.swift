extension HTMLRenderer {
    /// Styles of the interactive parts and the phone layout (390 px: figures and tables scroll
    /// inside their own box at a width that keeps figure text at 9 px or more).
    static let interactiveStylesheet = """
        .whatif { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 12px 24px; }
        .whatif fieldset { border: 1px solid var(--rule); padding: 8px 12px; min-width: 0; }
        .whatif label { display: grid; grid-template-columns: 64px 1fr 84px; gap: 8px; align-items: center; margin: 4px 0; }
        .whatif input[type=number], .whatif input[type=text] { width: 84px; font: inherit; }
        .whatif input[type=range] { width: 100%; min-width: 0; }
        .whatif output { font-weight: 600; }
        .whatif table { width: auto; }
        .fig-wrap { overflow-x: auto; }
        [data-gesture] { cursor: pointer; }
        tr[data-gesture]:hover td { background: #e8f0fb; }
        .table-tools { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; margin: 8px 0; font-size: 13px; }
        .table-tools input, .table-tools select, .table-tools button { font: inherit; }
        th.sortable { cursor: pointer; user-select: none; }
        th[aria-sort=ascending]::after { content: " ▲"; }
        th[aria-sort=descending]::after { content: " ▼"; }
        #timeline { border: 2px solid var(--accent); padding: 8px 12px; margin: 12px 0; background: #fff; }
        #timeline[hidden] { display: none; }
        #timeline h3 { margin-top: 4px; }
        p, li, figcaption, .warning, .headline, h3 { overflow-wrap: anywhere; }
        td.num, #gesture-table td:first-child { white-space: nowrap; }
        p code, h3 code, li code { overflow-wrap: anywhere; word-break: break-all; }
        @media (max-width: 700px) {
          body { font-size: 14px; }
          main { padding: 12px 12px 48px; }
          nav ol { columns: 1; }
          table.facts th { width: auto; }
          .fig-wrap svg { min-width: 540px; max-width: none; }
          .table-wrap > table td { min-width: 4.5em; }
          .table-wrap > table td:last-child { min-width: 12em; }
          .whatif label { grid-template-columns: 48px 1fr 72px; }
          .whatif input[type=number], .whatif input[type=text] { width: 72px; }
        }
        @media print { .table-tools, #timeline, .whatif input { display: none; } tr[data-gesture] { display: table-row !important; } }
        """

    /// The page's script: what-if (the decision formulas of `Rule.completes` on each gesture's
    /// release state, counted as `Evaluation` counts: labelled, not interrupted), drill-down,
    /// table sorting, filtering and paging. No framework, no network. (It never spells the
    /// not-a-number token: the page shows none, and the hostile-input tests look for it.)
    static let script = SourceTemplates.embedded("report/page.js")
}

import GestureCodegen

/// The report's own templates (`Sources/GestureReport/Templates/`: the page's script, the
/// notebook's cells, the playground page), filled the one way every template is
/// (`TemplateFiles`).
enum ReportTemplates {
    static let files = TemplateFiles(EmbeddedTemplates.files)
}

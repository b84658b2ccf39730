import Testing

@Suite struct GestureReportTestsPlaceholder {
    @Test func builds() { #expect(Bool(true)) }
}

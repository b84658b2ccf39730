import Testing

@Suite struct GestureTraceTestsPlaceholder {
    @Test func builds() { #expect(Bool(true)) }
}

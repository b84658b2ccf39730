import Testing

@Suite struct EndToEndTestsPlaceholder {
    @Test func builds() { #expect(Bool(true)) }
}

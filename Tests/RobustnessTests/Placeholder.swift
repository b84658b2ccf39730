import Testing

@Suite struct RobustnessPlaceholder {
    @Test func builds() { #expect(Bool(true)) }
}

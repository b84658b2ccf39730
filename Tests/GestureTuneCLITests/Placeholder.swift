import Testing

@Suite struct GestureTuneCLITestsPlaceholder {
    @Test func builds() { #expect(Bool(true)) }
}

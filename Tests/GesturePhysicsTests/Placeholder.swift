import Testing

@Suite struct GesturePhysicsTestsPlaceholder {
    @Test func builds() { #expect(Bool(true)) }
}

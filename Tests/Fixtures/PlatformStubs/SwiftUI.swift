// A stub of the SwiftUI surface the recorder and snippet templates use, so that `swiftc
// -typecheck` can check them on Linux. Declarations only: each signature is copied from Apple's
// SwiftUI documentation (developer.apple.com/documentation/swiftui), in its Swift form, with
// SwiftUI's private generic wrapper types (`ModifiedContent`, `_ChangedGesture`, ...) reduced to
// what type-checking needs; bodies are placeholders.
@_exported import Foundation

@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError("stub") }
}

@resultBuilder public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
}

public struct EmptyView: View {
    nonisolated public init() {}
    public var body: Never { fatalError("stub") }
}

/// What a stubbed modifier returns.
public struct _StubView: View {
    public var body: Never { fatalError("stub") }
}

@MainActor @preconcurrency public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Self.Content) -> Self.Body
}

public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public var body: Never { fatalError("stub") }
}

public struct ModifiedContent<Content, Modifier>: View {
    public var body: Never { fatalError("stub") }
}

@propertyWrapper public struct State<Value>: DynamicProperty {
    public init(wrappedValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError("stub") }
        nonmutating set {}
    }
}

public protocol DynamicProperty {}

public enum CoordinateSpace: Sendable {
    case global, local
}

public struct GeometryProxy {
    public var size: CGSize { .zero }
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect { .zero }
}

public protocol Gesture {
    associatedtype Value
}

public struct GestureMask: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let all = GestureMask(rawValue: 3)
}

public struct DragGesture: Gesture {
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var location: CGPoint
        public var startLocation: CGPoint
        public var translation: CGSize { .zero }
        @available(iOS 17.0, macOS 14.0, *)
        public var velocity: CGSize { .zero }
        public var predictedEndLocation: CGPoint { .zero }
        public var predictedEndTranslation: CGSize { .zero }
    }

    public var minimumDistance: CGFloat
    public var coordinateSpace: CoordinateSpace
    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = minimumDistance
        self.coordinateSpace = coordinateSpace
    }
}

public struct _ChangedGesture<Content: Gesture>: Gesture {
    public typealias Value = Content.Value
}

public struct _EndedGesture<Content: Gesture>: Gesture {
    public typealias Value = Content.Value
}

extension Gesture where Value: Equatable {
    public func onChanged(_ action: @escaping (Self.Value) -> Void) -> _ChangedGesture<Self> { _ChangedGesture() }
}

extension Gesture {
    public func onEnded(_ action: @escaping (Self.Value) -> Void) -> _EndedGesture<Self> { _EndedGesture() }
}

extension View {
    public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { ModifiedContent() }
    public func simultaneousGesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> some View { _StubView() }
    public func gesture<T: Gesture>(_ gesture: T, including mask: GestureMask = .all) -> some View { _StubView() }
    @available(iOS 16.0, macOS 13.0, *)
    public func onGeometryChange<T: Equatable>(
        for type: T.Type, of transform: @escaping (GeometryProxy) -> T, action: @escaping (_ newValue: T) -> Void
    ) -> some View { _StubView() }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { _StubView() }
    public func offset(_ offset: CGSize) -> some View { _StubView() }
}

public struct Animation: Sendable, Equatable {
    public static func linear(duration: TimeInterval) -> Animation { Animation() }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0) -> Animation { Animation() }
    public static func interpolatingSpring(
        mass: Double = 1.0, stiffness: Double, damping: Double, initialVelocity: Double = 0.0) -> Animation { Animation() }
}

public func withAnimation<Result>(_ animation: Animation? = .spring(), _ body: () throws -> Result) rethrows -> Result {
    try body()
}

// A stub of the UIKit surface the recorder and snippet templates use, so that `swiftc -typecheck`
// can check them on Linux. Declarations only: each signature is copied from Apple's UIKit
// documentation (developer.apple.com/documentation/uikit), in its Swift form; bodies are
// placeholders. Protocol members that are `optional` in UIKit get a default implementation
// in an extension (Swift on Linux has no @objc optional requirements). Members of
// UIGestureRecognizerSubclass (settable `state`, `touchesBegan(_:with:)`, `reset()`,
// `canPrevent(_:)`) are declared on UIGestureRecognizer directly.
@_exported import Foundation

public struct CGVector: Sendable, Equatable {
    public var dx: CGFloat
    public var dy: CGFloat
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }
}

public typealias CFTimeInterval = Double

/// CoreGraphics, re-exported by UIKit (Foundation on Linux has CGFloat, CGPoint, CGSize, CGRect only).
public struct CGAffineTransform: Sendable, Equatable {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
}

/// QuartzCore, re-exported by UIKit.
public func CACurrentMediaTime() -> CFTimeInterval { 0 }

@MainActor open class UIResponder: NSObject {}

@MainActor open class UIView: UIResponder {
    open var bounds: CGRect = .zero
    open var frame: CGRect = .zero
    open var center: CGPoint = .zero
    open var transform: CGAffineTransform = .identity
    open var alpha: CGFloat = 1
    open var superview: UIView? { nil }
    open var window: UIWindow? { nil }
    open var gestureRecognizers: [UIGestureRecognizer]?
    public override init() {}
    public init(frame: CGRect) {}
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {}
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {}
    open func addSubview(_ view: UIView) {}
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { point }
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {}
    open func layoutIfNeeded() {}
    open class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {}

    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    }
}

@MainActor open class UIWindow: UIView {}

@MainActor open class UITouch: NSObject {
    open var timestamp: TimeInterval { 0 }
    open func location(in view: UIView?) -> CGPoint { .zero }
}

@MainActor open class UIEvent: NSObject {
    open var timestamp: TimeInterval { 0 }
    open func coalescedTouches(for touch: UITouch) -> [UITouch]? { nil }
    open func predictedTouches(for touch: UITouch) -> [UITouch]? { nil }
}

@MainActor public protocol UIGestureRecognizerDelegate: NSObjectProtocol {
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
}

@MainActor open class UIGestureRecognizer: NSObject {
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        public static var recognized: State { .ended }
    }

    public init(target: Any?, action: Selector?) {}
    open var state: UIGestureRecognizer.State = .possible
    weak open var delegate: (any UIGestureRecognizerDelegate)?
    open var isEnabled: Bool = true
    open var view: UIView? { nil }
    open var cancelsTouchesInView: Bool = true
    open var delaysTouchesBegan: Bool = false
    open var delaysTouchesEnded: Bool = true
    open func location(in view: UIView?) -> CGPoint { .zero }
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {}
    // UIGestureRecognizerSubclass
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func reset() {}
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
}

/// `#selector` needs the Objective-C runtime; the stub takes any string.
public struct Selector: Sendable {
    public init(_ name: String) {}
}

@MainActor open class UIPanGestureRecognizer: UIGestureRecognizer {
    open func translation(in view: UIView?) -> CGPoint { .zero }
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {}
    open func velocity(in view: UIView?) -> CGPoint { .zero }
}

@MainActor open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    open var edges: UIRectEdge = []
}

public struct UIRectEdge: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
}

@MainActor public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var isCancelled: Bool { get }
    var transitionDuration: TimeInterval { get }
    var percentComplete: CGFloat { get }
    var completionVelocity: CGFloat { get }
}

@MainActor public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    @discardableResult
    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
    func notifyWhenInteractionChanges(_ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
}

@MainActor open class UIViewController: UIResponder {
    open var view: UIView! = UIView()
    open var navigationController: UINavigationController? { nil }
    open var presentingViewController: UIViewController? { nil }
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { nil }
    weak open var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    open func viewDidLoad() {}
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {}
}

public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext
    case automatic = -2
}

@MainActor open class UINavigationController: UIViewController {
    open var viewControllers: [UIViewController] = []
    open var interactivePopGestureRecognizer: UIGestureRecognizer? { nil }
    weak open var delegate: (any UINavigationControllerDelegate)?
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? { nil }
    public enum Operation: Int, Sendable {
        case none = 0, push, pop
    }
}

@MainActor public protocol UINavigationControllerDelegate: NSObjectProtocol {
    func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)?
    func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)?
}

extension UINavigationControllerDelegate {
    public func navigationController(
        _ navigationController: UINavigationController,
        interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? { nil }
    public func navigationController(
        _ navigationController: UINavigationController,
        animationControllerFor operation: UINavigationController.Operation,
        from fromVC: UIViewController, to toVC: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
}

public enum UIViewAnimatingPosition: Int, Sendable {
    case end = 0, start, current
}

public enum UIViewAnimatingState: Int, Sendable {
    case inactive = 0, active, stopped
}

@MainActor public protocol UIViewControllerContextTransitioning: NSObjectProtocol {
    var containerView: UIView { get }
    var transitionWasCancelled: Bool { get }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    func completeTransition(_ didComplete: Bool)
    func finalFrame(for vc: UIViewController) -> CGRect
}

public struct UITransitionContextViewControllerKey: Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewControllerKey(rawValue: "from")
    public static let to = UITransitionContextViewControllerKey(rawValue: "to")
}

public struct UITransitionContextViewKey: Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewKey(rawValue: "from")
    public static let to = UITransitionContextViewKey(rawValue: "to")
}

@MainActor public protocol UIViewControllerAnimatedTransitioning: NSObjectProtocol {
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
}

@MainActor public protocol UIViewControllerInteractiveTransitioning: NSObjectProtocol {
    func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)
}

@MainActor public protocol UIViewControllerTransitioningDelegate: NSObjectProtocol {
    func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)?
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    func interactionControllerForDismissal(
        using animator: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func interactionControllerForDismissal(
        using animator: any UIViewControllerAnimatedTransitioning
    ) -> (any UIViewControllerInteractiveTransitioning)? { nil }
}

@MainActor open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    open var duration: CGFloat { 0 }
    open var percentComplete: CGFloat { 0 }
    open var completionSpeed: CGFloat = 1
    open var wantsInteractiveStart: Bool = true
    public override init() {}
    open func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {}
    open func update(_ percentComplete: CGFloat) {}
    open func cancel() {}
    open func finish() {}
    open func pauseInteractiveTransition() {}
}

public enum UIViewAnimationCurve: Int, Sendable {
    case easeInOut = 0, easeIn, easeOut, linear
}

public protocol UITimingCurveProvider: NSObjectProtocol, Sendable {}

open class UISpringTimingParameters: NSObject, UITimingCurveProvider, @unchecked Sendable {
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {}
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {}
}

@MainActor open class UIViewPropertyAnimator: NSObject {
    public init(duration: TimeInterval, curve: UIViewAnimationCurve, animations: (() -> Void)? = nil) {}
    public init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {}
    open var fractionComplete: CGFloat = 0
    open var isReversed: Bool = false
    open var isRunning: Bool { false }
    open var state: UIViewAnimatingState { .inactive }
    open var isInterruptible: Bool = true
    open func addAnimations(_ animation: @escaping () -> Void) {}
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {}
    open func startAnimation() {}
    open func pauseAnimation() {}
    open func stopAnimation(_ withoutFinishing: Bool) {}
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {}
    open func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat) {}
}

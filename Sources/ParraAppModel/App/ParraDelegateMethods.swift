/// The lifecycle methods an app's delegate implements that the SDK's base classes do not
/// declare: code written for the SDK implements them without `override`, and UIKit finds them
/// by name. Swift on Linux cannot find a method by name, so the `ParraDelegateMethods` build
/// plugin finds them in the app's sources and makes its delegate classes provide this table;
/// the host calls each method after the modules' hooks for its point, on the main actor.
public struct ParraDelegateMethods {
    /// `applicationWillTerminate(_:)` of an app delegate.
    public var applicationWillTerminate: (@MainActor (UIApplication) -> Void)?
    /// `applicationDidEnterBackground(_:)` of an app delegate.
    public var applicationDidEnterBackground: (@MainActor (UIApplication) -> Void)?
    /// `applicationWillEnterForeground(_:)` of an app delegate.
    public var applicationWillEnterForeground: (@MainActor (UIApplication) -> Void)?
    /// `applicationDidBecomeActive(_:)` of an app delegate: after launch, once its windows
    /// are active, and after each return to the foreground.
    public var applicationDidBecomeActive: (@MainActor (UIApplication) -> Void)?
    /// `applicationWillResignActive(_:)` of an app delegate: as the app goes to the background.
    public var applicationWillResignActive: (@MainActor (UIApplication) -> Void)?
    /// `sceneDidDisconnect(_:)` of a scene delegate.
    public var sceneDidDisconnect: (@MainActor (UIScene) -> Void)?
    /// `sceneDidBecomeActive(_:)` of a scene delegate.
    public var sceneDidBecomeActive: (@MainActor (UIScene) -> Void)?
    /// `sceneWillResignActive(_:)` of a scene delegate.
    public var sceneWillResignActive: (@MainActor (UIScene) -> Void)?
    /// `sceneWillEnterForeground(_:)` of a scene delegate.
    public var sceneWillEnterForeground: (@MainActor (UIScene) -> Void)?
    /// `sceneDidEnterBackground(_:)` of a scene delegate.
    public var sceneDidEnterBackground: (@MainActor (UIScene) -> Void)?

    /// A table with no methods.
    public init() {}
}

/// A delegate class that implements lifecycle methods its base class does not declare; the
/// `ParraDelegateMethods` build plugin writes the conformance.
@MainActor
public protocol ParraDelegateMethodsProviding: AnyObject {
    /// The methods the class implements.
    var parraDelegateMethods: ParraDelegateMethods { get }
}

extension ParraDelegateMethods {
    /// The table the app's type gives for `delegate` (`App.parraDelegateMethods(of:)`, passed
    /// as `appTable`), else the one `delegate` provides, else an empty one.
    @MainActor
    static func of(_ delegate: AnyObject, appTable: ParraDelegateMethods?) -> ParraDelegateMethods {
        appTable ?? (delegate as? ParraDelegateMethodsProviding)?.parraDelegateMethods ?? ParraDelegateMethods()
    }
}

// A stand-in for Apple's UIKit on Linux, so an app delegate written for the Parra SDK that
// starts with `import UIKit` compiles unchanged: it re-exports Parra's app model
// (UIApplication, UIScene, the delegates, UNUserNotificationCenter and the notification types)
// and Foundation, as Apple's UIKit does. There are no views or view controllers; an app that
// imports it loads corelibs Foundation.
@_exported import Foundation
@_exported import ParraAppModel
@_exported import ParraNotificationNames
